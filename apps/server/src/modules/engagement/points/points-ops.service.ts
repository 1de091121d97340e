import {
  formatMoney,
  OpsMallItemInputSchema,
  type OpsMallItemInput,
  type OpsPointsSettings,
  type PointsReport,
  type RedeemStatus,
} from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import { parseAmount } from '../../money/wallet';
import type { PointsRepository, RedemptionRow } from './points.repository';
import { opsItemWire, opsRedemptionWire } from './points.wire';

export type PointsOpsDeps = {
  repo: PointsRepository;
  now: Clock;
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
  refund: (merchant: StaffCaller['merchant'], row: RedemptionRow) => Promise<void>;
  isSpent: (merchantId: number, redemptionId: bigint) => Promise<boolean>;
};

const notFound = () => new AppError('REDEMPTION_NOT_FOUND', 404, 'No such redemption');
const decided = () => new AppError('REDEMPTION_DECIDED', 409, 'This redemption was already decided');

/**
 * The back office's mall (promotions.manage; the report reports.view): items with stock, earning rates and the
 * conversion rule, the redemption queue (approve fulfils goods; reject refunds the points and returns the stock), and
 * the cost report. Every change writes its audit entry in the transaction that makes it.
 */
export const pointsOpsServiceFactory = ({ repo, now, audit, refund, isSpent }: PointsOpsDeps) => {
  const toInput = (caller: StaffCaller, input: OpsMallItemInput) => {
    const body = OpsMallItemInputSchema.parse(input);
    const valueMinor = body.kind === 'GOODS' ? 0n : parseAmount(body.value, caller.merchant);
    if (body.kind !== 'GOODS' && valueMinor <= 0n) {
      throw new AppError('VALIDATION_FAILED', 400, 'A bonus or cash item needs a value above zero');
    }
    return {
      ...{ kind: body.kind, name: body.name, nameTy: body.nameTy, description: body.description },
      pricePoints: BigInt(body.pricePoints),
      ...{ valueMinor, turnoverMultiple: body.kind === 'BONUS' ? body.turnoverMultiple : 0, stock: body.stock },
      ...{ perMemberLimit: body.perMemberLimit, status: body.status },
    };
  };

  const redeemedCounts = async (merchantId: number) => {
    const { byItem } = await repo.report(merchantId);
    const counts = new Map<string, number>();
    for (const row of byItem)
      if (row.status !== 'REJECTED') counts.set(row.itemId, (counts.get(row.itemId) ?? 0) + row.n);
    return counts;
  };

  const decide = async (caller: StaffCaller, id: bigint, status: 'APPROVED' | 'REJECTED', reason: string | null) => {
    const { merchant } = caller;
    const row = await repo.redemption(merchant.id, id);
    if (row === undefined) throw notFound();
    if (row.status !== 'IN_PROCESS') throw decided();
    if (status === 'APPROVED' && !(await isSpent(merchant.id, id))) {
      throw new AppError('REDEMPTION_UNPAID', 409, 'The points of this redemption were never taken; reject it');
    }
    await repo.transaction(async (tx) => {
      const at = new Date(now());
      if (!(await repo.decide(tx, merchant.id, id, { status, reason, by: BigInt(caller.staffId), at })))
        throw decided();
      if (status === 'REJECTED') await repo.returnStock(tx, merchant.id, row.itemId);
      await audit(tx, caller, {
        ...{ action: `points.redemption.${status === 'APPROVED' ? 'approve' : 'reject'}` },
        ...{ targetType: 'mall_redemption', targetId: id.toString(), before: { status: row.status } },
        after: { status, points: row.points.toString() },
        reason,
      });
    });
    if (status === 'REJECTED') await refund(merchant, row);
    return opsRedemptionWire((await repo.redemption(merchant.id, id))!);
  };

  return {
    items: async (caller: StaffCaller) => {
      const [items, counts] = await Promise.all([
        repo.items(caller.merchant.id, false),
        redeemedCounts(caller.merchant.id),
      ]);
      return {
        list: items.map((i) => opsItemWire(i, caller.merchant.currencyScale, counts.get(i.id.toString()) ?? 0)),
      };
    },
    createItem: async (caller: StaffCaller, input: OpsMallItemInput) => {
      const item = toInput(caller, input);
      const row = await repo.transaction(async (tx) => {
        const created = await repo.insertItem(tx, caller.merchant.id, item);
        await audit(tx, caller, {
          ...{ action: 'points.item.create', targetType: 'mall_item', targetId: created.id.toString() },
          after: { ...item, pricePoints: item.pricePoints.toString(), valueMinor: item.valueMinor.toString() },
        });
        return created;
      });
      return opsItemWire(row, caller.merchant.currencyScale, 0);
    },
    updateItem: async (caller: StaffCaller, id: bigint, input: OpsMallItemInput) => {
      const item = toInput(caller, input);
      const before = await repo.item(caller.merchant.id, id);
      if (before === undefined) throw new AppError('MALL_ITEM_NOT_FOUND', 404, 'No such item');
      const row = await repo.transaction(async (tx) => {
        const updated = await repo.updateItem(tx, caller.merchant.id, id, item);
        if (updated === undefined) throw new AppError('MALL_ITEM_NOT_FOUND', 404, 'No such item');
        await audit(tx, caller, {
          ...{ action: 'points.item.update', targetType: 'mall_item', targetId: id.toString() },
          before: {
            ...before,
            id: undefined,
            pricePoints: before.pricePoints.toString(),
            valueMinor: before.valueMinor.toString(),
          },
          after: { ...item, pricePoints: item.pricePoints.toString(), valueMinor: item.valueMinor.toString() },
        });
        return updated;
      });
      return opsItemWire(
        row,
        caller.merchant.currencyScale,
        (await redeemedCounts(caller.merchant.id)).get(id.toString()) ?? 0,
      );
    },
    settings: async (caller: StaffCaller): Promise<OpsPointsSettings> => {
      const [settings, rates] = await Promise.all([repo.settings(caller.merchant.id), repo.rates(caller.merchant.id)]);
      return {
        enabled: settings?.enabled ?? false,
        convertPointsPerUnit: settings?.convertPointsPerUnit ?? 0,
        convertMinPoints: Number(settings?.convertMinPoints ?? 100n),
        rates,
      };
    },
    saveSettings: async (caller: StaffCaller, body: OpsPointsSettings): Promise<OpsPointsSettings> => {
      const keys = new Set(body.rates.map((r) => `${r.vipLevel}:${r.gameType}`));
      if (keys.size !== body.rates.length) throw new AppError('VALIDATION_FAILED', 400, 'A rate is listed twice');
      await repo.transaction(async (tx) => {
        const settings = { ...body, convertMinPoints: BigInt(body.convertMinPoints) };
        await repo.saveSettings(tx, caller.merchant.id, settings, body.rates);
        await audit(tx, caller, {
          action: 'points.settings.update',
          targetType: 'points_settings',
          targetId: caller.merchant.id,
          after: body,
        });
      });
      return body;
    },
    redemptions: async (caller: StaffCaller, status: RedeemStatus | null) => ({
      list: (await repo.list(caller.merchant.id, status, 200)).map(opsRedemptionWire),
    }),
    approve: (caller: StaffCaller, id: bigint) => decide(caller, id, 'APPROVED', null),
    reject: (caller: StaffCaller, id: bigint, reason: string) => decide(caller, id, 'REJECTED', reason),
    report: async (caller: StaffCaller): Promise<PointsReport> => {
      const scale = caller.merchant.currencyScale;
      const { byItem, conversions, outstanding } = await repo.report(caller.merchant.id);
      const sum = (pick: (r: (typeof byItem)[number]) => boolean, field: 'points' | 'value') =>
        byItem.filter(pick).reduce((total, r) => total + BigInt(r[field]), 0n);
      const items = new Map<string, PointsReport['byItem'][number]>();
      for (const r of byItem) {
        const entry = items.get(r.itemId) ?? { itemId: r.itemId, name: r.name, kind: r.kind, approved: 0, points: '0' };
        if (r.status === 'APPROVED') {
          entry.approved += r.n;
          entry.points = (BigInt(entry.points) + BigInt(r.points)).toString();
        }
        items.set(r.itemId, entry);
      }
      return {
        spent: (sum((r) => r.status === 'APPROVED', 'points') + BigInt(conversions.points)).toString(),
        inProcess: sum((r) => r.status === 'IN_PROCESS', 'points').toString(),
        refunded: sum((r) => r.status === 'REJECTED', 'points').toString(),
        outstanding,
        cashPaid: formatMoney(
          sum((r) => r.status === 'APPROVED' && r.kind === 'CASH', 'value') + BigInt(conversions.cash),
          scale,
        ),
        bonusGranted: formatMoney(
          sum((r) => r.status === 'APPROVED' && r.kind === 'BONUS', 'value'),
          scale,
        ),
        byItem: [...items.values()],
      };
    },
  };
};

export type PointsOpsService = ReturnType<typeof pointsOpsServiceFactory>;
