import type { Queryable } from '../../../db/database';

export type JackpotVendor = { code: string; apiUrl: string };

/** SQL only: the vendors a jackpot feed can come from. */
export const jackpotRepository = (db: Queryable) => ({
  /** The merchant's connected vendors that can have a feed, in the lobby's vendor order. */
  feedVendors: async (merchantId: number): Promise<JackpotVendor[]> =>
    (
      await db.query<JackpotVendor>(
        `SELECT code, api_url AS "apiUrl" FROM vendor_directory
         WHERE merchant_id = $1 AND status = 'ACTIVE' AND connected AND api_url IS NOT NULL ORDER BY sort, code`,
        [merchantId],
      )
    ).rows,
});

export type JackpotRepository = ReturnType<typeof jackpotRepository>;
