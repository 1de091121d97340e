import type { DeliveryAddress, MallItemKind, PointsRate, RedeemStatus } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';

export type MallItemRow = {
  id: bigint;
  kind: MallItemKind;
  /** English; `nameTy` the Filipino name (null: members reading TY see `name`). */
  name: string;
  nameTy: string | null;
  description: string;
  pricePoints: bigint;
  valueMinor: bigint;
  turnoverMultiple: number;
  stock: number | null;
  perMemberLimit: number | null;
  status: 'ACTIVE' | 'HIDDEN';
};

export type RedemptionRow = {
  id: bigint;
  memberId: bigint;
  username?: string;
  itemId: bigint;
  kind: MallItemKind;
  /** The item's (English) name when it was redeemed; `itemNameTy` its Filipino name now (the member's list only). */
  itemName: string;
  itemNameTy?: string | null;
  points: bigint;
  valueMinor: bigint;
  status: RedeemStatus;
  address: DeliveryAddress | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

export type PointsSettingsRow = { enabled: boolean; convertPointsPerUnit: number; convertMinPoints: bigint };

const ITEM_COLUMNS = `id::text, kind, name, name_ty AS "nameTy", description, price_points::text AS "pricePoints",
  value_minor::text AS "valueMinor", turnover_multiple AS "turnoverMultiple", stock, per_member_limit AS "perMemberLimit",
  status`;
const REDEMPTION_COLUMNS = `r.id::text, r.member_id::text AS "memberId", r.item_id::text AS "itemId", r.kind,
  r.item_name AS "itemName", r.points::text, r.value_minor::text AS "valueMinor", r.status, r.address, r.reason,
  r.created_at AS "createdAt", r.decided_at AS "decidedAt"`;

type Text<T, K extends keyof T> = Omit<T, K> & Record<K, string>;
const toItem = (row: Text<MallItemRow, 'id' | 'pricePoints' | 'valueMinor'>): MallItemRow => ({
  ...row,
  id: BigInt(row.id),
  pricePoints: BigInt(row.pricePoints),
  valueMinor: BigInt(row.valueMinor),
});
const toRedemption = (row: Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>) => ({
  ...row,
  id: BigInt(row.id),
  memberId: BigInt(row.memberId),
  itemId: BigInt(row.itemId),
  points: BigInt(row.points),
  valueMinor: BigInt(row.valueMinor),
  createdAt: new Date(row.createdAt),
  decidedAt: row.decidedAt === null ? null : new Date(row.decidedAt),
});

export type ItemInput = Omit<MallItemRow, 'id'>;

/** SQL for the points mall (migration 0048). Every statement takes the connection or transaction it runs on. */
export const pointsRepository = (db: Database) => ({
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),

  settings: async (merchantId: number, q: Queryable = db): Promise<PointsSettingsRow | undefined> => {
    const { rows } = await q.query<{ enabled: boolean; convertPointsPerUnit: number; convertMinPoints: string }>(
      `SELECT enabled, convert_points_per_unit AS "convertPointsPerUnit", convert_min_points::text AS "convertMinPoints"
       FROM points_settings WHERE merchant_id = $1`,
      [merchantId],
    );
    const row = rows[0];
    return row === undefined ? undefined : { ...row, convertMinPoints: BigInt(row.convertMinPoints) };
  },

  saveSettings: async (q: Queryable, merchantId: number, settings: PointsSettingsRow, rates: readonly PointsRate[]) => {
    await q.query(
      `INSERT INTO points_settings (merchant_id, enabled, convert_points_per_unit, convert_min_points, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (merchant_id) DO UPDATE SET enabled = $2, convert_points_per_unit = $3, convert_min_points = $4,
         updated_at = now()`,
      [merchantId, settings.enabled, settings.convertPointsPerUnit, settings.convertMinPoints.toString()],
    );
    await q.query('DELETE FROM points_rates WHERE merchant_id = $1', [merchantId]);
    if (rates.length === 0) return;
    await q.query(
      `INSERT INTO points_rates (merchant_id, vip_level, game_type, points_per_hundred)
       SELECT $1, * FROM unnest($2::integer[], $3::text[], $4::integer[])`,
      [merchantId, rates.map((r) => r.vipLevel), rates.map((r) => r.gameType), rates.map((r) => r.pointsPerHundred)],
    );
  },

  rates: async (merchantId: number): Promise<PointsRate[]> => {
    const { rows } = await db.query<PointsRate>(
      `SELECT vip_level AS "vipLevel", game_type AS "gameType", points_per_hundred AS "pointsPerHundred"
       FROM points_rates WHERE merchant_id = $1 ORDER BY vip_level, game_type LIMIT 500`,
      [merchantId],
    );
    return rows;
  },

  /** Merchants that earn points, with today's business day in each one's time zone. */
  earningMerchants: async (now: Date): Promise<{ merchantId: number; today: string }[]> => {
    const { rows } = await db.query<{ merchantId: number; today: string }>(
      `SELECT s.merchant_id AS "merchantId", (($1::timestamptz) AT TIME ZONE d.timezone)::date::text AS today
       FROM points_settings s JOIN merchant_directory d ON d.id = s.merchant_id
       WHERE s.enabled ORDER BY s.merchant_id`,
      [now],
    );
    return rows;
  },

  items: async (merchantId: number, activeOnly: boolean): Promise<MallItemRow[]> => {
    const { rows } = await db.query<Text<MallItemRow, 'id' | 'pricePoints' | 'valueMinor'>>(
      `SELECT ${ITEM_COLUMNS} FROM mall_items WHERE merchant_id = $1 ${activeOnly ? "AND status = 'ACTIVE'" : ''}
       ORDER BY price_points, id LIMIT 500`,
      [merchantId],
    );
    return rows.map(toItem);
  },

  item: async (merchantId: number, id: bigint, q: Queryable = db, lock = false): Promise<MallItemRow | undefined> => {
    const { rows } = await q.query<Text<MallItemRow, 'id' | 'pricePoints' | 'valueMinor'>>(
      `SELECT ${ITEM_COLUMNS} FROM mall_items WHERE merchant_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [merchantId, id.toString()],
    );
    return rows[0] === undefined ? undefined : toItem(rows[0]);
  },

  insertItem: async (q: Queryable, merchantId: number, item: ItemInput): Promise<MallItemRow> => {
    const { rows } = await q.query<Text<MallItemRow, 'id' | 'pricePoints' | 'valueMinor'>>(
      `INSERT INTO mall_items (merchant_id, kind, name, description, price_points, value_minor, turnover_multiple,
         stock, per_member_limit, status, name_ty)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ITEM_COLUMNS}`,
      [merchantId, ...itemValues(item)],
    );
    return toItem(rows[0]!);
  },

  updateItem: async (q: Queryable, merchantId: number, id: bigint, item: ItemInput) => {
    const { rows } = await q.query<Text<MallItemRow, 'id' | 'pricePoints' | 'valueMinor'>>(
      `UPDATE mall_items SET kind = $3, name = $4, description = $5, price_points = $6, value_minor = $7,
         turnover_multiple = $8, stock = $9, per_member_limit = $10, status = $11, name_ty = $12, updated_at = now()
       WHERE merchant_id = $1 AND id = $2 RETURNING ${ITEM_COLUMNS}`,
      [merchantId, id.toString(), ...itemValues(item)],
    );
    return rows[0] === undefined ? undefined : toItem(rows[0]);
  },

  /** Takes one from the stock of a locked item; false when none is left (stock never goes below zero). */
  takeStock: async (q: Queryable, merchantId: number, itemId: bigint): Promise<boolean> => {
    const { rows } = await q.query(
      `UPDATE mall_items SET stock = stock - 1
       WHERE merchant_id = $1 AND id = $2 AND (stock IS NULL OR stock >= 1) RETURNING id`,
      [merchantId, itemId.toString()],
    );
    return rows.length === 1;
  },

  returnStock: async (q: Queryable, merchantId: number, itemId: bigint): Promise<void> => {
    await q.query('UPDATE mall_items SET stock = stock + 1 WHERE merchant_id = $1 AND id = $2 AND stock IS NOT NULL', [
      merchantId,
      itemId.toString(),
    ]);
  },

  /** The member's redemptions of an item that count against its limit (all but the rejected). */
  countOf: async (q: Queryable, merchantId: number, memberId: bigint, itemId: bigint): Promise<number> => {
    const { rows } = await q.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM mall_redemptions
       WHERE merchant_id = $1 AND item_id = $2 AND member_id = $3 AND status <> 'REJECTED'`,
      [merchantId, itemId.toString(), memberId.toString()],
    );
    return rows[0]?.n ?? 0;
  },

  insertRedemption: async (
    q: Queryable,
    merchantId: number,
    input: { memberId: bigint; requestId: string; item: MallItemRow; address: DeliveryAddress | null; now: Date },
  ): Promise<RedemptionRow> => {
    const { item } = input;
    const { rows } = await q.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `INSERT INTO mall_redemptions AS r (merchant_id, member_id, request_id, item_id, kind, item_name, points,
         value_minor, address, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${REDEMPTION_COLUMNS}`,
      [
        ...[merchantId, input.memberId.toString(), input.requestId, item.id.toString(), item.kind, item.name],
        ...[item.pricePoints.toString(), item.valueMinor.toString()],
        ...[input.address === null ? null : JSON.stringify(input.address), input.now],
      ],
    );
    return toRedemption(rows[0]!);
  },

  deleteRedemption: async (q: Queryable, merchantId: number, id: bigint): Promise<void> => {
    await q.query('DELETE FROM mall_redemptions WHERE merchant_id = $1 AND id = $2', [merchantId, id.toString()]);
  },

  byRequest: async (merchantId: number, memberId: bigint, requestId: string): Promise<RedemptionRow | undefined> => {
    const { rows } = await db.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `SELECT ${REDEMPTION_COLUMNS} FROM mall_redemptions r
       WHERE r.merchant_id = $1 AND r.member_id = $2 AND r.request_id = $3`,
      [merchantId, memberId.toString(), requestId],
    );
    return rows[0] === undefined ? undefined : toRedemption(rows[0]);
  },

  redemption: async (merchantId: number, id: bigint, q: Queryable = db): Promise<RedemptionRow | undefined> => {
    const { rows } = await q.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `SELECT ${REDEMPTION_COLUMNS}, m.username FROM mall_redemptions r
       LEFT JOIN member_directory m ON m.merchant_id = r.merchant_id AND m.id = r.member_id
       WHERE r.merchant_id = $1 AND r.id = $2`,
      [merchantId, id.toString()],
    );
    return rows[0] === undefined ? undefined : toRedemption(rows[0]);
  },

  ofMember: async (merchantId: number, memberId: bigint, limit: number): Promise<RedemptionRow[]> => {
    const { rows } = await db.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `SELECT ${REDEMPTION_COLUMNS}, i.name_ty AS "itemNameTy" FROM mall_redemptions r
       LEFT JOIN mall_items i ON i.merchant_id = r.merchant_id AND i.id = r.item_id
       WHERE r.merchant_id = $1 AND r.member_id = $2
       ORDER BY r.id DESC LIMIT $3`,
      [merchantId, memberId.toString(), limit],
    );
    return rows.map(toRedemption);
  },

  /** The back office's queue: newest first, one status or all. */
  list: async (merchantId: number, status: RedeemStatus | null, limit: number): Promise<RedemptionRow[]> => {
    const { rows } = await db.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `SELECT ${REDEMPTION_COLUMNS}, m.username FROM mall_redemptions r
       LEFT JOIN member_directory m ON m.merchant_id = r.merchant_id AND m.id = r.member_id
       WHERE r.merchant_id = $1 AND ($2::text IS NULL OR r.status = $2) ORDER BY r.id DESC LIMIT $3`,
      [merchantId, status, limit],
    );
    return rows.map(toRedemption);
  },

  /** Moves an in-process redemption to a decision; false when it was decided meanwhile. */
  decide: async (
    q: Queryable,
    merchantId: number,
    id: bigint,
    decision: { status: 'APPROVED' | 'REJECTED'; reason: string | null; by: bigint | null; at: Date },
  ): Promise<boolean> => {
    const { rows } = await q.query(
      `UPDATE mall_redemptions SET status = $3, reason = $4, decided_by = $5, decided_at = $6
       WHERE merchant_id = $1 AND id = $2 AND status = 'IN_PROCESS' RETURNING id`,
      [merchantId, id.toString(), decision.status, decision.reason, decision.by?.toString() ?? null, decision.at],
    );
    return rows.length === 1;
  },

  /** Redemptions rejected after `since` (the refund sweep re-posts their idempotent refunds). */
  rejectedSince: async (merchantId: number, since: Date, limit: number): Promise<RedemptionRow[]> => {
    const { rows } = await db.query<Text<RedemptionRow, 'id' | 'memberId' | 'itemId' | 'points' | 'valueMinor'>>(
      `SELECT ${REDEMPTION_COLUMNS} FROM mall_redemptions r
       WHERE r.merchant_id = $1 AND r.status = 'REJECTED' AND r.decided_at > $2 ORDER BY r.id DESC LIMIT $3`,
      [merchantId, since, limit],
    );
    return rows.map(toRedemption);
  },

  recordConversion: async (
    merchantId: number,
    c: { memberId: bigint; requestId: string; points: bigint; cashMinor: bigint; now: Date },
  ): Promise<void> => {
    await db.query(
      `INSERT INTO points_conversions (merchant_id, member_id, request_id, points, cash_minor, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (merchant_id, member_id, request_id) DO NOTHING`,
      [merchantId, c.memberId.toString(), c.requestId, c.points.toString(), c.cashMinor.toString(), c.now],
    );
  },

  /** The cost report: redemptions by item and status, conversions, and the points members hold. */
  report: async (merchantId: number) => {
    const [byItem, conversions, outstanding] = await Promise.all([
      db.query<{
        itemId: string;
        name: string;
        kind: MallItemKind;
        status: RedeemStatus;
        n: number;
        points: string;
        value: string;
      }>(
        `SELECT r.item_id::text AS "itemId", i.name, i.kind, r.status, count(*)::integer AS n,
           sum(r.points)::text AS points, sum(r.value_minor)::text AS value
         FROM mall_redemptions r JOIN mall_items i ON i.merchant_id = r.merchant_id AND i.id = r.item_id
         WHERE r.merchant_id = $1 GROUP BY r.item_id, i.name, i.kind, r.status ORDER BY r.item_id LIMIT 1500`,
        [merchantId],
      ),
      db.query<{ points: string; cash: string }>(
        `SELECT coalesce(sum(points), 0)::text AS points, coalesce(sum(cash_minor), 0)::text AS cash
         FROM points_conversions WHERE merchant_id = $1`,
        [merchantId],
      ),
      db.query<{ points: string }>(
        `SELECT coalesce(sum(balance_minor), 0)::text AS points FROM ledger_account_balances
         WHERE merchant_id = $1 AND owner_kind = 'MEMBER' AND purpose = 'POINTS' AND shard = 0`,
        [merchantId],
      ),
    ]);
    return {
      byItem: byItem.rows,
      conversions: conversions.rows[0] ?? { points: '0', cash: '0' },
      outstanding: outstanding.rows[0]?.points ?? '0',
    };
  },
});

const itemValues = (item: ItemInput) => [
  ...[item.kind, item.name, item.description, item.pricePoints.toString(), item.valueMinor.toString()],
  ...[item.turnoverMultiple, item.stock, item.perMemberLimit, item.status, item.nameTy],
];

export type PointsRepository = ReturnType<typeof pointsRepository>;
