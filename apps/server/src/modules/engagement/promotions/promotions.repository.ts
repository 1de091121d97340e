import type { Database, Queryable } from '../../../db/database';
import type { UploadedImage } from '../../../lib/uploaded-image';

export type PromotionRow = {
  id: bigint;
  kind: 'FIRST_DEPOSIT' | 'RELOAD' | 'FREE' | 'CASHBACK' | 'APPLICATION';
  title: Record<string, string>;
  terms: Record<string, string>;
  bannerUrl: string | null;
  audience: 'EVERYONE' | 'NEW_MEMBERS' | 'VIP_LEVELS' | 'AGENT_TEAM';
  audienceLevels: number[];
  audienceAgentId: bigint | null;
  newMemberDays: number;
  startsAt: Date;
  endsAt: Date | null;
  status: 'DRAFT' | 'ACTIVE' | 'STOPPED';
  perMemberLimit: number;
  totalLimit: number | null;
  claimedCount: number;
  bonusFixedMinor: bigint;
  bonusPercentBp: number;
  bonusMaxMinor: bigint | null;
  minDepositMinor: bigint;
  turnoverMultiple: number;
  turnoverBase: 'BONUS' | 'DEPOSIT_AND_BONUS';
  weights: Record<string, number>;
  defaultWeight: number;
  maxBetMinor: bigint | null;
  maxConversionMinor: bigint | null;
  expiryHours: number;
  onWithdraw: 'FORFEIT' | 'REFUSE';
  /** A CASHBACK promotion's own columns, as the member's list reads them (migration 0045). */
  cashbackWindow?: 'DAILY' | 'WEEKLY';
  cashbackPayAs?: 'BONUS' | 'CASH';
  cashbackMinLossMinor?: bigint;
};

/** A CASHBACK promotion's own terms (migration 0045): its window, how it pays, and the smallest loss it pays on. */
export type CashbackTerms = {
  window: 'DAILY' | 'WEEKLY';
  payAs: 'BONUS' | 'CASH';
  minLossMinor: bigint;
};

/** The cashback columns' defaults, which every other kind keeps. */
export const NO_CASHBACK_TERMS: CashbackTerms = { window: 'DAILY', payAs: 'BONUS', minLossMinor: 0n };

/** A new promotion: its row, and a CASHBACK promotion's own terms (absent: the defaults). */
export type NewPromotion = Omit<PromotionRow, 'id' | 'claimedCount'> & { cashback?: CashbackTerms };

/** What decides a member's audience: sign-up time and whether it is in an agent's team. */
export type MemberFacts = { createdAt: Date; status: string };

export type ClaimCount = { promotionId: bigint; claims: number; lastStatus: string };

const COLUMNS = `p.id, p.kind, p.title, p.terms, p.banner_url AS "bannerUrl", p.audience,
  p.audience_levels AS "audienceLevels", p.audience_agent_id AS "audienceAgentId", p.new_member_days AS "newMemberDays",
  p.starts_at AS "startsAt", p.ends_at AS "endsAt", p.status, p.per_member_limit AS "perMemberLimit",
  p.total_limit AS "totalLimit", p.claimed_count AS "claimedCount", p.bonus_fixed_minor AS "bonusFixedMinor",
  p.bonus_percent_bp AS "bonusPercentBp", p.bonus_max_minor AS "bonusMaxMinor", p.min_deposit_minor AS "minDepositMinor",
  p.turnover_multiple AS "turnoverMultiple", p.turnover_base AS "turnoverBase", p.weights,
  p.default_weight AS "defaultWeight", p.max_bet_minor AS "maxBetMinor", p.max_conversion_minor AS "maxConversionMinor",
  p.expiry_hours AS "expiryHours", p.on_withdraw AS "onWithdraw", p.cashback_window AS "cashbackWindow",
  p.cashback_pay_as AS "cashbackPayAs", p.cashback_min_loss_minor AS "cashbackMinLossMinor"`;

/** Live promotions are bounded: a merchant runs a few dozen at once. */
const MAX_LIVE = 100;

/** A member's VIP level (the VIP module's answer; 0 until it is wired in). */
export type VipLevelOf = (merchantId: number, memberId: bigint) => Promise<number>;

/** SQL only (promotions, promotion_claims); reads members through identity's views and VIP levels through a port. */
export const promotionsRepository = (db: Database, vipLevelOf: VipLevelOf = async () => 0) => ({
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),

  vipLevelOf,

  live: async (merchantId: number, now: Date): Promise<PromotionRow[]> =>
    (
      await db.query<PromotionRow>(
        `SELECT ${COLUMNS} FROM promotions p
         WHERE p.merchant_id = $1 AND p.status = 'ACTIVE' AND p.starts_at <= $2 AND (p.ends_at IS NULL OR p.ends_at > $2)
         ORDER BY p.sort, p.id LIMIT ${MAX_LIVE}`,
        [merchantId, now],
      )
    ).rows,

  lockOne: async (tx: Queryable, merchantId: number, id: bigint): Promise<PromotionRow | undefined> =>
    (
      await tx.query<PromotionRow>(
        `SELECT ${COLUMNS} FROM promotions p WHERE p.merchant_id = $1 AND p.id = $2 FOR UPDATE`,
        [merchantId, id],
      )
    ).rows[0],

  member: async (merchantId: number, memberId: bigint, q: Queryable = db): Promise<MemberFacts | undefined> =>
    (
      await q.query<MemberFacts>(
        `SELECT m.created_at AS "createdAt", m.status FROM member_directory m WHERE m.merchant_id = $1 AND m.id = $2`,
        [merchantId, memberId],
      )
    ).rows[0],

  inTeam: async (merchantId: number, agentId: bigint, memberId: bigint, q: Queryable = db): Promise<boolean> =>
    (
      await q.query(
        `SELECT 1 FROM agent_tree t WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND t.descendant_id = $3`,
        [merchantId, agentId, memberId],
      )
    ).rows.length > 0,

  claimCounts: async (merchantId: number, memberId: bigint, q: Queryable = db): Promise<ClaimCount[]> =>
    (
      await q.query<ClaimCount>(
        `SELECT DISTINCT ON (c.promotion_id) c.promotion_id AS "promotionId",
           count(*) OVER (PARTITION BY c.promotion_id)::integer AS claims, c.status AS "lastStatus"
         FROM promotion_claims c WHERE c.merchant_id = $1 AND c.member_id = $2
         ORDER BY c.promotion_id, c.seq DESC`,
        [merchantId, memberId],
      )
    ).rows,

  /** A new claim (undefined: its source was claimed already), counted on its promotion. */
  insertClaim: async (
    tx: Queryable,
    claim: { merchantId: number; promotionId: bigint; memberId: bigint; seq: number; amountMinor: bigint },
    sourceRef: string | null = null,
  ): Promise<bigint | undefined> => {
    const { rows } = await tx.query<{ id: bigint }>(
      `INSERT INTO promotion_claims (merchant_id, promotion_id, member_id, seq, status, amount_minor, source_ref)
       VALUES ($1, $2, $3, $4, 'CLAIMED', $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [claim.merchantId, claim.promotionId, claim.memberId, claim.seq, claim.amountMinor, sourceRef],
    );
    if (rows[0] === undefined) return undefined;
    await tx.query('UPDATE promotions SET claimed_count = claimed_count + 1 WHERE merchant_id = $1 AND id = $2', [
      claim.merchantId,
      claim.promotionId,
    ]);
    return rows[0]!.id;
  },

  issued: (merchantId: number, claimId: bigint, grantId: bigint, now: Date) =>
    db.query(
      `UPDATE promotion_claims SET status = 'ISSUED', grant_id = $3, decided_at = $4 WHERE merchant_id = $1 AND id = $2`,
      [merchantId, claimId, grantId, now],
    ),

  /** Undoes a claim whose grant was refused, so that a refused claim leaves nothing behind. */
  undoClaim: (merchantId: number, claimId: bigint, promotionId: bigint) =>
    db.transaction(async (tx) => {
      await tx.query('DELETE FROM promotion_claims WHERE merchant_id = $1 AND id = $2', [merchantId, claimId]);
      await tx.query('UPDATE promotions SET claimed_count = claimed_count - 1 WHERE merchant_id = $1 AND id = $2', [
        merchantId,
        promotionId,
      ]);
    }),

  /** The member's credited deposits (deposit_order_facts), `exceptId` left out: a first deposit has none. */
  paidDeposits: async (merchantId: number, memberId: bigint, q: Queryable = db): Promise<number> =>
    (
      await q.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM deposit_order_facts d
         WHERE d.merchant_id = $1 AND d.member_id = $2 AND d.status IN ('PAID', 'APPROVED')`,
        [merchantId, memberId],
      )
    ).rows[0]!.n,

  rejectedClaims: async (tx: Queryable, merchantId: number, promotionId: bigint, memberId: bigint) =>
    (
      await tx.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM promotion_claims
         WHERE merchant_id = $1 AND promotion_id = $2 AND member_id = $3 AND status = 'REJECTED'`,
        [merchantId, promotionId, memberId],
      )
    ).rows[0]!.n,

  /** An application (APPLYING) with its comment and images; undefined when its seq was taken meanwhile. */
  insertApplication: async (
    tx: Queryable,
    a: {
      merchantId: number;
      promotionId: bigint;
      memberId: bigint;
      seq: number;
      amountMinor: bigint;
      comment: string;
      images: UploadedImage[];
    },
  ): Promise<bigint | undefined> => {
    const { rows } = await tx.query<{ id: bigint }>(
      `INSERT INTO promotion_claims (merchant_id, promotion_id, member_id, seq, status, amount_minor, comment)
       VALUES ($1, $2, $3, $4, 'APPLYING', $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [a.merchantId, a.promotionId, a.memberId, a.seq, a.amountMinor, a.comment],
    );
    const id = rows[0]?.id;
    if (id === undefined) return undefined;
    for (const [i, image] of a.images.entries()) {
      await tx.query(
        `INSERT INTO promotion_claim_images (merchant_id, claim_id, position, content_type, bytes)
         VALUES ($1, $2, $3, $4, $5)`,
        [a.merchantId, id, i + 1, image.contentType, image.bytes],
      );
    }
    await tx.query('UPDATE promotions SET claimed_count = claimed_count + 1 WHERE merchant_id = $1 AND id = $2', [
      a.merchantId,
      a.promotionId,
    ]);
    return id;
  },

  /** Applications waiting for a decision, oldest first (bounded). */
  applying: async (merchantId: number) =>
    (
      await db.query<{
        claimId: bigint;
        promotionId: bigint;
        title: Record<string, string>;
        username: string;
        comment: string;
        images: number;
        createdAt: Date;
      }>(
        `SELECT c.id AS "claimId", c.promotion_id AS "promotionId", p.title, m.username, c.comment,
           (SELECT count(*)::integer FROM promotion_claim_images i
             WHERE i.merchant_id = c.merchant_id AND i.claim_id = c.id) AS images, c.created_at AS "createdAt"
         FROM promotion_claims c
         JOIN promotions p ON p.merchant_id = c.merchant_id AND p.id = c.promotion_id
         JOIN member_directory m ON m.merchant_id = c.merchant_id AND m.id = c.member_id
         WHERE c.merchant_id = $1 AND c.status = 'APPLYING' ORDER BY c.created_at, c.id LIMIT 100`,
        [merchantId],
      )
    ).rows,

  application: async (merchantId: number, claimId: bigint, q: Queryable = db) => {
    const { rows } = await q.query<{ memberId: bigint; status: string; amountMinor: bigint; promotionId: bigint }>(
      `SELECT c.member_id AS "memberId", c.status, c.amount_minor AS "amountMinor", c.promotion_id AS "promotionId"
       FROM promotion_claims c WHERE c.merchant_id = $1 AND c.id = $2 AND c.comment IS NOT NULL`,
      [merchantId, claimId],
    );
    const claim = rows[0];
    if (claim === undefined) return undefined;
    const promotion = (
      await q.query<PromotionRow>(`SELECT ${COLUMNS} FROM promotions p WHERE p.merchant_id = $1 AND p.id = $2`, [
        merchantId,
        claim.promotionId,
      ])
    ).rows[0]!;
    return { ...claim, promotion };
  },

  /** Decides a pending application; false when it was decided already. */
  decide: async (
    tx: Queryable,
    merchantId: number,
    claimId: bigint,
    status: 'ISSUED' | 'REJECTED',
    staffId: bigint,
    reason: string | null,
    grantId: bigint | null,
    at: Date,
  ): Promise<boolean> => {
    const { rows } = await tx.query(
      `UPDATE promotion_claims SET status = $3, decided_by = $4, reason = $5, grant_id = $6, decided_at = $7
       WHERE merchant_id = $1 AND id = $2 AND status = 'APPLYING' RETURNING id`,
      [merchantId, claimId, status, staffId, reason, grantId, at],
    );
    if (rows.length > 0 && status === 'REJECTED') {
      await tx.query(
        `UPDATE promotions p SET claimed_count = p.claimed_count - 1 FROM promotion_claims c
         WHERE c.merchant_id = $1 AND c.id = $2 AND p.merchant_id = c.merchant_id AND p.id = c.promotion_id`,
        [merchantId, claimId],
      );
    }
    return rows.length > 0;
  },

  /** Back office and demo data: a new promotion, with a CASHBACK promotion's own terms. */
  insert: async (merchantId: number, p: NewPromotion, q: Queryable = db): Promise<bigint> => {
    const cashback = p.cashback ?? NO_CASHBACK_TERMS;
    return (
      await q.query<{ id: bigint }>(
        `INSERT INTO promotions (merchant_id, kind, title, terms, banner_url, audience, audience_levels,
           audience_agent_id, new_member_days, starts_at, ends_at, status, per_member_limit, total_limit,
           bonus_fixed_minor, bonus_percent_bp, bonus_max_minor, min_deposit_minor, turnover_multiple, turnover_base,
           weights, default_weight, max_bet_minor, max_conversion_minor, expiry_hours, on_withdraw, cashback_window,
           cashback_pay_as, cashback_min_loss_minor)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
           $23, $24, $25, $26, $27, $28, $29) RETURNING id`,
        [
          ...[merchantId, p.kind, JSON.stringify(p.title), JSON.stringify(p.terms), p.bannerUrl, p.audience],
          ...[p.audienceLevels, p.audienceAgentId, p.newMemberDays, p.startsAt, p.endsAt, p.status, p.perMemberLimit],
          ...[p.totalLimit, p.bonusFixedMinor, p.bonusPercentBp, p.bonusMaxMinor, p.minDepositMinor],
          ...[p.turnoverMultiple, p.turnoverBase, JSON.stringify(p.weights), p.defaultWeight, p.maxBetMinor],
          ...[p.maxConversionMinor, p.expiryHours, p.onWithdraw],
          ...[cashback.window, cashback.payAs, cashback.minLossMinor],
        ],
      )
    ).rows[0]!.id;
  },
});

export type PromotionsRepository = ReturnType<typeof promotionsRepository>;
