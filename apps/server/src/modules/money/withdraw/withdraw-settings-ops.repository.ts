import type { Queryable } from '../../../db/database';

/** The withdrawal rules staff edit (withdraw_settings, 0006; the day offset is the merchant's, not edited here). */
export type StaffRulesRow = {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyCount: number;
  maxAccounts: number;
  autoReceiveMinutes: number;
};

const COLUMNS = `min_amount_minor AS "minAmountMinor", max_amount_minor AS "maxAmountMinor", daily_count AS "dailyCount",
  max_accounts AS "maxAccounts", auto_receive_minutes AS "autoReceiveMinutes"`;

/** SQL only; takes the transaction the service opened. */
export const withdrawSettingsOpsRepository = {
  /** The merchant's rules, locked; a merchant without a row gets the defaults first (as the player side does). */
  lock: async (tx: Queryable, merchantId: number): Promise<StaffRulesRow> => {
    await tx.query('INSERT INTO withdraw_settings (merchant_id) VALUES ($1) ON CONFLICT DO NOTHING', [merchantId]);
    const { rows } = await tx.query<StaffRulesRow>(
      `SELECT ${COLUMNS} FROM withdraw_settings WHERE merchant_id = $1 FOR UPDATE`,
      [merchantId],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('withdraw settings missing');
    return row;
  },

  update: async (tx: Queryable, merchantId: number, rules: StaffRulesRow): Promise<StaffRulesRow> => {
    const { rows } = await tx.query<StaffRulesRow>(
      `UPDATE withdraw_settings SET min_amount_minor = $2, max_amount_minor = $3, daily_count = $4, max_accounts = $5,
         auto_receive_minutes = $6
       WHERE merchant_id = $1 RETURNING ${COLUMNS}`,
      [
        merchantId,
        rules.minAmountMinor,
        rules.maxAmountMinor,
        rules.dailyCount,
        rules.maxAccounts,
        rules.autoReceiveMinutes,
      ],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('locked withdraw settings vanished');
    return row;
  },
};
