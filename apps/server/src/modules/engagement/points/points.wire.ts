import { formatMoney, type MallItem, type OpsMallItem, type OpsRedemption, type Redemption } from '@platform/contracts';
import type { MallItemRow, RedemptionRow } from './points.repository';

export const itemWire = (row: MallItemRow, scale: number): MallItem => ({
  id: row.id.toString(),
  kind: row.kind,
  name: row.name,
  description: row.description,
  pricePoints: row.pricePoints.toString(),
  value: formatMoney(row.valueMinor, scale),
  turnoverMultiple: row.turnoverMultiple,
  stock: row.stock,
  perMemberLimit: row.perMemberLimit,
});

export const opsItemWire = (row: MallItemRow, scale: number, redeemed: number): OpsMallItem => ({
  ...itemWire(row, scale),
  status: row.status,
  redeemed,
});

export const redemptionWire = (row: RedemptionRow): Redemption => ({
  id: row.id.toString(),
  itemId: row.itemId.toString(),
  itemName: row.itemName,
  kind: row.kind,
  points: row.points.toString(),
  status: row.status,
  address: row.address,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export const opsRedemptionWire = (row: RedemptionRow): OpsRedemption => ({
  ...redemptionWire(row),
  memberId: row.memberId.toString(),
  username: row.username ?? '',
});
