import { formatMoney, type MallItem, type OpsMallItem, type OpsRedemption, type Redemption } from '@platform/contracts';
import type { MallItemRow, RedemptionRow } from './points.repository';

/** An item's name in the member's language: the Filipino one to a TY reader when there is one, else English. */
const nameIn = (name: string, nameTy: string | null | undefined, language: string) =>
  language.toUpperCase() === 'TY' && nameTy != null ? nameTy : name;

/** An item as members see it, named in `language` (staff: English). */
export const itemWire = (row: MallItemRow, scale: number, language = 'EN'): MallItem => ({
  id: row.id.toString(),
  kind: row.kind,
  name: nameIn(row.name, row.nameTy, language),
  description: row.description,
  pricePoints: row.pricePoints.toString(),
  value: formatMoney(row.valueMinor, scale),
  turnoverMultiple: row.turnoverMultiple,
  stock: row.stock,
  perMemberLimit: row.perMemberLimit,
});

export const opsItemWire = (row: MallItemRow, scale: number, redeemed: number): OpsMallItem => ({
  ...itemWire(row, scale),
  nameTy: row.nameTy,
  status: row.status,
  redeemed,
});

export const redemptionWire = (row: RedemptionRow, language = 'EN'): Redemption => ({
  id: row.id.toString(),
  itemId: row.itemId.toString(),
  itemName: nameIn(row.itemName, row.itemNameTy, language),
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
