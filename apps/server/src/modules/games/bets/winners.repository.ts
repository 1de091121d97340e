import type { Queryable } from '../../../db/database';

export type BoardWin = {
  merchantId: number;
  memberId: bigint;
  vendorCode: string;
  gameCode: string;
  roundId: string;
  winMinor: bigint;
  currency: string;
  wonAtIso: string;
};

/** SQL only: the winner board's rows fed by settled rounds (game_wins, 0009; round columns 0011). */
export const winnersRepository = (db: Queryable) => ({
  /**
   * One row per round, named by the member's username at the time of the win (masked when shown). A round reported
   * again keeps its row with the larger win. Nothing is written when the catalogue does not list the game (the board
   * shows a game's name and icon). Returns whether the board changed.
   */
  recordWin: async (win: BoardWin): Promise<boolean> => {
    const { rows } = await db.query<{ id: bigint }>(
      `INSERT INTO game_wins (merchant_id, member_id, customer_name, game_id, win_minor, currency, won_at, vendor_code,
         round_id)
       SELECT m.merchant_id, m.id, m.username, g.id, $5, $6, $7::timestamptz, $3, $8
       FROM member_directory m
       JOIN game_directory g ON g.merchant_id = m.merchant_id AND g.vendor_code = $3 AND g.game_code = $4
       WHERE m.merchant_id = $1 AND m.id = $2
       ON CONFLICT (merchant_id, vendor_code, round_id) WHERE round_id IS NOT NULL
       DO UPDATE SET win_minor = EXCLUDED.win_minor, won_at = EXCLUDED.won_at
         WHERE game_wins.win_minor < EXCLUDED.win_minor
       RETURNING id`,
      [
        win.merchantId,
        win.memberId,
        win.vendorCode,
        win.gameCode,
        win.winMinor,
        win.currency,
        win.wonAtIso,
        win.roundId,
      ],
    );
    return rows.length > 0;
  },
});

export type WinnersRepository = ReturnType<typeof winnersRepository>;
