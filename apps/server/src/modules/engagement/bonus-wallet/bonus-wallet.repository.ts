import type { Queryable } from '../../../db/database';

/** A grant as its member and the back office see it (amounts in minor units). */
export type GrantRow = {
  id: bigint;
  memberId: bigint;
  currency: string;
  promotionId: bigint | null;
  amountMinor: bigint;
  depositMinor: bigint;
  turnoverRequiredMinor: bigint;
  turnoverDoneMinor: bigint;
  weights: Record<string, number>;
  defaultWeight: number;
  maxBetMinor: bigint | null;
  maxConversionMinor: bigint | null;
  onWithdraw: 'FORFEIT' | 'REFUSE';
  expiresAt: Date;
  status: 'ACTIVE' | 'CONVERTED' | 'FORFEITED' | 'EXPIRED';
  convertedMinor: bigint;
  forfeitedMinor: bigint;
  closedReason: string | null;
  createdAt: Date;
  closedAt: Date | null;
  /** The BONUS account's balance while ACTIVE, 0 once closed. */
  balanceMinor: bigint;
};

export type CloseMode = 'CONVERT' | 'EXPIRE' | 'FORFEIT';
export type SqlAnswer = {
  refused?: string;
  id?: string;
  replayed?: boolean;
  status?: string;
  converted?: string;
  forfeited?: string;
};

const GRANT_COLUMNS = `g.id, g.member_id AS "memberId", g.currency, g.promotion_id AS "promotionId",
  g.amount_minor AS "amountMinor", g.deposit_minor AS "depositMinor",
  g.turnover_required_minor AS "turnoverRequiredMinor", g.turnover_done_minor AS "turnoverDoneMinor", g.weights,
  g.default_weight AS "defaultWeight", g.max_bet_minor AS "maxBetMinor", g.max_conversion_minor AS "maxConversionMinor",
  g.on_withdraw AS "onWithdraw", g.expires_at AS "expiresAt", g.status, g.converted_minor AS "convertedMinor",
  g.forfeited_minor AS "forfeitedMinor", g.closed_reason AS "closedReason", g.created_at AS "createdAt",
  g.closed_at AS "closedAt",
  CASE WHEN g.status = 'ACTIVE' THEN bonus_cash_of(g.merchant_id, g.account_id) ELSE 0 END::bigint AS "balanceMinor"`;

/** The bonus wallet's SQL (bonus_grants, bonus_stakes; functions in sql/bonus-wallet.sql). */
export const bonusWalletRepository = {
  grant: async (db: Queryable, input: Record<string, unknown>): Promise<SqlAnswer> =>
    (await db.query<{ answer: SqlAnswer }>('SELECT bonus_grant($1::jsonb) AS answer', [JSON.stringify(input)])).rows[0]!
      .answer,

  close: async (
    db: Queryable,
    merchantId: number,
    grantId: bigint,
    mode: CloseMode,
    reason: string,
    now: Date,
    cashAccount: bigint,
    promotionsAccount: bigint,
  ): Promise<SqlAnswer> =>
    (
      await db.query<{ answer: SqlAnswer }>('SELECT bonus_close($1, $2, $3, $4, $5, $6, $7) AS answer', [
        merchantId,
        grantId,
        mode,
        reason,
        now,
        cashAccount,
        promotionsAccount,
      ])
    ).rows[0]!.answer,

  byId: async (db: Queryable, merchantId: number, grantId: bigint): Promise<GrantRow | undefined> =>
    (
      await db.query<GrantRow>(`SELECT ${GRANT_COLUMNS} FROM bonus_grants g WHERE g.merchant_id = $1 AND g.id = $2`, [
        merchantId,
        grantId,
      ])
    ).rows[0],

  active: async (
    db: Queryable,
    merchantId: number,
    memberId: bigint,
    currency: string,
  ): Promise<GrantRow | undefined> =>
    (
      await db.query<GrantRow>(
        `SELECT ${GRANT_COLUMNS} FROM bonus_grants g
         WHERE g.merchant_id = $1 AND g.member_id = $2 AND g.currency = $3 AND g.status = 'ACTIVE'`,
        [merchantId, memberId, currency],
      )
    ).rows[0],

  /** A member's grants, newest first (bounded). */
  ofMember: async (db: Queryable, merchantId: number, memberId: bigint, limit: number): Promise<GrantRow[]> =>
    (
      await db.query<GrantRow>(
        `SELECT ${GRANT_COLUMNS} FROM bonus_grants g WHERE g.merchant_id = $1 AND g.member_id = $2
         ORDER BY g.id DESC LIMIT $3`,
        [merchantId, memberId, limit],
      )
    ).rows,

  /** Active grants past their expiry at `now`, oldest first. */
  expired: async (db: Queryable, now: Date, limit: number) =>
    (
      await db.query<{ merchantId: number; id: bigint; memberId: bigint }>(
        `SELECT g.merchant_id AS "merchantId", g.id, g.member_id AS "memberId" FROM bonus_grants g
         WHERE g.status = 'ACTIVE' AND g.expires_at <= $1 ORDER BY g.expires_at LIMIT $2`,
        [now, limit],
      )
    ).rows,

  /** Active grants whose turnover is met and whose rounds are all settled. */
  ready: async (db: Queryable, limit: number) =>
    (
      await db.query<{ merchantId: number; id: bigint; memberId: bigint }>(
        `SELECT g.merchant_id AS "merchantId", g.id, g.member_id AS "memberId" FROM bonus_grants g
         WHERE g.status = 'ACTIVE' AND g.turnover_done_minor >= g.turnover_required_minor
           AND bonus_ready(g.merchant_id, g.member_id, g.currency) = g.id
         ORDER BY g.id LIMIT $1`,
        [limit],
      )
    ).rows,

  /**
   * Grants made from `from` to `to` (business days in the merchant's time zone, inclusive), by promotion: how many, how
   * much was granted, converted, forfeited (expiries included) and is still being wagered (active grants' balance).
   */
  costByPromotion: async (db: Queryable, merchantId: number, from: string, to: string) =>
    (
      await db.query<PromotionCostRow>(
        `SELECT g.promotion_id AS "promotionId", count(*)::integer AS grants,
           sum(g.amount_minor)::bigint AS "grantedMinor", sum(g.converted_minor)::bigint AS "convertedMinor",
           sum(g.forfeited_minor)::bigint AS "forfeitedMinor",
           sum(CASE WHEN g.status = 'ACTIVE' THEN bonus_cash_of(g.merchant_id, g.account_id) ELSE 0 END)::bigint
             AS "outstandingMinor"
         FROM bonus_grants g JOIN merchant_directory d ON d.id = g.merchant_id
         WHERE g.merchant_id = $1 AND g.created_at >= ($2::date)::timestamp AT TIME ZONE d.timezone
           AND g.created_at < ($3::date + 1)::timestamp AT TIME ZONE d.timezone
         GROUP BY g.promotion_id ORDER BY sum(g.amount_minor) DESC, g.promotion_id NULLS LAST LIMIT 500`,
        [merchantId, from, to],
      )
    ).rows.map((r) => ({
      promotionId: r.promotionId === null ? null : BigInt(r.promotionId),
      grants: Number(r.grants),
      grantedMinor: BigInt(r.grantedMinor),
      convertedMinor: BigInt(r.convertedMinor),
      forfeitedMinor: BigInt(r.forfeitedMinor),
      outstandingMinor: BigInt(r.outstandingMinor),
    })),
};

type PromotionCostRow = {
  promotionId: bigint | string | null;
  grants: number;
  grantedMinor: bigint | string;
  convertedMinor: bigint | string;
  forfeitedMinor: bigint | string;
  outstandingMinor: bigint | string;
};
