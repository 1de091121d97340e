import type { Database, Queryable } from '../../../db/database';
import type { UploadedImage } from '../../../lib/uploaded-image';
import type { CashbackTerms, PromotionRow } from './promotions.repository';

/** What staff set on a promotion (its id, state and claim count aside), a CASHBACK promotion's own terms included. */
export type PromotionTerms = Omit<PromotionRow, 'id' | 'claimedCount' | 'status'> & { cashback: CashbackTerms };
export type OpsPromotionRow = PromotionRow & { createdAt: Date; audienceAgent: string | null; cashback: CashbackTerms };

type DbOpsPromotionRow = Omit<OpsPromotionRow, 'cashback'> & {
  cashbackWindow: CashbackTerms['window'];
  cashbackPayAs: CashbackTerms['payAs'];
  cashbackMinLossMinor: bigint;
};

/** The row as read, and its cashback terms as one object (the flat columns stay: the member's card reads them). */
const opsRowOf = (row: DbOpsPromotionRow): OpsPromotionRow => ({
  ...row,
  cashback: { window: row.cashbackWindow, payAs: row.cashbackPayAs, minLossMinor: BigInt(row.cashbackMinLossMinor) },
});

export type ManualGrantRow = {
  id: bigint;
  memberId: bigint;
  username: string;
  amountMinor: bigint;
  turnoverMultiple: number;
  expiryHours: number;
  reason: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  requestedById: bigint;
  requestedBy: string;
  decidedBy: string | null;
  rejectReason: string | null;
  grantId: bigint | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const COLUMNS = `p.id, p.kind, p.title, p.terms, p.banner_url AS "bannerUrl", p.audience,
  p.audience_levels AS "audienceLevels", p.audience_agent_id AS "audienceAgentId", p.new_member_days AS "newMemberDays",
  p.starts_at AS "startsAt", p.ends_at AS "endsAt", p.status, p.per_member_limit AS "perMemberLimit",
  p.total_limit AS "totalLimit", p.claimed_count AS "claimedCount", p.bonus_fixed_minor AS "bonusFixedMinor",
  p.bonus_percent_bp AS "bonusPercentBp", p.bonus_max_minor AS "bonusMaxMinor", p.min_deposit_minor AS "minDepositMinor",
  p.turnover_multiple AS "turnoverMultiple", p.turnover_base AS "turnoverBase", p.weights,
  p.default_weight AS "defaultWeight", p.max_bet_minor AS "maxBetMinor", p.max_conversion_minor AS "maxConversionMinor",
  p.expiry_hours AS "expiryHours", p.on_withdraw AS "onWithdraw", p.cashback_window AS "cashbackWindow",
  p.cashback_pay_as AS "cashbackPayAs", p.cashback_min_loss_minor AS "cashbackMinLossMinor", p.created_at AS "createdAt",
  (SELECT a.username FROM member_directory a WHERE a.merchant_id = p.merchant_id AND a.id = p.audience_agent_id)
    AS "audienceAgent"`;

const GRANT_COLUMNS = `g.id, g.member_id AS "memberId", m.username, g.amount_minor AS "amountMinor",
  g.turnover_multiple AS "turnoverMultiple", g.expiry_hours AS "expiryHours", g.reason, g.status,
  g.requested_by_id AS "requestedById", g.requested_by AS "requestedBy", g.decided_by AS "decidedBy",
  g.reject_reason AS "rejectReason", g.grant_id AS "grantId", g.created_at AS "createdAt", g.decided_at AS "decidedAt"`;

/** A merchant keeps at most this many promotions on the staff list (newest first). */
const MAX_LISTED = 200;

/** SQL of the back office (promotions, promotion_claim_images, bonus_manual_grants). */
export const promotionsOpsRepository = (db: Database) => ({
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),

  all: async (merchantId: number): Promise<OpsPromotionRow[]> =>
    (
      await db.query<DbOpsPromotionRow>(
        `SELECT ${COLUMNS} FROM promotions p WHERE p.merchant_id = $1 ORDER BY p.id DESC LIMIT ${MAX_LISTED}`,
        [merchantId],
      )
    ).rows.map(opsRowOf),

  one: async (
    merchantId: number,
    id: bigint,
    q: Queryable = db,
    lock = false,
  ): Promise<OpsPromotionRow | undefined> => {
    const row = (
      await q.query<DbOpsPromotionRow>(
        `SELECT ${COLUMNS} FROM promotions p WHERE p.merchant_id = $1 AND p.id = $2${lock ? ' FOR UPDATE' : ''}`,
        [merchantId, id],
      )
    ).rows[0];
    return row === undefined ? undefined : opsRowOf(row);
  },

  /**
   * Rewrites a promotion's terms, a cashback's own included (the grants already paid keep the terms they were paid
   * with; cashback windows already offered keep their amounts).
   */
  update: (tx: Queryable, merchantId: number, id: bigint, p: PromotionTerms) =>
    tx.query(
      `UPDATE promotions SET kind = $3, title = $4, terms = $5, audience = $6, starts_at = $7, ends_at = $8,
         per_member_limit = $9, total_limit = $10, bonus_fixed_minor = $11, bonus_percent_bp = $12,
         bonus_max_minor = $13, min_deposit_minor = $14, turnover_multiple = $15, turnover_base = $16, weights = $17,
         default_weight = $18, max_bet_minor = $19, max_conversion_minor = $20, expiry_hours = $21, on_withdraw = $22,
         audience_levels = $23, audience_agent_id = $24, cashback_window = $25, cashback_pay_as = $26,
         cashback_min_loss_minor = $27
       WHERE merchant_id = $1 AND id = $2`,
      [
        ...[merchantId, id, p.kind, JSON.stringify(p.title), JSON.stringify(p.terms), p.audience, p.startsAt],
        ...[p.endsAt, p.perMemberLimit, p.totalLimit, p.bonusFixedMinor, p.bonusPercentBp, p.bonusMaxMinor],
        ...[p.minDepositMinor, p.turnoverMultiple, p.turnoverBase, JSON.stringify(p.weights), p.defaultWeight],
        ...[p.maxBetMinor, p.maxConversionMinor, p.expiryHours, p.onWithdraw, p.audienceLevels, p.audienceAgentId],
        ...[p.cashback.window, p.cashback.payAs, p.cashback.minLossMinor],
      ],
    ),

  setStatus: (tx: Queryable, merchantId: number, id: bigint, status: 'ACTIVE' | 'STOPPED') =>
    tx.query('UPDATE promotions SET status = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, id, status]),

  /** One image of an application (staff review it beside the comment). */
  image: async (merchantId: number, claimId: bigint, position: number): Promise<UploadedImage | undefined> =>
    (
      await db.query<UploadedImage>(
        `SELECT content_type AS "contentType", bytes FROM promotion_claim_images
         WHERE merchant_id = $1 AND claim_id = $2 AND position = $3`,
        [merchantId, claimId, position],
      )
    ).rows[0],

  memberByUsername: async (merchantId: number, username: string) =>
    (
      await db.query<{ id: bigint; username: string; userType: number }>(
        `SELECT m.id, m.username, m.user_type AS "userType" FROM member_directory m
         WHERE m.merchant_id = $1 AND lower(m.username) = lower($2)`,
        [merchantId, username],
      )
    ).rows[0],

  grants: async (merchantId: number, q: Queryable = db): Promise<ManualGrantRow[]> =>
    (
      await q.query<ManualGrantRow>(
        `SELECT ${GRANT_COLUMNS} FROM bonus_manual_grants g
         JOIN member_directory m ON m.merchant_id = g.merchant_id AND m.id = g.member_id
         WHERE g.merchant_id = $1 ORDER BY g.created_at DESC, g.id DESC LIMIT 100`,
        [merchantId],
      )
    ).rows,

  grant: async (merchantId: number, id: bigint, q: Queryable = db): Promise<ManualGrantRow | undefined> =>
    (
      await q.query<ManualGrantRow>(
        `SELECT ${GRANT_COLUMNS} FROM bonus_manual_grants g
         JOIN member_directory m ON m.merchant_id = g.merchant_id AND m.id = g.member_id
         WHERE g.merchant_id = $1 AND g.id = $2`,
        [merchantId, id],
      )
    ).rows[0],

  grantByRequest: async (merchantId: number, requestId: string): Promise<bigint | undefined> =>
    (
      await db.query<{ id: bigint }>('SELECT id FROM bonus_manual_grants WHERE merchant_id = $1 AND request_id = $2', [
        merchantId,
        requestId,
      ])
    ).rows[0]?.id,

  /** A new PENDING request; undefined when its request id was used meanwhile. */
  insertGrant: async (
    tx: Queryable,
    g: {
      merchantId: number;
      memberId: bigint;
      amountMinor: bigint;
      turnoverMultiple: number;
      expiryHours: number;
      reason: string;
      requestedById: bigint;
      requestedBy: string;
      requestId: string;
      at: Date;
    },
  ): Promise<bigint | undefined> =>
    (
      await tx.query<{ id: bigint }>(
        `INSERT INTO bonus_manual_grants (merchant_id, member_id, amount_minor, turnover_multiple, expiry_hours, reason,
           requested_by_id, requested_by, request_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING id`,
        [
          ...[g.merchantId, g.memberId, g.amountMinor, g.turnoverMultiple, g.expiryHours, g.reason],
          ...[g.requestedById, g.requestedBy, g.requestId, g.at],
        ],
      )
    ).rows[0]?.id,

  /** PENDING → APPROVED or REJECTED by someone other than the maker; false when it was decided already. */
  decideGrant: async (
    tx: Queryable,
    merchantId: number,
    id: bigint,
    d: { status: 'APPROVED' | 'REJECTED'; byId: bigint; by: string; reason: string | null; grantId: bigint | null },
    at: Date,
  ): Promise<boolean> =>
    (
      await tx.query(
        `UPDATE bonus_manual_grants SET status = $3, decided_by_id = $4, decided_by = $5, reject_reason = $6,
           grant_id = $7, decided_at = $8
         WHERE merchant_id = $1 AND id = $2 AND status = 'PENDING' AND requested_by_id <> $4 RETURNING id`,
        [merchantId, id, d.status, d.byId, d.by, d.reason, d.grantId, at],
      )
    ).rows.length > 0,
});

export type PromotionsOpsRepository = ReturnType<typeof promotionsOpsRepository>;
