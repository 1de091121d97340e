import type { FastifyInstance } from 'fastify';
import { formatMoney, OPS_API, type OpsVipLevel, type OpsVipLevelInput } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';
import { route } from '../../../lib/route';
import { parseFieldAmount } from '../../money/wallet';
import type { AuditAction } from '../../operations/audit';
import type { StaffAuth, StaffCaller } from '../../operations/staff';
import type { Merchant } from '../../platform/merchant';
import type { VipLevelInput, VipLevelRow } from './vip.repository';
import { HOUSE_EDGE_BP, type VipService } from './vip.service';

const percentOf = (bp: number): string => (bp / 100).toString();

/** The form's amount in minor units, its field named in the answer so the form shows the message under it. */
const amountIn = (text: string, merchant: Merchant, path: string): bigint => {
  // A level's bonus or threshold may be zero (the wallet's amounts to move may not).
  if (/^0+(\.0+)?$/.test(text.trim())) return 0n;
  return parseFieldAmount(text, merchant, path);
};

export const opsVipLevelWire = (l: VipLevelRow, merchant: Merchant): OpsVipLevel => {
  const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
  return {
    level: l.level,
    name: { EN: l.name.EN ?? Object.values(l.name)[0] ?? l.label, ...(l.name.TY ? { TY: l.name.TY } : {}) },
    label: l.label,
    upgradeBasis: l.upgradeBasis,
    threshold: money(l.minValidBetMinor),
    upgradeBonus: money(l.upgradeBonusMinor),
    birthdayBonus: money(l.birthdayBonusMinor),
    withdrawDailyCount: l.withdrawDailyCount,
    withdrawDailyMax: l.withdrawDailyMaxMinor === null ? null : money(l.withdrawDailyMaxMinor),
    rebateRates: Object.fromEntries(Object.entries(l.rebateRatesBp).map(([t, bp]) => [t, percentOf(bp)])),
  };
};

/** The form's level in the table's units (minor units, basis points). */
export const vipLevelOf = (level: number, input: OpsVipLevelInput, merchant: Merchant): VipLevelInput => {
  const name: Record<string, string> = { EN: input.name.EN };
  if (input.name.TY) name.TY = input.name.TY;
  return {
    level,
    name,
    label: input.label,
    upgradeBasis: input.upgradeBasis,
    minValidBetMinor: level === 0 ? 0n : amountIn(input.threshold, merchant, 'threshold'),
    upgradeBonusMinor: amountIn(input.upgradeBonus, merchant, 'upgradeBonus'),
    birthdayBonusMinor: amountIn(input.birthdayBonus, merchant, 'birthdayBonus'),
    withdrawDailyCount: input.withdrawDailyCount,
    withdrawDailyMaxMinor:
      input.withdrawDailyMax === null ? null : amountIn(input.withdrawDailyMax, merchant, 'withdrawDailyMax'),
    // The contract allows at most two decimals of a percent: a whole number of basis points.
    rebateRatesBp: Object.fromEntries(
      Object.entries(input.rebateRates).map(([t, percent]) => [t, Math.round(Number(percent) * 100)]),
    ),
  };
};

/**
 * VIP and rebate settings in the back office (issue 20, under promotions.manage): the levels with their benefits and
 * each game type's house edge; a level written whole, audited with its before and after, and refused, writing
 * nothing, when a rebate rate is above its game type's house edge (REBATE_RATE_ABOVE_EDGE, 422).
 */
export const vipOpsRoutes = async (
  app: FastifyInstance,
  options: {
    db: Database;
    service: VipService;
    staff: StaffAuth;
    audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
  },
) => {
  const { db, service, staff, audit } = options;
  const guard = (request: Parameters<StaffAuth['requireStaff']>[0]) => staff.requireStaff(request, 'promotions.manage');

  route(app, 'GET', OPS_API.vipLevels, {
    guard,
    handler: async ({ caller }) => ({
      list: (await service.levels(caller.merchant.id)).map((l) => opsVipLevelWire(l, caller.merchant)),
      houseEdges: Object.fromEntries(Object.entries(HOUSE_EDGE_BP).map(([t, bp]) => [t, percentOf(bp)])),
    }),
  });

  route(app, 'PUT', OPS_API.vipLevel, {
    guard,
    what: { body: 'VIP level' },
    handler: async ({ caller, params, body }) => {
      const { merchant } = caller;
      const level = Number(params.level);
      const input = vipLevelOf(level, body, merchant);
      return db.transaction(async (tx) => {
        const before = (await service.levels(merchant.id, tx)).find((l) => l.level === level);
        await service.setLevel(merchant.id, input, tx);
        const after = (await service.levels(merchant.id, tx)).find((l) => l.level === level)!;
        const wire = opsVipLevelWire(after, merchant);
        await audit(tx, caller, {
          ...{ action: before === undefined ? 'vip.level.create' : 'vip.level.update', targetType: 'vip_level' },
          targetId: String(level),
          before: before === undefined ? null : opsVipLevelWire(before, merchant),
          after: wire,
        });
        return wire;
      });
    },
  });
};
