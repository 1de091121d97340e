import { resolvePeriod, type AgentPeriod, type ResolvedPeriod } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { TeamRepository } from './team.repository';

export type PeriodQuery = { period: AgentPeriod; from?: string | undefined; to?: string | undefined };

/** A period as business days of the merchant's time zone, with that zone and today's day. */
export type BusinessPeriod = ResolvedPeriod & { timezone: string; today: string };

/**
 * Resolves the period filter in the merchant's time zone (weeks start on Monday). The schema has checked a custom
 * range's order and length; here it must not reach past today (400 PERIOD_INVALID).
 */
export const periodResolver =
  (repo: Pick<TeamRepository, 'localToday'>, now: Clock) =>
  async (merchantId: number, query: PeriodQuery): Promise<BusinessPeriod> => {
    const { timezone, today } = await repo.localToday(merchantId, new Date(now()).toISOString());
    if (query.period === 'CUSTOM' && (query.to ?? '') > today) {
      throw new AppError('PERIOD_INVALID', 400, 'A custom period cannot reach past today');
    }
    const days = resolvePeriod(query.period, today, { from: query.from, to: query.to });
    return { period: query.period, ...days, timezone, today };
  };

export type PeriodResolver = ReturnType<typeof periodResolver>;

/** The answer's `period` field. */
export const periodOf = (period: BusinessPeriod): ResolvedPeriod => ({
  period: period.period,
  from: period.from,
  to: period.to,
});

export const totalPages = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
