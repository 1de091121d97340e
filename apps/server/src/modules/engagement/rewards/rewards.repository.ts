import type { RewardKind, RewardStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

/** A reward as the reward centre holds it (amounts in minor units). */
export type RewardRow = {
  id: bigint;
  memberId: bigint;
  kind: RewardKind;
  rewardKey: string;
  amountMinor: bigint;
  payAs: 'CASH' | 'BONUS' | 'POINTS';
  turnoverMultiple: number;
  period: string;
  details: Record<string, unknown>;
  status: RewardStatus;
  expiresAt: Date;
  createdAt: Date;
  claimedAt: Date | null;
};

/** What is offered: one reward per business key. */
export type RewardOffer = {
  memberId: bigint;
  kind: RewardKind;
  key: string;
  amountMinor: bigint;
  payAs?: 'CASH' | 'BONUS' | 'POINTS';
  turnoverMultiple?: number;
  period: string;
  details?: Record<string, unknown>;
  expiresAt: Date;
};

export type DbRow = Omit<RewardRow, 'id' | 'memberId' | 'amountMinor'> & {
  id: string;
  memberId: string;
  amountMinor: string;
};

export const COLUMNS = `id::text, member_id::text AS "memberId", kind, reward_key AS "rewardKey",
  amount_minor::text AS "amountMinor", pay_as AS "payAs", turnover_multiple AS "turnoverMultiple", period, details,
  status, expires_at AS "expiresAt", created_at AS "createdAt", claimed_at AS "claimedAt"`;

export const toRow = (row: DbRow): RewardRow => ({
  ...row,
  id: BigInt(row.id),
  memberId: BigInt(row.memberId),
  amountMinor: BigInt(row.amountMinor),
  expiresAt: new Date(row.expiresAt),
  createdAt: new Date(row.createdAt),
  claimedAt: row.claimedAt === null ? null : new Date(row.claimedAt),
});

/** SQL for rewards (migration 0039). */
export const rewardsRepository = (db: Queryable) => ({
  /** Inserts the offer unless its key exists; the reward under the key either way, and whether it is new. */
  offer: async (
    merchantId: number,
    offer: RewardOffer,
    now: Date,
  ): Promise<{ reward: RewardRow; created: boolean }> => {
    const { rows } = await db.query<DbRow>(
      `INSERT INTO rewards (merchant_id, member_id, kind, reward_key, amount_minor, pay_as, turnover_multiple, period,
         details, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (merchant_id, reward_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        ...[merchantId, offer.memberId.toString(), offer.kind, offer.key, offer.amountMinor.toString()],
        ...[offer.payAs ?? 'CASH', offer.turnoverMultiple ?? 0, offer.period, JSON.stringify(offer.details ?? {})],
        ...[offer.expiresAt, now],
      ],
    );
    if (rows[0] !== undefined) return { reward: toRow(rows[0]), created: true };
    const existing = await rewardsRepository(db).byKey(merchantId, offer.key);
    if (existing === undefined) throw new Error(`reward ${offer.key} neither inserted nor found`);
    return { reward: existing, created: false };
  },

  byKey: async (merchantId: number, key: string): Promise<RewardRow | undefined> => {
    const { rows } = await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM rewards WHERE merchant_id = $1 AND reward_key = $2`,
      [merchantId, key],
    );
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  byId: async (merchantId: number, id: bigint): Promise<RewardRow | undefined> => {
    const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM rewards WHERE merchant_id = $1 AND id = $2`, [
      merchantId,
      id.toString(),
    ]);
    return rows[0] === undefined ? undefined : toRow(rows[0]);
  },

  /** The member's newest rewards, and how many of all its rewards wait for a claim and have not expired. */
  ofMember: async (merchantId: number, memberId: bigint, limit: number, now: Date) => {
    const [list, count] = await Promise.all([
      db.query<DbRow>(
        `SELECT ${COLUMNS} FROM rewards WHERE merchant_id = $1 AND member_id = $2 ORDER BY id DESC LIMIT $3`,
        [merchantId, memberId.toString(), limit],
      ),
      db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM rewards
         WHERE merchant_id = $1 AND member_id = $2 AND status = 'PENDING' AND expires_at > $3`,
        [merchantId, memberId.toString(), now],
      ),
    ]);
    return { list: list.rows.map(toRow), pendingCount: count.rows[0]?.n ?? 0 };
  },

  /** Marks a paid reward claimed; false when it was claimed meanwhile (a concurrent claim of the same reward). */
  markClaimed: async (
    merchantId: number,
    id: bigint,
    paid: { transferId: bigint | null; grantId: bigint | null },
    now: Date,
  ): Promise<boolean> => {
    const { rows } = await db.query(
      `UPDATE rewards SET status = 'CLAIMED', claimed_at = $3, transfer_id = $4, grant_id = $5
       WHERE merchant_id = $1 AND id = $2 AND status <> 'CLAIMED' RETURNING id`,
      [merchantId, id.toString(), now, paid.transferId?.toString() ?? null, paid.grantId?.toString() ?? null],
    );
    return rows.length === 1;
  },

  /** Expires up to `batch` pending rewards past their expiry (no money moved yet: nothing to return). */
  expire: async (now: Date, batch: number): Promise<number> => {
    const { rows } = await db.query(
      `UPDATE rewards SET status = 'EXPIRED'
       WHERE (merchant_id, id) IN (SELECT merchant_id, id FROM rewards WHERE status = 'PENDING' AND expires_at <= $1
                                   LIMIT $2)
       RETURNING id`,
      [now, batch],
    );
    return rows.length;
  },

  /**
   * What the rewards of one kind cost, by the second part of their key (`mission:<id>:…`, `race:<id>:…`): how many
   * were offered and claimed, and their amounts (the missions and races cost report).
   */
  costs: async (merchantId: number, kind: RewardKind) => {
    const { rows } = await db.query<{
      ref: string;
      offered: number;
      offeredMinor: string;
      claimed: number;
      claimedMinor: string;
    }>(
      `SELECT split_part(reward_key, ':', 2) AS ref, count(*)::integer AS offered,
         sum(amount_minor)::text AS "offeredMinor", count(*) FILTER (WHERE status = 'CLAIMED')::integer AS claimed,
         coalesce(sum(amount_minor) FILTER (WHERE status = 'CLAIMED'), 0)::text AS "claimedMinor"
       FROM rewards WHERE merchant_id = $1 AND kind = $2
       GROUP BY 1`,
      [merchantId, kind],
    );
    return rows.map((r) => ({ ...r, offeredMinor: BigInt(r.offeredMinor), claimedMinor: BigInt(r.claimedMinor) }));
  },
  /** Removes an offer no money was paid for (a manual rebate whose payment was refused). */
  withdrawOffer: async (merchantId: number, id: bigint): Promise<void> => {
    await db.query(`DELETE FROM rewards WHERE merchant_id = $1 AND id = $2 AND status = 'PENDING'`, [
      merchantId,
      id.toString(),
    ]);
  },
});

export type RewardsRepository = ReturnType<typeof rewardsRepository>;
