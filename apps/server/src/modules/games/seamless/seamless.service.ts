import { createHash } from 'node:crypto';
import {
  formatMoney,
  MoneyError,
  parseMoney,
  SEAMLESS_HEADERS,
  SEAMLESS_REQUEST_SCHEMAS,
  SEAMLESS_TIME_WINDOW_MS,
  type SeamlessAnswer,
  type SeamlessOp,
} from '@platform/contracts';
import type { z } from 'zod';
import { describeIssues } from '../../../lib/validate';
import { tooManyRequests } from '../../platform/rate-limit';
import { ledgerShardOf, pgHashtext } from '../../money/ledger';
import { seamlessBatchHandler } from './seamless.batch';
import { refusalOf, refuse } from './seamless.refusals';
import type { CallOutcome, GameSessionRow } from './seamless.repository';
import { signatureMatches, timestampOf } from './seamless.signature';
import { HOUSE_SHARDS, type Authenticated, type SeamlessCall, type SeamlessServiceDeps } from './seamless.types';
import { sourceAllowed, type ConnectedVendor } from './vendor-directory';

export { SEAMLESS_STATUS } from './seamless.refusals';
export {
  HOUSE_SHARDS,
  type Authenticated,
  type BonusConverter,
  type SeamlessCall,
  type SeamlessServiceDeps,
  type VendorSecretResolver,
} from './seamless.types';

/** Header formats: anything else is no vendor at all, refused before any work. */
const MERCHANT_CODE = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const VENDOR_CODE = /^[A-Z0-9_]{1,32}$/;

/**
 * A node keeps the session rows in use (bounded, and each a while only): what they say never changes. Whether a session
 * was ended (logout, ADR 0019) is not in the cached row: the call's own statement reads it, so every node agrees.
 */
const SESSION_CACHE_MAX = 10_000;
const SESSION_CACHE_TTL_MS = 10 * 60_000;

const headerOf = (headers: SeamlessCall['headers'], name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

type Body<O extends SeamlessOp> = z.infer<(typeof SEAMLESS_REQUEST_SCHEMAS)[O]>;

/**
 * The seamless wallet (DESIGN.md §6, docs/protocols/seamless-wallet.md): authenticates a vendor's call in the order
 * cheapest first (rate, vendor, source, time, signature, body, session) and applies it as one ledger operation in
 * one statement (seamless_call), then tells listeners after the commit.
 */
export const seamlessServiceFactory = (deps: SeamlessServiceDeps) => {
  const { repository, now } = deps;
  const sessions = new Map<string, { row: GameSessionRow; until: number }>();
  // An account's shard count never changes.
  const shardCounts = new Map<bigint, number>();
  const shardCountOf = async (merchantId: number, accountId: bigint): Promise<number> => {
    const known = shardCounts.get(accountId);
    if (known !== undefined) return known;
    const count = await repository.shardCount(merchantId, accountId);
    shardCounts.set(accountId, count);
    return count;
  };

  const sessionOf = async (merchantId: number, token: string): Promise<GameSessionRow | undefined> => {
    const hash = sha256Hex(token);
    const key = `${merchantId}:${hash}`;
    const cached = sessions.get(key);
    if (cached !== undefined && cached.until > now()) return cached.row;
    const row = await repository.session(merchantId, hash);
    if (row === undefined) return undefined;
    if (sessions.size >= SESSION_CACHE_MAX) sessions.delete(sessions.keys().next().value as string);
    sessions.set(key, { row, until: now() + SESSION_CACHE_TTL_MS });
    return row;
  };

  const authenticate = async (call: Omit<SeamlessCall, 'op'>): Promise<Authenticated> => {
    const merchantCode = headerOf(call.headers, SEAMLESS_HEADERS.merchant) ?? '';
    const vendorCode = headerOf(call.headers, SEAMLESS_HEADERS.vendor) ?? '';
    if (!MERCHANT_CODE.test(merchantCode) || !VENDOR_CODE.test(vendorCode)) throw refuse('VENDOR_UNKNOWN');
    // In memory, per node: it guards the database against a flood, whoever sends it, before anything is read.
    const rate = await deps.limiter.take(0, deps.rateRule, `${merchantCode}:${vendorCode}`);
    if (!rate.allowed) {
      throw tooManyRequests('RATE_LIMITED', 'Too many calls for this vendor; retry later', rate.retryAfterMs);
    }
    const connected = await deps.vendors.get(merchantCode, vendorCode);
    const secret =
      connected === null || connected.vendor.status === 'DISABLED'
        ? undefined
        : deps.vendorSecret(merchantCode, vendorCode);
    if (connected === null || secret === undefined) throw refuse('VENDOR_UNKNOWN');
    if (!sourceAllowed(connected, call.ip)) {
      deps.log.warn({ merchant: merchantCode, vendor: vendorCode, ip: call.ip }, 'seamless call from a refused source');
      throw refuse('SOURCE_NOT_ALLOWED');
    }
    const timestamp = headerOf(call.headers, SEAMLESS_HEADERS.timestamp);
    const timestampMs = timestampOf(timestamp);
    if (timestamp === undefined || timestampMs === null) throw refuse('SIGNATURE_INVALID');
    if (Math.abs(now() - timestampMs) > SEAMLESS_TIME_WINDOW_MS) throw refuse('TIMESTAMP_STALE');
    const signature = headerOf(call.headers, SEAMLESS_HEADERS.signature) ?? '';
    if (!signatureMatches(secret, timestamp, call.rawBody, signature)) {
      deps.log.warn({ merchant: merchantCode, vendor: vendorCode, ip: call.ip }, 'seamless call with a bad signature');
      throw refuse('SIGNATURE_INVALID');
    }
    let body: unknown;
    try {
      body = JSON.parse(call.rawBody.toString('utf8'));
    } catch {
      throw refuse('VALIDATION_FAILED', 'The body is not valid JSON');
    }
    return { connected, body };
  };

  const parseBody = <O extends SeamlessOp>(op: O, body: unknown): Body<O> => {
    const parsed = SEAMLESS_REQUEST_SCHEMAS[op].safeParse(body);
    if (!parsed.success) throw refuse('VALIDATION_FAILED', `Invalid ${op}: ${describeIssues(parsed.error.issues)}`);
    return parsed.data as Body<O>;
  };

  /** The session named by the body, checked against the vendor, player and currency. */
  const sessionFor = async (
    connected: ConnectedVendor,
    body: { sessionToken: string; playerId: string; currency: string },
  ): Promise<GameSessionRow> => {
    const session = await sessionOf(connected.merchant.id, body.sessionToken);
    if (session === undefined || session.vendorCode !== connected.vendor.code) throw refuse('SESSION_INVALID');
    if (session.playerId !== body.playerId) throw refuse('PLAYER_MISMATCH');
    if (session.currency !== body.currency) throw refuse('CURRENCY_MISMATCH');
    return session;
  };

  const amountOf = (text: string, scale: number, allowZero: boolean): bigint => {
    try {
      return parseMoney(text, scale, { allowZero });
    } catch (error) {
      if (error instanceof MoneyError) throw refuse('VALIDATION_FAILED', `Invalid amount: ${error.reason}`);
      throw error;
    }
  };

  const balance = async (connected: ConnectedVendor, body: Body<'balance'>): Promise<SeamlessAnswer> => {
    const session = await sessionFor(connected, body);
    if (session.expiresAt.getTime() <= now()) throw refuse('SESSION_EXPIRED');
    const [ended, found] = await Promise.all([
      repository.sessionEnded(session.merchantId, sha256Hex(body.sessionToken)),
      repository.memberBalance(session.merchantId, session.memberId, session.play ? 'PLAY' : 'CASH', session.currency),
    ]);
    if (ended) throw refuse('SESSION_EXPIRED');
    if (found === undefined) throw refuse('SESSION_INVALID');
    if (found.status !== 'ACTIVE') throw refuse('ACCOUNT_LOCKED');
    return { balance: formatMoney(found.balanceMinor, connected.merchant.currencyScale), currency: session.currency };
  };

  type MoneyBody = Body<'debit'> | Body<'credit'> | Body<'rollback'> | Body<'endRound'>;

  /** The fields that make two calls with one transaction id the same request. */
  const requestHash = (op: SeamlessOp, session: GameSessionRow, body: MoneyBody, amountMinor: bigint | null) =>
    sha256Hex(
      JSON.stringify([
        op,
        session.memberId.toString(),
        session.currency,
        body.roundId,
        amountMinor?.toString() ?? null,
        'gameCode' in body ? body.gameCode : null,
        'betTransactionId' in body ? body.betTransactionId : null,
        'endRound' in body ? (body.endRound ?? false) : null,
      ]),
    );

  const money = async (op: Exclude<SeamlessOp, 'balance'>, connected: ConnectedVendor, body: MoneyBody) => {
    const { merchant, vendor } = connected;
    const session = await sessionFor(connected, body);
    const scale = merchant.currencyScale;
    const amountMinor = 'amount' in body ? amountOf(body.amount, scale, op === 'credit') : null;
    if (op === 'debit' && 'gameCode' in body && body.gameCode !== session.gameCode) {
      throw refuse('VALIDATION_FAILED', 'The game does not match the game session');
    }
    const [account, house] = await Promise.all([
      deps.wallet.memberAccount(merchant, session.memberId, session.play ? 'PLAY' : 'CASH'),
      deps.wallet.systemAccount(merchant, `HOUSE:${vendor.code}`, session.currency, HOUSE_SHARDS),
    ]);
    const source = `seamless:${vendor.code}`;
    // The house shard ledger_post will lock (endRound moves no money: any lane).
    const lane =
      op === 'endRound'
        ? pgHashtext(body.transactionId)
        : ledgerShardOf(source, body.transactionId, await shardCountOf(merchant.id, house));
    let outcome: CallOutcome;
    try {
      outcome = await deps.poster.submit(
        {
          op,
          merchant: merchant.id,
          vendor: vendor.code,
          tx: body.transactionId,
          member: session.memberId.toString(),
          round: body.roundId,
          game: session.gameCode,
          currency: session.currency,
          play: session.play,
          amount: amountMinor?.toString() ?? null,
          bet: 'betTransactionId' in body ? body.betTransactionId : null,
          endRound: 'endRound' in body ? (body.endRound ?? false) : false,
          sessionExpired: session.expiresAt.getTime() <= now(),
          // The statement reads whether this session was ended since (seamless_session_checked).
          session: sha256Hex(body.sessionToken),
          hash: requestHash(op, session, body, amountMinor),
          source,
          account: account.toString(),
          house: house.toString(),
        },
        lane,
      );
    } catch (error) {
      throw refusalOf(error, scale, session.currency) ?? error;
    }
    if (!outcome.duplicate) {
      deps.bus.emit('wallet.changed', { merchantId: merchant.id, memberId: session.memberId });
    }
    if (!outcome.duplicate && outcome.bonusReady != null && deps.bonus !== undefined) {
      // The call is committed: a failed conversion is retried by the bonus wallet's sweep, never fails the call.
      await deps.bonus(merchant.id, BigInt(outcome.bonusReady)).catch((error: unknown) => {
        deps.log.warn({ err: error, merchant: merchant.id }, 'bonus conversion after a seamless call failed');
      });
    }
    if (outcome.settled && outcome.betMinor !== undefined && outcome.winMinor !== undefined) {
      deps.bus.emit('round.settled', {
        merchantId: merchant.id,
        memberId: session.memberId,
        vendorCode: vendor.code,
        gameCode: outcome.game ?? session.gameCode,
        roundId: body.roundId,
        betMinor: BigInt(outcome.betMinor),
        winMinor: BigInt(outcome.winMinor),
        currency: session.currency,
        play: session.play,
      });
    }
    const answer: SeamlessAnswer = {
      balance: formatMoney(BigInt(outcome.balance), scale),
      currency: session.currency,
      transactionId: body.transactionId,
    };
    return outcome.duplicate ? { ...answer, duplicate: true } : answer;
  };

  const handleBatch = seamlessBatchHandler({ deps, authenticate, sessionFor, requestHash });

  return {
    /** The batch call (ADR 0047): many credits and endRounds in one transaction, answered per item. */
    handleBatch,
    /** One protocol call: authenticated, validated, applied. Refusals throw AppError with the protocol's code. */
    handle: async (call: SeamlessCall): Promise<SeamlessAnswer> => {
      const { connected, body } = await authenticate(call);
      switch (call.op) {
        case 'balance':
          return balance(connected, parseBody('balance', body));
        case 'debit':
          return money('debit', connected, parseBody('debit', body));
        case 'credit':
          return money('credit', connected, parseBody('credit', body));
        case 'rollback':
          return money('rollback', connected, parseBody('rollback', body));
        case 'endRound':
          return money('endRound', connected, parseBody('endRound', body));
      }
    },
  };
};

export type SeamlessService = ReturnType<typeof seamlessServiceFactory>;
