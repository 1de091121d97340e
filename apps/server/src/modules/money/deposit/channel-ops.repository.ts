import type { DepositChannelKind } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

/** A deposit channel as staff edit it (deposit_channels, 0005). */
export type StaffChannelRow = {
  id: bigint;
  code: string;
  kind: DepositChannelKind;
  gatewayCode: string | null;
  displayName: string;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  enabled: boolean;
  sort: number;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  expiryMinutes: number;
};

/** The fields an insert or update writes (code and kind only on insert). */
export type ChannelWrite = Omit<StaffChannelRow, 'id' | 'code' | 'kind'>;

const COLUMNS = `id, code, kind, gateway_code AS "gatewayCode", display_name AS "displayName",
  min_amount_minor AS "minAmountMinor", max_amount_minor AS "maxAmountMinor", enabled, sort, bank_name AS "bankName",
  bank_account_name AS "bankAccountName", bank_account_number AS "bankAccountNumber", expiry_minutes AS "expiryMinutes"`;

/** A merchant has a handful of channels; the list is capped all the same. */
export const STAFF_CHANNEL_LIST_MAX = 200;

const values = (c: ChannelWrite): unknown[] => [
  c.gatewayCode,
  c.displayName,
  c.minAmountMinor,
  c.maxAmountMinor,
  c.enabled,
  c.sort,
  c.bankName,
  c.bankAccountName,
  c.bankAccountNumber,
  c.expiryMinutes,
];

/** SQL only; every statement is by merchant. Takes the transaction the service opened. */
export const channelOpsRepository = {
  list: async (db: Queryable, merchantId: number): Promise<StaffChannelRow[]> =>
    (
      await db.query<StaffChannelRow>(
        `SELECT ${COLUMNS} FROM deposit_channels WHERE merchant_id = $1 ORDER BY sort, id LIMIT ${STAFF_CHANNEL_LIST_MAX}`,
        [merchantId],
      )
    ).rows,

  /** The channel, locked for the rest of the transaction. */
  lock: async (db: Queryable, merchantId: number, id: bigint): Promise<StaffChannelRow | undefined> =>
    (
      await db.query<StaffChannelRow>(
        `SELECT ${COLUMNS} FROM deposit_channels WHERE merchant_id = $1 AND id = $2 FOR UPDATE`,
        [merchantId, id],
      )
    ).rows[0],

  /** Inserts the channel unless the merchant already has the code; undefined then. */
  insert: async (
    db: Queryable,
    merchantId: number,
    channel: ChannelWrite & { code: string; kind: DepositChannelKind },
  ): Promise<StaffChannelRow | undefined> =>
    (
      await db.query<StaffChannelRow>(
        `INSERT INTO deposit_channels (merchant_id, code, kind, gateway_code, display_name, min_amount_minor,
           max_amount_minor, enabled, sort, bank_name, bank_account_name, bank_account_number, expiry_minutes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (merchant_id, code) DO NOTHING RETURNING ${COLUMNS}`,
        [merchantId, channel.code, channel.kind, ...values(channel)],
      )
    ).rows[0],

  update: async (db: Queryable, merchantId: number, id: bigint, channel: ChannelWrite): Promise<StaffChannelRow> => {
    const { rows } = await db.query<StaffChannelRow>(
      `UPDATE deposit_channels SET gateway_code = $3, display_name = $4, min_amount_minor = $5, max_amount_minor = $6,
         enabled = $7, sort = $8, bank_name = $9, bank_account_name = $10, bank_account_number = $11,
         expiry_minutes = $12
       WHERE merchant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [merchantId, id, ...values(channel)],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('locked deposit channel vanished');
    return row;
  },
};
