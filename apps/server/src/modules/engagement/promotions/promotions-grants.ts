import type { Queryable } from '../../../db/database';

/** A promotion's bonus paid to a member: a free bonus, a deposit bonus, or an approved application. */
export type PromotionGrant = {
  claimId: bigint;
  promotionId: bigint;
  kind: string;
  title: Record<string, string>;
  amountMinor: bigint;
  turnoverMultiple: number;
  createdAt: Date;
  issuedAt: Date;
};

type DbRow = {
  claim_id: string;
  promotion_id: string;
  kind: string;
  title: Record<string, string>;
  amount: string;
  turnover_multiple: number;
  created_at: Date | string;
  issued_at: Date | string;
};

/**
 * The member's paid promotion claims, newest first (the reward centre lists them beside its own rewards, as claimed
 * PROMOTION rewards; ADR 0043): the claims whose bonus-wallet grant was made.
 */
export const promotionGrantsOf = async (
  db: Queryable,
  merchantId: number,
  memberId: bigint,
  limit: number,
): Promise<PromotionGrant[]> => {
  const { rows } = await db.query<DbRow>(
    `SELECT c.id::text AS claim_id, c.promotion_id::text AS promotion_id, p.kind, p.title,
       c.amount_minor::text AS amount, p.turnover_multiple, c.created_at, coalesce(c.decided_at, c.created_at) AS issued_at
     FROM promotion_claims c JOIN promotions p ON p.merchant_id = c.merchant_id AND p.id = c.promotion_id
     WHERE c.merchant_id = $1 AND c.member_id = $2 AND c.status = 'ISSUED' AND c.grant_id IS NOT NULL
     ORDER BY c.id DESC LIMIT $3`,
    [merchantId, memberId.toString(), limit],
  );
  return rows.map((row) => ({
    claimId: BigInt(row.claim_id),
    promotionId: BigInt(row.promotion_id),
    kind: row.kind,
    title: row.title,
    amountMinor: BigInt(row.amount),
    turnoverMultiple: Number(row.turnover_multiple),
    createdAt: new Date(row.created_at),
    issuedAt: new Date(row.issued_at),
  }));
};
