import type { Queryable } from '../../../db/database';

export type PaymentStatus = 'CREATED' | 'PAID' | 'CANCELLED';

export type PaymentRow = {
  merchantAccount: number;
  id: string;
  merchantOrderNo: string;
  merchantName: string;
  amountMinor: bigint;
  currency: string;
  currencyScale: number;
  notifyUrl: string;
  returnUrl: string;
  status: PaymentStatus;
  notifiedAt: Date | null;
};

const COLUMNS = `merchant_account AS "merchantAccount", id, merchant_order_no AS "merchantOrderNo",
  merchant_name AS "merchantName", amount_minor AS "amountMinor", currency, currency_scale AS "currencyScale",
  notify_url AS "notifyUrl", return_url AS "returnUrl", status, notified_at AS "notifiedAt"`;

export const demoGatewayRepository = (db: Queryable) => ({
  /** Inserts unless the merchant order number already has a payment; answers the payment either way. */
  create: async (row: Omit<PaymentRow, 'status' | 'notifiedAt'>): Promise<PaymentRow> => {
    await db.query(
      `INSERT INTO demo_gateway_payments (merchant_account, id, merchant_order_no, merchant_name, amount_minor, currency,
         currency_scale, notify_url, return_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (merchant_account, merchant_order_no) DO NOTHING`,
      [
        row.merchantAccount,
        row.id,
        row.merchantOrderNo,
        row.merchantName,
        row.amountMinor,
        row.currency,
        row.currencyScale,
        row.notifyUrl,
        row.returnUrl,
      ],
    );
    const { rows } = await db.query<PaymentRow>(
      `SELECT ${COLUMNS} FROM demo_gateway_payments WHERE merchant_account = $1 AND merchant_order_no = $2`,
      [row.merchantAccount, row.merchantOrderNo],
    );
    const found = rows[0];
    if (found === undefined) throw new Error('demo gateway payment vanished after insert');
    return found;
  },

  find: async (merchantAccount: number, id: string): Promise<PaymentRow | undefined> =>
    (
      await db.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM demo_gateway_payments WHERE merchant_account = $1 AND id = $2`,
        [merchantAccount, id],
      )
    ).rows[0],

  /** CREATED → PAID or CANCELLED, once. */
  settle: async (merchantAccount: number, id: string, to: 'PAID' | 'CANCELLED'): Promise<boolean> =>
    (
      await db.query(
        `UPDATE demo_gateway_payments SET status = $3, paid_at = CASE WHEN $3 = 'PAID' THEN now() ELSE NULL END
         WHERE merchant_account = $1 AND id = $2 AND status = 'CREATED' RETURNING 1`,
        [merchantAccount, id, to],
      )
    ).rows.length > 0,

  recordNotify: (merchantAccount: number, id: string, delivered: boolean) =>
    db.query(
      `UPDATE demo_gateway_payments SET notify_attempts = notify_attempts + 1,
         notified_at = CASE WHEN $3::boolean THEN now() ELSE notified_at END
       WHERE merchant_account = $1 AND id = $2`,
      [merchantAccount, id, delivered],
    ),
});

export type DemoGatewayRepository = ReturnType<typeof demoGatewayRepository>;
