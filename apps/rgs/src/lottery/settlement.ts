import { lotteryMethod, payoutOf, type Rows } from '@platform/game-math';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { toJson } from '../lib/json';
import { BATCH_ITEMS } from '../platform/batch-send';
import type { Payments } from '../platform/payments';
import type { Rounds } from '../rounds/rounds';
import { lotteryOf } from './catalogue';
import { lotteryInForce } from './settings';
import type { IssueKey } from './issues';

/**
 * Settlement and refunds (ADR 0033). An issue's bets are settled in batches, each one transaction under the issue's
 * advisory lock: the bet becomes SETTLED and its round's calls (credit with endRound, or endRound alone) go into the
 * outbox in the same commit, so a bet is paid once whichever process settles it and however often the stage runs.
 * Caps: a bet never pays more than the lottery's per-bet cap, nor a player more than the per-issue cap across their
 * bets of the issue. Refunds (an issue cancelled, a bet or chase cancelled, a chase stopped by a win) first mark the
 * bets REFUNDING, then roll each round back (idempotent on the rollback's transaction id), then write REFUNDED.
 */
const SETTLE_BATCH = 1000;
const REFUND_BATCH = 200;
/** Single calls in flight at once, where the platform takes no batch call. */
const FLUSH_PARALLEL = 24;
/**
 * Calls handed to one flush: two batch calls of BATCH_ITEMS (ADR 0047) sent side by side, each one signed request and
 * one platform transaction.
 */
const SEND_CHUNK = 2 * BATCH_ITEMS;

/** A batch's bets changed under it (one was refunded meanwhile): its transaction is rolled back and it runs again. */
class BatchChanged extends Error {}

type BetRow = {
  round_id: string;
  operator: string;
  player_id: string;
  method: string;
  picks: Rows;
  unit_minor: bigint;
  multiple: number;
  odds: Record<string, number>;
  chase_id: string | null;
  seq: string;
};

export const settlementFactory = (deps: {
  db: Database;
  clock: Clock;
  rounds: Rounds;
  payments: Payments;
  /** Bets per settlement transaction (default SETTLE_BATCH; tests take small batches to cross batch boundaries). */
  settleBatch?: number;
}) => {
  const { db, clock, rounds, payments } = deps;
  const batchSize = deps.settleBatch ?? SETTLE_BATCH;

  const flush = (roundIds: readonly string[]): Promise<void> => payments.flushRounds(roundIds, FLUSH_PARALLEL);

  /**
   * One batch of an issue's open bets after `afterSeq`; null once the issue is no longer DRAWN (settled or cancelled
   * elsewhere). The issue becomes SETTLED only on a pass from the start (`afterSeq` 0) that finds no open bet.
   * Reading on from the last batch's seq keeps each batch's index scan off the entries of bets settled before it
   * (dead in the partial index lottery_bets_open until a vacuum): from the start, a batch of an issue of 200,000 bets
   * walked past every one settled before it. The order is the column's (`lottery_bets.seq`), not the text alias the
   * row carries: ordered by the alias, every batch sorted all the issue's open bets as text (spilling to disk) and
   * read on from a cursor that was not their largest seq.
   * The bets are read without row locks (each lock was one more write per bet): under the issue's advisory lock only
   * settlement writes a drawn issue's bets, and the update counts what it wrote, so a bet refunded meanwhile by a
   * failed chase's clean-up makes the batch run again without it.
   */
  type Batch = { winners: string[]; losers: string[]; lastSeq: string | null };
  const settleBatch = async (key: IssueKey, afterSeq: string): Promise<Batch | null> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await settleBatchOnce(key, afterSeq);
      } catch (error) {
        if (!(error instanceof BatchChanged) || attempt === 5) throw error;
      }
    }
  };
  const settleBatchOnce = async (key: IssueKey, afterSeq: string): Promise<Batch | null> =>
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lottery:${key.lotteryCode}:${key.issueNo}`]);
      const issue = await tx.query<{ state: string; numbers: number[] }>(
        'SELECT state, numbers FROM lottery_issues WHERE lottery_code = $1 AND issue_no = $2',
        [key.lotteryCode, key.issueNo],
      );
      const row = issue.rows[0];
      if (row === undefined || row.state !== 'DRAWN') return null;
      const { rows: bets } = await tx.query<BetRow>(
        `SELECT round_id, operator, player_id, method, picks, unit_minor, multiple, odds, chase_id, seq::text AS seq
         FROM lottery_bets
         WHERE lottery_code = $1 AND issue_no = $2 AND state = 'PLACED' AND seq > $3::bigint
         ORDER BY lottery_bets.seq LIMIT ${batchSize}`,
        [key.lotteryCode, key.issueNo, afterSeq],
      );
      if (bets.length === 0 && afterSeq !== '0') return { winners: [], losers: [], lastSeq: null };
      if (bets.length === 0) {
        await tx.query(
          `UPDATE lottery_issues SET state = 'SETTLED', settled_at = $3
           WHERE lottery_code = $1 AND issue_no = $2 AND state = 'DRAWN'`,
          [key.lotteryCode, key.issueNo, new Date(clock.now())],
        );
        return { winners: [], losers: [], lastSeq: null };
      }
      const lottery = await lotteryInForce(tx, lotteryOf(key.lotteryCode)!); // caps staff set (ADR 0048)
      // What this batch's players won on the issue in earlier batches (the per-issue cap spans batches).
      const players = [...new Map(bets.map((b) => [`${b.operator}|${b.player_id}`, b])).values()];
      const won = await tx.query<{ operator: string; player_id: string; won: bigint }>(
        `SELECT w.operator, w.player_id, w.won_minor AS won FROM lottery_issue_wins w
         JOIN unnest($3::text[], $4::text[]) AS p (operator, player_id)
           ON w.operator = p.operator AND w.player_id = p.player_id
         WHERE w.lottery_code = $1 AND w.issue_no = $2`,
        [key.lotteryCode, key.issueNo, players.map((b) => b.operator), players.map((b) => b.player_id)],
      );
      const wonSoFar = new Map(won.rows.map((r) => [`${r.operator}|${r.player_id}`, BigInt(r.won)]));
      const now = clock.now();
      // Priced in memory, written in a few statements: the bets, then their rounds and calls (rounds.settleMany).
      const settled = bets.map((bet) => {
        const method = lotteryMethod(bet.method);
        const table = { id: 'stored', version: 0, model: 'fixed' as const, odds: { [bet.method]: bet.odds } };
        const stake = { unitMinor: BigInt(bet.unit_minor), multiple: bet.multiple };
        const paid = payoutOf(method, table, method.hits(row.numbers, bet.picks), stake, lottery.maxWinPerBetMinor);
        const player = `${bet.operator}|${bet.player_id}`;
        const room = lottery.maxWinPerIssueMinor - (wonSoFar.get(player) ?? 0n);
        const winMinor = paid.payoutMinor > room ? (room > 0n ? room : 0n) : paid.payoutMinor;
        const cappedFrom = winMinor < paid.payoutMinor ? (paid.cappedFromMinor ?? paid.payoutMinor) : null;
        wonSoFar.set(player, (wonSoFar.get(player) ?? 0n) + winMinor);
        return { bet, hits: paid.hits, winMinor, cappedFrom: cappedFrom ?? paid.cappedFromMinor ?? null };
      });
      const written = await tx.query(
        `UPDATE lottery_bets b SET state = 'SETTLED', hits = t.hits::jsonb, win_minor = t.win,
           capped_from_minor = t.capped, settled_at = $5
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS t (id, hits, win, capped)
         WHERE b.round_id = t.id AND b.state = 'PLACED' RETURNING b.round_id`,
        [
          settled.map((s) => s.bet.round_id),
          settled.map((s) => JSON.stringify(s.hits)),
          settled.map((s) => s.winMinor.toString()),
          settled.map((s) => (s.cappedFrom === null ? null : s.cappedFrom.toString())),
          new Date(now),
        ],
      );
      // A bet refunded between the read and the update (nothing else writes a drawn issue's bets): the batch's caps
      // were counted with it, so the batch is priced again without it.
      if (written.rows.length !== settled.length) throw new BatchChanged();
      const wonNow = new Map<string, { operator: string; player: string; minor: bigint }>();
      for (const { bet, winMinor } of settled) {
        if (winMinor === 0n) continue;
        const key2 = `${bet.operator}|${bet.player_id}`;
        const sum = wonNow.get(key2)?.minor ?? 0n;
        wonNow.set(key2, { operator: bet.operator, player: bet.player_id, minor: sum + winMinor });
      }
      if (wonNow.size > 0) {
        const rows = [...wonNow.values()];
        await tx.query(
          `INSERT INTO lottery_issue_wins (lottery_code, issue_no, operator, player_id, won_minor)
           SELECT $1, $2, t.operator, t.player, t.minor FROM unnest($3::text[], $4::text[], $5::bigint[])
             AS t (operator, player, minor)
           ON CONFLICT (lottery_code, issue_no, operator, player_id)
             DO UPDATE SET won_minor = lottery_issue_wins.won_minor + EXCLUDED.won_minor`,
          [
            key.lotteryCode,
            key.issueNo,
            rows.map((r) => r.operator),
            rows.map((r) => r.player),
            rows.map((r) => r.minor.toString()),
          ],
        );
      }
      await rounds.settleMany(
        tx,
        settled.map(({ bet, hits, winMinor }) => ({
          roundId: bet.round_id,
          outcome: toJson({ issueNo: key.issueNo, numbers: row.numbers, hits, winMinor }),
          winMinor,
          calls:
            winMinor > 0n
              ? [
                  {
                    transactionId: `${bet.round_id}:win`,
                    roundId: bet.round_id,
                    op: 'credit' as const,
                    amountMinor: winMinor,
                    betTransactionId: `${bet.round_id}:bet`,
                    endRound: true,
                  },
                ]
              : [{ transactionId: `${bet.round_id}:end`, roundId: bet.round_id, op: 'endRound' as const }],
        })),
      );
      return {
        winners: settled.filter((x) => x.winMinor > 0n).map((x) => x.bet.round_id),
        losers: settled.filter((x) => x.winMinor === 0n).map((x) => x.bet.round_id),
        lastSeq: bets[bets.length - 1]!.seq,
      };
    });

  /** Chases this issue ends: a win stops the win-stop chases (their later bets to refund); a last issue finishes. */
  const afterIssue = async (key: IssueKey): Promise<void> => {
    await db.transaction(async (tx) => {
      const stopped = await tx.query<{ id: string }>(
        `UPDATE lottery_chases c SET state = 'WON_STOPPED', ended_at = $3
         WHERE c.state = 'ACTIVE' AND c.win_stop AND EXISTS (
           SELECT 1 FROM lottery_bets b WHERE b.chase_id = c.id AND b.lottery_code = $1 AND b.issue_no = $2
             AND b.win_minor > 0)
         RETURNING c.id`,
        [key.lotteryCode, key.issueNo, new Date(clock.now())],
      );
      if (stopped.rows.length > 0) {
        await tx.query(
          `UPDATE lottery_bets b SET state = 'REFUNDING'
           FROM lottery_issues i
           WHERE b.chase_id = ANY($1::text[]) AND b.state = 'PLACED' AND i.lottery_code = b.lottery_code
             AND i.issue_no = b.issue_no AND i.state IN ('SCHEDULED', 'OPEN', 'CLOSED')`,
          [stopped.rows.map((r) => r.id)],
        );
      }
      await tx.query(
        `UPDATE lottery_chases c SET state = 'FINISHED', ended_at = $3
         WHERE c.state = 'ACTIVE'
           AND c.id IN (SELECT chase_id FROM lottery_bets WHERE lottery_code = $1 AND issue_no = $2 AND chase_id IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.chase_id = c.id AND b.state IN ('PLACED', 'REFUNDING'))`,
        [key.lotteryCode, key.issueNo, new Date(clock.now())],
      );
    });
  };

  /**
   * Batch after batch, while one sender sends what is settled: the winners' credits first, the endRounds of the bets
   * that won nothing when no credit waits, so a win reaches the player's balance soon after the draw.
   */
  const settleIssue = async (key: IssueKey): Promise<void> => {
    const credits: string[] = [];
    const ends: string[] = [];
    let settling = true;
    const sender = (async () => {
      for (;;) {
        const take = credits.length > 0 ? credits.splice(0, SEND_CHUNK) : ends.splice(0, SEND_CHUNK);
        if (take.length > 0) await flush(take);
        else if (settling) await new Promise((resolve) => setTimeout(resolve, 5));
        else return;
      }
    })();
    try {
      // On from the last seq settled; once nothing is left after it, one pass from the start closes the issue.
      let after = '0';
      for (;;) {
        const batch = await settleBatch(key, after);
        if (batch === null) return;
        if (batch.lastSeq === null) {
          if (after === '0') break;
          after = '0';
          continue;
        }
        after = batch.lastSeq;
        credits.push(...batch.winners);
        ends.push(...batch.losers);
      }
    } finally {
      settling = false;
      await sender;
    }
    await afterIssue(key);
  };

  /** Rolls back every REFUNDING bet's round and marks it REFUNDED; safe to run again after a stop at any point. */
  const refundDue = async (): Promise<number> => {
    let refunded = 0;
    for (;;) {
      const { rows } = await db.query<{ round_id: string; bet_transaction_id: string }>(
        `SELECT b.round_id, r.bet_transaction_id FROM lottery_bets b JOIN rounds r ON r.id = b.round_id
         WHERE b.state = 'REFUNDING' ORDER BY b.seq LIMIT ${REFUND_BATCH}`,
      );
      if (rows.length === 0) return refunded;
      for (const row of rows) {
        await payments.rollBack(row.bet_transaction_id, row.round_id, 'lottery bet refunded');
        const done = await db.query(
          `UPDATE lottery_bets SET state = 'REFUNDED', settled_at = $2 WHERE round_id = $1 AND state = 'REFUNDING'
           RETURNING round_id`,
          [row.round_id, new Date(clock.now())],
        );
        refunded += done.rows.length;
      }
    }
  };

  /** Back office: an issue not yet drawn is cancelled and every bet on it refunded (once). */
  const cancelIssue = async (key: IssueKey, reason: string): Promise<{ cancelled: boolean; refunded: number }> => {
    const cancelled = await db.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE lottery_issues SET state = 'CANCELLED', cancelled_at = $3, cancel_reason = $4
         WHERE lottery_code = $1 AND issue_no = $2 AND state IN ('SCHEDULED', 'OPEN', 'CLOSED') RETURNING issue_no`,
        [key.lotteryCode, key.issueNo, new Date(clock.now()), reason],
      );
      if (updated.rows.length === 0) return false;
      await tx.query(
        `UPDATE lottery_bets SET state = 'REFUNDING' WHERE lottery_code = $1 AND issue_no = $2 AND state = 'PLACED'`,
        [key.lotteryCode, key.issueNo],
      );
      return true;
    });
    const refunded = await refundDue();
    return { cancelled, refunded };
  };

  return { settleIssue, refundDue, cancelIssue };
};
export type Settlement = ReturnType<typeof settlementFactory>;
