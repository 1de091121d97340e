import { createHash } from 'node:crypto';
import {
  formatMoney,
  MoneyError,
  parseMoney,
  SEAMLESS_BATCH_MAX_ITEMS,
  SeamlessBatchItemSchema,
  SeamlessBatchRequestSchema,
  type SeamlessBatchAnswer,
  type SeamlessBatchItem,
  type SeamlessBatchResult,
  type SeamlessOp,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { refusalError } from '../../../lib/sql-errors';
import { describeIssues } from '../../../lib/validate';
import type { CallOutcome, CallRefusal, GameSessionRow, SeamlessCallInput } from './seamless.repository';
import { refusalOf, refuse } from './seamless.refusals';
import { HOUSE_SHARDS, type Authenticated, type SeamlessCall, type SeamlessServiceDeps } from './seamless.types';
import type { ConnectedVendor } from './vendor-directory';

/** What the batch needs of the single calls' service: the same authentication, session and request hash. */
type BatchParts = {
  deps: SeamlessServiceDeps;
  authenticate: (call: Omit<SeamlessCall, 'op'>) => Promise<Authenticated>;
  sessionFor: (
    connected: ConnectedVendor,
    body: { sessionToken: string; playerId: string; currency: string },
  ) => Promise<GameSessionRow>;
  requestHash: (op: SeamlessOp, session: GameSessionRow, body: never, amountMinor: bigint | null) => string;
};

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

const isRefusal = (outcome: CallOutcome | CallRefusal): outcome is CallRefusal => 'refused' in outcome;

const failed = (error: AppError, transactionId: string | undefined): SeamlessBatchResult => {
  const balance = (error.options.value as { balance?: string } | undefined)?.balance;
  return {
    ok: false,
    ...(transactionId === undefined ? {} : { transactionId }),
    code: error.code,
    message: error.message,
    ...(balance === undefined ? {} : { balance }),
  };
};

/**
 * The seamless batch call (ADR 0047, docs/protocols/seamless-wallet.md "Batch"): one signature for up to
 * SEAMLESS_BATCH_MAX_ITEMS credits and endRounds. The envelope is all or nothing (signature, JSON, size); each item is
 * then checked as its single call would be (schema, session, player, currency, amount) and the valid ones are applied
 * in one statement (seamless_batch), each idempotent on its own transaction id; every item gets its own answer.
 */
export const seamlessBatchHandler = (parts: BatchParts) => {
  const { deps, sessionFor } = parts;

  /** An item as seamless_batch takes it, or its refusal. */
  const prepare = async (
    connected: ConnectedVendor,
    item: SeamlessBatchItem,
    house: Map<string, Promise<bigint>>,
  ): Promise<{ input: SeamlessCallInput; session: GameSessionRow } | AppError> => {
    const { merchant, vendor } = connected;
    try {
      const session = await sessionFor(connected, item);
      let amountMinor: bigint | null = null;
      if (item.op === 'credit') {
        try {
          amountMinor = parseMoney(item.amount, merchant.currencyScale, { allowZero: true });
        } catch (error) {
          if (error instanceof MoneyError) return refuse('VALIDATION_FAILED', `Invalid amount: ${error.reason}`);
          throw error;
        }
      }
      const houseOf = (currency: string): Promise<bigint> => {
        const known = house.get(currency);
        if (known !== undefined) return known;
        const found = deps.wallet.systemAccount(merchant, `HOUSE:${vendor.code}`, currency, HOUSE_SHARDS);
        house.set(currency, found);
        return found;
      };
      const [account, houseAccount] = await Promise.all([
        deps.wallet.memberAccount(merchant, session.memberId, session.play ? 'PLAY' : 'CASH'),
        houseOf(session.currency),
      ]);
      const { op, ...body } = item;
      return {
        session,
        input: {
          op,
          merchant: merchant.id,
          vendor: vendor.code,
          tx: item.transactionId,
          member: session.memberId.toString(),
          round: item.roundId,
          game: session.gameCode,
          currency: session.currency,
          play: session.play,
          amount: amountMinor?.toString() ?? null,
          bet: item.op === 'credit' ? item.betTransactionId : null,
          endRound: item.op === 'credit' ? (item.endRound ?? false) : false,
          sessionExpired: session.expiresAt.getTime() <= deps.now(),
          session: sha256Hex(item.sessionToken),
          hash: parts.requestHash(op, session, body as never, amountMinor),
          source: `seamless:${vendor.code}`,
          account: account.toString(),
          house: houseAccount.toString(),
        },
      };
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  };

  /** After the commit: the wallets changed, rounds settled, bonus grants ready to convert (as the single calls). */
  const tell = async (
    connected: ConnectedVendor,
    applied: { session: GameSessionRow; outcome: CallOutcome; roundId: string }[],
  ) => {
    const merchantId = connected.merchant.id;
    const members = new Set<bigint>();
    const grants = new Set<string>();
    for (const { session, outcome, roundId } of applied) {
      if (!outcome.duplicate) members.add(session.memberId);
      if (!outcome.duplicate && outcome.bonusReady != null) grants.add(outcome.bonusReady);
      if (outcome.settled && outcome.betMinor !== undefined && outcome.winMinor !== undefined) {
        deps.bus.emit('round.settled', {
          merchantId,
          memberId: session.memberId,
          vendorCode: connected.vendor.code,
          gameCode: outcome.game ?? session.gameCode,
          roundId,
          betMinor: BigInt(outcome.betMinor),
          winMinor: BigInt(outcome.winMinor),
          currency: session.currency,
          play: session.play,
        });
      }
    }
    for (const memberId of members) deps.bus.emit('wallet.changed', { merchantId, memberId });
    const convert = deps.bonus;
    if (convert === undefined) return;
    for (const grant of grants) {
      // The batch is committed: a failed conversion is retried by the bonus wallet's sweep.
      await convert(merchantId, BigInt(grant)).catch((error: unknown) => {
        deps.log.warn({ err: error, merchant: merchantId }, 'bonus conversion after a seamless batch failed');
      });
    }
  };

  return async (call: Omit<SeamlessCall, 'op'>): Promise<SeamlessBatchAnswer> => {
    const { connected, body } = await parts.authenticate(call);
    const envelope = SeamlessBatchRequestSchema.safeParse(body);
    if (!envelope.success) {
      throw refuse('VALIDATION_FAILED', `Invalid batch: ${describeIssues(envelope.error.issues)}`);
    }
    const raw = envelope.data.items;
    if (raw.length > SEAMLESS_BATCH_MAX_ITEMS) {
      throw refuse('BATCH_TOO_LARGE', `A batch takes at most ${SEAMLESS_BATCH_MAX_ITEMS} items (${raw.length} sent)`);
    }
    const scale = connected.merchant.currencyScale;
    const results: SeamlessBatchResult[] = new Array<SeamlessBatchResult>(raw.length);
    const house = new Map<string, Promise<bigint>>();
    const prepared = await Promise.all(
      raw.map(async (value, index) => {
        const parsed = SeamlessBatchItemSchema.safeParse(value);
        const id = (value as { transactionId?: unknown } | null)?.transactionId;
        if (!parsed.success) {
          const error = refuse('VALIDATION_FAILED', `Invalid item: ${describeIssues(parsed.error.issues)}`);
          results[index] = failed(error, typeof id === 'string' ? id : undefined);
          return undefined;
        }
        const item = await prepare(connected, parsed.data, house);
        if (item instanceof AppError) {
          results[index] = failed(item, parsed.data.transactionId);
          return undefined;
        }
        return { index, item };
      }),
    );
    const ready = prepared.filter((entry) => entry !== undefined);
    if (ready.length > 0) {
      const outcomes = await deps.repository.callMany(ready.map((entry) => entry.item.input));
      const applied: { session: GameSessionRow; outcome: CallOutcome; roundId: string }[] = [];
      ready.forEach(({ index, item }, at) => {
        const outcome = outcomes[at]!;
        const { session, input } = item;
        if (isRefusal(outcome)) {
          const error = refusalOf(refusalError(outcome.refused, outcome.detail), scale, session.currency);
          results[index] = failed(error ?? refuse('INTERNAL'), input.tx);
          return;
        }
        applied.push({ session, outcome, roundId: input.round });
        results[index] = {
          ok: true,
          transactionId: input.tx,
          balance: formatMoney(BigInt(outcome.balance), scale),
          currency: session.currency,
          ...(outcome.duplicate ? { duplicate: true } : {}),
        };
      });
      await tell(connected, applied);
    }
    return { items: results };
  };
};
