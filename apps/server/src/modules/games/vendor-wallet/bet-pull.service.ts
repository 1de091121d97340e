import { randomBytes } from 'node:crypto';
import { isTrialType, VendorBetsAnswerSchema, type VendorBetRound } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { Merchant } from '../../platform/merchant';
import { knownRounds, recordPulledRound } from '../seamless';
import type { WalletService } from '../../money/wallet';
import { betPullRepository as repo, type BetCursor, type PulledRoundRow } from './bet-pull.repository';
import { vendorAmountMinor, type TransferEndpointResolver } from './http-adapter';
import { memberIdOfPlayer } from './player-id';
import { describeFailure } from './transfer-adapter';
import type { TransferProtocolClient } from './transfer-protocol.client';

/*
 * The bet-record pull (docs/protocols/transfer-wallet.md "Bet records"). A transfer vendor keeps the member's game
 * balance, so the platform learns about play only by asking: every minute, for each HTTP transfer vendor, the rounds
 * it settled in [last pulled - 5 min, now - 10 s), page by page. Each new round becomes a game_rounds row (the betting
 * record) and moves the platform-side vendor balance like play moved the vendor's:
 *   BET  VENDOR:<code> -> HOUSE:<code>  the stake
 *   WIN  HOUSE:<code>  -> VENDOR:<code> the payout
 * posted under source `vendor.rounds`, key `<vendor>:<roundId>`. Why a round is paid once:
 * - the money is posted BEFORE the round row is written, and a round whose row exists is skipped: the row is the
 *   "done" mark. A crash between the two re-posts with the same key (the ledger replays it) and then writes the row;
 * - one key per round, whatever form the post took (below), so a repeat is a replay or an IDEMPOTENCY_CONFLICT, which
 *   both mean "already posted";
 * - the overlapping windows and the page cursor only decide which rounds are looked at again, never what is paid.
 * Rounds settle at the vendor in an order the platform does not see (a loss pulled before the win that preceded it in
 * money terms, a transfer OUT in between), so a round's stake can be larger than the platform-side balance:
 * - bet and win as two legs are refused (the stake leg is applied first): the net (win - bet) is posted as ONE leg in
 *   whichever direction (WIN when positive, BET when negative; nothing when zero), under the same key;
 * - when even the net loss is larger than the balance, the round is written with its money DEFERRED
 *   (transfer_round_deferrals) and retried at the end of every pass of its vendor: the wins that paid for it arrive
 *   in later rounds. The cursor moves on, so one such round never stops the pull.
 */

const SOURCE = 'vendor.rounds';

export type BetPullOptions = {
  /** How often the job runs; a vendor pulled by one pass is due again 3/4 of it later (several nodes, one pull). */
  intervalMs: number;
  /** Each window starts this long before the end of the last one (rounds the vendor records late). */
  overlapMs: number;
  /** Rounds settled in the last `settleDelayMs` are left for the next pass (still being written at the vendor). */
  settleDelayMs: number;
  /** The protocol's largest window; a new cursor starts this far back. */
  maxWindowMs: number;
  pageLimit: number;
  /** Pages per vendor per pass; the rest continues from the stored page cursor on the next pass. */
  maxPagesPerPass: number;
  /** How long a claim lasts without progress (longer than a page's call and posting). */
  leaseMs: number;
  vendorsPerPass: number;
  deferralsPerPass: number;
};

export const DEFAULT_BET_PULL_OPTIONS: BetPullOptions = {
  intervalMs: 60_000,
  overlapMs: 5 * 60_000,
  settleDelayMs: 10_000,
  maxWindowMs: 24 * 60 * 60_000,
  pageLimit: 500,
  maxPagesPerPass: 20,
  leaseMs: 5 * 60_000,
  vendorsPerPass: 50,
  deferralsPerPass: 100,
};

export type BetPullDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  endpoints: TransferEndpointResolver;
  client: TransferProtocolClient;
  bus: Pick<EventBus, 'emit'>;
  now: Clock;
  log: { warn: (data: object, message: string) => void };
  options: BetPullOptions;
};

export type BetPullResult = { vendors: number; rounds: number; skipped: number; deferred: number; failed: number };

/** POSTED: the key holds the round's money; NOTHING: no money to move; DEFERRED: not postable yet. */
type MoneyOutcome = 'POSTED' | 'NOTHING' | 'DEFERRED';

const errorCode = (error: unknown): string | undefined => (error instanceof AppError ? error.code : undefined);

export const betPullServiceFactory = (deps: BetPullDeps) => {
  const { db, wallet, now, options } = deps;

  /** Posts a round's money once (see the top comment for the forms and why a repeat is harmless). */
  const postRound = async (
    merchant: Merchant,
    vendorCode: string,
    round: Pick<PulledRoundRow, 'roundId' | 'memberId' | 'betMinor' | 'winMinor'>,
  ): Promise<MoneyOutcome> => {
    if (round.betMinor === 0n && round.winMinor === 0n) return 'NOTHING';
    const [vendor, house] = await Promise.all([
      wallet.memberAccount(merchant, round.memberId, `VENDOR:${vendorCode}`),
      wallet.systemAccount(merchant, `HOUSE:${vendorCode}`),
    ]);
    const post = (legs: Parameters<typeof wallet.post>[0]['legs']) =>
      wallet.post(
        {
          merchantId: merchant.id,
          source: SOURCE,
          idempotencyKey: `${vendorCode}:${round.roundId}`,
          reference: `${vendorCode} round ${round.roundId}`,
          legs,
        },
        [round.memberId],
      );
    const stake = { debitAccountId: vendor, creditAccountId: house, code: 'BET' } as const;
    const payout = { debitAccountId: house, creditAccountId: vendor, code: 'WIN' } as const;
    try {
      await post([
        ...(round.betMinor > 0n ? [{ ...stake, amountMinor: round.betMinor }] : []),
        ...(round.winMinor > 0n ? [{ ...payout, amountMinor: round.winMinor }] : []),
      ]);
      return 'POSTED';
    } catch (error) {
      if (errorCode(error) === 'IDEMPOTENCY_CONFLICT') return 'POSTED'; // posted before in its net form
      if (errorCode(error) !== 'INSUFFICIENT_FUNDS') throw error;
    }
    const net = round.winMinor - round.betMinor;
    if (net === 0n) return 'NOTHING';
    try {
      await post([net > 0n ? { ...payout, amountMinor: net } : { ...stake, amountMinor: -net }]);
      return 'POSTED';
    } catch (error) {
      if (errorCode(error) === 'IDEMPOTENCY_CONFLICT') return 'POSTED';
      if (errorCode(error) === 'INSUFFICIENT_FUNDS') return 'DEFERRED';
      throw error;
    }
  };

  /** The vendor's round as our row, or why it cannot be one (the round is skipped and logged). */
  const toRow = (
    merchant: Merchant,
    vendorCode: string,
    round: VendorBetRound,
    members: Map<bigint, number>,
  ): PulledRoundRow | string => {
    const memberId = memberIdOfPlayer(round.playerId);
    const type = memberId === null ? undefined : members.get(memberId);
    if (memberId === null || type === undefined) return 'unknown player';
    if (isTrialType(type)) return 'trial member';
    if (round.currency !== merchant.currencyCode) return 'currency mismatch';
    const startedAt = new Date(round.startedAt);
    const settledAt = new Date(round.settledAt);
    if (Number.isNaN(startedAt.getTime()) || Number.isNaN(settledAt.getTime())) return 'bad timestamp';
    let betMinor: bigint;
    let winMinor: bigint;
    try {
      betMinor = vendorAmountMinor(round.bet, merchant);
      winMinor = vendorAmountMinor(round.win, merchant);
    } catch {
      return 'amount outside the currency scale';
    }
    // A cancelled round returned its stake: nothing moved at the vendor, and so nothing moves here.
    if (round.status === 'CANCELLED' && winMinor !== 0n) return 'cancelled round with a win';
    return {
      ...{ merchantId: merchant.id, vendorCode, roundId: round.roundId, memberId, gameCode: round.gameCode },
      ...{ currency: round.currency, betMinor, winMinor, status: round.status, startedAt, settledAt },
    };
  };

  /** One page of rounds: the new ones are posted, written and announced; the known ones are skipped. */
  const ingest = async (merchant: Merchant, vendorCode: string, rounds: VendorBetRound[], result: BetPullResult) => {
    if (rounds.length === 0) return;
    const known = await knownRounds(
      db,
      merchant.id,
      vendorCode,
      rounds.map((round) => round.roundId),
    );
    const ids = rounds.map((round) => memberIdOfPlayer(round.playerId)).filter((id): id is bigint => id !== null);
    const members = await repo.members(db, merchant.id, [...new Set(ids)]);
    for (const round of rounds) {
      if (known.has(round.roundId)) continue;
      known.add(round.roundId);
      const row = toRow(merchant, vendorCode, round, members);
      if (typeof row === 'string') {
        result.skipped += 1;
        deps.log.warn(
          { merchantId: merchant.id, vendorCode, roundId: round.roundId, playerId: round.playerId, reason: row },
          'bet-record pull: round skipped',
        );
        continue;
      }
      const money = row.status === 'CANCELLED' ? 'NOTHING' : await postRound(merchant, vendorCode, row);
      const inserted = await db.transaction(async (tx) => {
        const fresh = await recordPulledRound(tx, row);
        if (fresh && money === 'DEFERRED') await repo.defer(tx, row);
        return fresh;
      });
      if (!inserted) continue;
      result.rounds += 1;
      if (money === 'DEFERRED') {
        result.deferred += 1;
        deps.log.warn(
          { merchantId: merchant.id, vendorCode, roundId: row.roundId, memberId: row.memberId },
          'bet-record pull: round money deferred (loss larger than the platform-side vendor balance)',
        );
      }
      if (row.status === 'SETTLED') {
        deps.bus.emit('round.settled', {
          ...{ merchantId: merchant.id, memberId: row.memberId, vendorCode, gameCode: row.gameCode },
          ...{ roundId: row.roundId, betMinor: row.betMinor, winMinor: row.winMinor, currency: row.currency },
          play: false,
        });
      }
    }
  };

  /** Posts the deferred rounds that the balance now covers. */
  const retryDeferred = async (merchant: Merchant, vendorCode: string): Promise<void> => {
    for (const round of await repo.deferred(db, merchant.id, vendorCode, options.deferralsPerPass)) {
      if ((await postRound(merchant, vendorCode, round)) === 'DEFERRED') {
        await repo.stillDeferred(db, merchant.id, vendorCode, round.roundId);
      } else {
        await repo.undefer(db, merchant.id, vendorCode, round.roundId);
      }
    }
  };

  /** The next window after `pulledTo`, or null when nothing has settled since (older than the settle delay). */
  const nextWindow = (cursor: BetCursor, horizonMs: number): BetCursor | null => {
    if (cursor.pulledTo.getTime() >= horizonMs) return null;
    const fromMs = cursor.pulledTo.getTime() - options.overlapMs;
    const toMs = Math.min(horizonMs, fromMs + options.maxWindowMs);
    return { ...cursor, windowFrom: new Date(fromMs), windowTo: new Date(toMs), pageCursor: null };
  };

  /** Pages through one claimed vendor; returns whether pages remain for the next pass. Throws on no answer. */
  const pullVendor = async (claimed: BetCursor, token: string, passStartMs: number, result: BetPullResult) => {
    const { merchant, endpoint } = await deps.endpoints(claimed.merchantId, claimed.vendorCode);
    const horizonMs = passStartMs - options.settleDelayMs;
    let cursor: BetCursor | null = claimed.windowFrom === null ? nextWindow(claimed, horizonMs) : claimed;
    try {
      for (let pages = 0; cursor !== null && pages < options.maxPagesPerPass; pages += 1) {
        const { windowFrom, windowTo, pageCursor } = cursor;
        if (windowFrom === null || windowTo === null) break;
        const page = await deps.client.call(
          endpoint,
          'bets',
          {
            from: windowFrom.toISOString(),
            to: windowTo.toISOString(),
            ...(pageCursor === null ? {} : { cursor: pageCursor }),
            limit: options.pageLimit,
          },
          VendorBetsAnswerSchema,
        );
        await ingest(merchant, claimed.vendorCode, page.rounds, result);
        const done: BetCursor =
          page.nextCursor === null
            ? { ...cursor, pulledTo: windowTo, windowFrom: null, windowTo: null, pageCursor: null }
            : { ...cursor, pageCursor: page.nextCursor };
        if (!(await repo.progress(db, done, token, new Date(now() + options.leaseMs), new Date(now())))) {
          return false; // the claim expired and another runner took the vendor: it carries on from our progress
        }
        cursor = done.windowFrom === null ? nextWindow(done, horizonMs) : done;
      }
    } finally {
      // After the pages, whose wins may pay for deferred losses; also when the vendor stopped answering half-way.
      await retryDeferred(merchant, claimed.vendorCode);
    }
    return cursor !== null;
  };

  /**
   * One pass: claims the due HTTP transfer vendors and pulls each. A vendor that does not answer is left where it was
   * (its window and page cursor are kept) and asked again at the next pass; others are not held up by it.
   */
  const pull = async (): Promise<BetPullResult> => {
    const passStartMs = now();
    // A new vendor's first window is the protocol's largest: the last 24 hours.
    const firstPulledTo = new Date(passStartMs - options.maxWindowMs + options.overlapMs);
    await repo.ensureCursors(db, firstPulledTo, new Date(passStartMs));
    const token = randomBytes(12).toString('base64url');
    const claimed = await repo.claim(
      db,
      new Date(passStartMs),
      new Date(passStartMs + options.leaseMs),
      token,
      options.vendorsPerPass,
    );
    const result: BetPullResult = { vendors: claimed.length, rounds: 0, skipped: 0, deferred: 0, failed: 0 };
    const dueAgain = new Date(passStartMs + options.intervalMs - options.intervalMs / 4);
    for (const cursor of claimed) {
      try {
        const more = await pullVendor(cursor, token, passStartMs, result);
        await repo.release(db, cursor, token, more ? new Date(passStartMs) : dueAgain, null);
      } catch (error) {
        result.failed += 1;
        const reason = describeFailure(error);
        deps.log.warn(
          { merchantId: cursor.merchantId, vendorCode: cursor.vendorCode, reason },
          'bet-record pull failed',
        );
        await repo.release(db, cursor, token, dueAgain, reason).catch(() => undefined);
      }
    }
    return result;
  };

  return { pull };
};

export type BetPullService = ReturnType<typeof betPullServiceFactory>;
