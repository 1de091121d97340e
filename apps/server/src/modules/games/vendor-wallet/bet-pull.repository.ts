import type { Queryable } from '../../../db/database';
import type { PulledRound } from '../seamless';

/**
 * SQL of the bet-record pull (0012_transfer_protocol.sql). The rounds themselves are the seamless module's betting
 * record (game_rounds): read and written through its index.ts.
 */

export type BetCursor = {
  merchantId: number;
  vendorCode: string;
  pulledTo: Date;
  windowFrom: Date | null;
  windowTo: Date | null;
  pageCursor: string | null;
};

/** A pulled round as the seamless module's betting record takes it (seamless index.ts, recordPulledRound). */
export type PulledRoundRow = PulledRound;

export type DeferredRound = { roundId: string; memberId: bigint; betMinor: bigint; winMinor: bigint };

const date = (value: Date | string): Date => new Date(value);
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export const betPullRepository = {
  /**
   * A cursor for every enabled HTTP transfer vendor of a merchant with transfer wallets; a new one starts `startAt`
   * (the protocol's largest window back). Idempotent.
   */
  ensureCursors: async (db: Queryable, startAt: Date, now: Date): Promise<void> => {
    await db.query(
      `INSERT INTO transfer_bet_cursors (merchant_id, vendor_code, pulled_to, next_pull_at)
       SELECT tv.merchant_id, tv.vendor_code, $1, $2
       FROM merchant_transfer_vendors tv JOIN merchant_directory m ON m.id = tv.merchant_id
       WHERE tv.adapter = 'HTTP' AND tv.enabled AND NOT m.wallet_is_single
       ON CONFLICT (merchant_id, vendor_code) DO NOTHING`,
      [startAt, now],
    );
  },

  /**
   * Claims up to `limit` due cursors for this runner until `leaseUntil`. SKIP LOCKED makes concurrent runners claim
   * disjoint sets; the lease (next_pull_at moved past it) keeps the others off while this one pages.
   */
  claim: async (db: Queryable, now: Date, leaseUntil: Date, token: string, limit: number): Promise<BetCursor[]> => {
    const { rows } = await db.query<BetCursor>(
      `UPDATE transfer_bet_cursors c SET next_pull_at = $2, claim_token = $3, updated_at = $1
       FROM (SELECT c2.merchant_id, c2.vendor_code FROM transfer_bet_cursors c2
             JOIN merchant_transfer_vendors tv ON tv.merchant_id = c2.merchant_id AND tv.vendor_code = c2.vendor_code
             JOIN merchant_directory m ON m.id = c2.merchant_id
             WHERE c2.next_pull_at <= $1 AND tv.adapter = 'HTTP' AND tv.enabled AND NOT m.wallet_is_single
             ORDER BY c2.next_pull_at LIMIT $4 FOR UPDATE OF c2 SKIP LOCKED) due
       WHERE c.merchant_id = due.merchant_id AND c.vendor_code = due.vendor_code AND c.next_pull_at <= $1
       RETURNING c.merchant_id AS "merchantId", c.vendor_code AS "vendorCode", c.pulled_to AS "pulledTo",
         c.window_from AS "windowFrom", c.window_to AS "windowTo", c.page_cursor AS "pageCursor"`,
      [now, leaseUntil, token, limit],
    );
    return rows.map((row) => ({
      ...row,
      pulledTo: date(row.pulledTo),
      windowFrom: dateOrNull(row.windowFrom),
      windowTo: dateOrNull(row.windowTo),
    }));
  },

  /**
   * Stores how far the pull got (a window in progress with its next page, or a finished window moved into pulled_to)
   * and extends the lease; false when the claim is no longer this runner's (it must stop).
   */
  progress: async (db: Queryable, cursor: BetCursor, token: string, leaseUntil: Date, now: Date): Promise<boolean> =>
    (
      await db.query(
        `UPDATE transfer_bet_cursors
         SET pulled_to = $4, window_from = $5, window_to = $6, page_cursor = $7, next_pull_at = $8, last_error = NULL,
             updated_at = $9
         WHERE merchant_id = $1 AND vendor_code = $2 AND claim_token = $3
         RETURNING 1`,
        [
          cursor.merchantId,
          cursor.vendorCode,
          token,
          cursor.pulledTo,
          cursor.windowFrom,
          cursor.windowTo,
          cursor.pageCursor,
          leaseUntil,
          now,
        ],
      )
    ).rows.length > 0,

  /** Ends the claim: the vendor is due again at `nextPullAt`. */
  release: async (
    db: Queryable,
    cursor: Pick<BetCursor, 'merchantId' | 'vendorCode'>,
    token: string,
    nextPullAt: Date,
    error: string | null,
  ): Promise<void> => {
    await db.query(
      `UPDATE transfer_bet_cursors SET next_pull_at = $4, claim_token = NULL, last_error = $5
       WHERE merchant_id = $1 AND vendor_code = $2 AND claim_token = $3`,
      [cursor.merchantId, cursor.vendorCode, token, nextPullAt, error?.slice(0, 200) ?? null],
    );
  },

  /** The merchant's members among `memberIds`, with their type (trial members have no transfer wallet). */
  members: async (db: Queryable, merchantId: number, memberIds: bigint[]) =>
    new Map(
      (
        await db.query<{ id: bigint; userType: number }>(
          `SELECT id, user_type AS "userType" FROM member_directory WHERE merchant_id = $1 AND id = ANY($2::bigint[])`,
          [merchantId, memberIds.map(String)],
        )
      ).rows.map((row) => [row.id, row.userType]),
    ),

  defer: async (db: Queryable, round: PulledRoundRow): Promise<void> => {
    await db.query(
      `INSERT INTO transfer_round_deferrals (merchant_id, vendor_code, round_id, member_id, bet_minor, win_minor)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (merchant_id, vendor_code, round_id) DO NOTHING`,
      [round.merchantId, round.vendorCode, round.roundId, round.memberId, round.betMinor, round.winMinor],
    );
  },

  deferred: async (db: Queryable, merchantId: number, vendorCode: string, limit: number): Promise<DeferredRound[]> =>
    (
      await db.query<DeferredRound>(
        `SELECT round_id AS "roundId", member_id AS "memberId", bet_minor AS "betMinor", win_minor AS "winMinor"
         FROM transfer_round_deferrals WHERE merchant_id = $1 AND vendor_code = $2
         ORDER BY created_at, round_id LIMIT $3`,
        [merchantId, vendorCode, limit],
      )
    ).rows,

  undefer: async (db: Queryable, merchantId: number, vendorCode: string, roundId: string): Promise<void> => {
    await db.query(
      'DELETE FROM transfer_round_deferrals WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = $3',
      [merchantId, vendorCode, roundId],
    );
  },

  stillDeferred: async (db: Queryable, merchantId: number, vendorCode: string, roundId: string): Promise<void> => {
    await db.query(
      `UPDATE transfer_round_deferrals SET attempts = attempts + 1
       WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = $3`,
      [merchantId, vendorCode, roundId],
    );
  },
};
