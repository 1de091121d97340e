import type { Queryable } from '../../../db/database';

/**
 * A round a transfer-wallet vendor reported in its bet records (docs/protocols/transfer-wallet.md "Bet records"): the
 * vendor kept the balance, so the round arrives settled or cancelled, never open, and always in real money.
 */
export type PulledRound = {
  merchantId: number;
  vendorCode: string;
  roundId: string;
  memberId: bigint;
  gameCode: string;
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  status: 'SETTLED' | 'CANCELLED';
  startedAt: Date;
  settledAt: Date;
};

/**
 * SQL only: the rounds of the transfer wallet's bet-record pull. game_rounds is this module's (one betting record for
 * both protocols); the pull reads and writes it only through these.
 */
export const pulledRoundsRepository = {
  /** Which of `roundIds` the platform already has (those are done: their money was posted before the row). */
  known: async (db: Queryable, merchantId: number, vendorCode: string, roundIds: string[]): Promise<Set<string>> =>
    new Set(
      (
        await db.query<{ roundId: string }>(
          `SELECT round_id AS "roundId" FROM game_rounds
           WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = ANY($3::text[])`,
          [merchantId, vendorCode, roundIds],
        )
      ).rows.map((row) => row.roundId),
    ),

  /** The round as the betting record shows it (a cancelled round has no valid stake); false when it was there. */
  insert: async (db: Queryable, round: PulledRound): Promise<boolean> =>
    (
      await db.query(
        `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, play, bet_minor,
           win_minor, valid_bet_minor, status, started_at, settled_at)
         VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (merchant_id, vendor_code, round_id) DO NOTHING
         RETURNING 1`,
        [
          round.merchantId,
          round.vendorCode,
          round.roundId,
          round.memberId,
          round.gameCode,
          round.currency,
          round.betMinor,
          round.winMinor,
          round.status === 'CANCELLED' ? 0n : round.betMinor,
          round.status,
          round.startedAt,
          round.settledAt,
        ],
      )
    ).rows.length > 0,
};
