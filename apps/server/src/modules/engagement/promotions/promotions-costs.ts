import { formatMoney, type OpsPromotionPreview, type PromotionCostReport } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { BonusWalletService } from '../bonus-wallet';
import type { PromotionsOpsRepository } from './promotions-ops.repository';
import type { PromotionsService } from './promotions.service';

/**
 * The back office's views of promotions (issue 20): a promotion previewed as members would see it in each language
 * before it goes live, and the cost per promotion over a date range (from the bonus wallet's grants).
 */
export const promotionsViewsFactory = (deps: {
  repo: Pick<PromotionsOpsRepository, 'all' | 'one'>;
  service: Pick<PromotionsService, 'preview'>;
  bonus: Pick<BonusWalletService, 'costByPromotion'>;
  now: Clock;
}) => ({
  preview: async (merchant: Merchant, id: bigint, language: string): Promise<OpsPromotionPreview> => {
    const p = await deps.repo.one(merchant.id, id);
    if (p === undefined) throw new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion');
    const at = deps.now();
    const live = p.status === 'ACTIVE' && p.startsAt.getTime() <= at && (p.endsAt === null || p.endsAt.getTime() > at);
    return { language, promotion: deps.service.preview(merchant, p, language), live };
  },

  costs: async (merchant: Merchant, from: string, to: string): Promise<PromotionCostReport> => {
    const [rows, promotions] = await Promise.all([
      deps.bonus.costByPromotion(merchant.id, from, to),
      deps.repo.all(merchant.id),
    ]);
    const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
    const titleOf = (id: bigint | null) => {
      if (id === null) return '';
      const p = promotions.find((x) => BigInt(x.id) === id);
      return p?.title.EN ?? Object.values(p?.title ?? {})[0] ?? `#${id}`;
    };
    const sum = (pick: (r: (typeof rows)[number]) => bigint) => rows.reduce((a, r) => a + pick(r), 0n);
    return {
      from,
      to,
      rows: rows.map((r) => ({
        promotionId: r.promotionId?.toString() ?? null,
        title: titleOf(r.promotionId),
        grants: r.grants,
        granted: money(r.grantedMinor),
        converted: money(r.convertedMinor),
        forfeited: money(r.forfeitedMinor),
        outstanding: money(r.outstandingMinor),
      })),
      total: {
        grants: rows.reduce((a, r) => a + r.grants, 0),
        granted: money(sum((r) => r.grantedMinor)),
        converted: money(sum((r) => r.convertedMinor)),
        forfeited: money(sum((r) => r.forfeitedMinor)),
        outstanding: money(sum((r) => r.outstandingMinor)),
      },
    };
  },
});

export type PromotionsViews = ReturnType<typeof promotionsViewsFactory>;
