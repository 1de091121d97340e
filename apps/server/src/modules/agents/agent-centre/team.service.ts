import {
  addDays,
  formatMoney,
  resolvePeriod,
  TEAM_SERIES_DAYS,
  type DownlinePage,
  type DownlineRow,
  type TeamFigures,
  type TeamOverview,
} from '@platform/contracts';
import type { DownlineListQuerySchema, TeamOverviewQuerySchema } from '@platform/contracts';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { AgentCentreRepository } from './agent-centre.repository';
import { periodOf, totalPages, type PeriodResolver } from './period';
import type { TeamFigureValues, TeamStats } from './ports';
import type { TeamRepository } from './team.repository';

type Money = Pick<Merchant, 'id' | 'currencyScale' | 'currencyCode'>;
type Caller = Pick<Session, 'merchantId' | 'memberId'>;

export const downlineNotFound = () => new AppError('DOWNLINE_NOT_FOUND', 404, 'There is no such account in your team');

const figuresOf = (values: TeamFigureValues, scale: number): TeamFigures => ({
  activeMembers: values.activeMembers,
  newMembers: values.newMembers,
  firstDeposits: values.firstDeposits,
  deposits: formatMoney(values.depositMinor, scale),
  withdrawals: formatMoney(values.withdrawMinor, scale),
  validBet: formatMoney(values.validBetMinor, scale),
  profit: formatMoney(values.profitMinor, scale),
});

const NONE: TeamFigureValues = {
  activeMembers: 0,
  newMembers: 0,
  firstDeposits: 0,
  depositMinor: 0n,
  withdrawMinor: 0n,
  validBetMinor: 0n,
  profitMinor: 0n,
};

const rowFigures = (values: TeamFigureValues | undefined, scale: number) => {
  const { deposits, withdrawals, validBet, profit } = figuresOf(values ?? NONE, scale);
  return { deposits, withdrawals, validBet, profit };
};

const sumOf = (all: Iterable<TeamFigureValues>): TeamFigureValues => {
  const total = { ...NONE };
  for (const one of all) {
    total.depositMinor += one.depositMinor;
    total.withdrawMinor += one.withdrawMinor;
    total.validBetMinor += one.validBetMinor;
    total.profitMinor += one.profitMinor;
  }
  return total;
};

export type TeamServiceDeps = {
  repo: TeamRepository;
  own: Pick<AgentCentreRepository, 'settings'>;
  stats: TeamStats;
  resolvePeriod: PeriodResolver;
  now: Clock;
};

/** agentTeamOverview and downlineManagmentView: the caller's own subtree, from the team rollups. */
export const teamServiceFactory = ({ repo, own, stats, resolvePeriod: resolve, now }: TeamServiceDeps) => ({
  overview: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof TeamOverviewQuerySchema>,
  ): Promise<TeamOverview> => {
    const { timezone, today } = await repo.localToday(merchant.id, new Date(now()).toISOString());
    const picked = await resolve(merchant.id, query);
    const summary = (period: 'TODAY' | 'YESTERDAY' | 'THIS_WEEK' | 'THIS_MONTH') => {
      const days = resolvePeriod(period, today);
      return stats.teamSummary(merchant.id, caller.memberId, days.from, days.to);
    };
    const [teamSize, todayFigures, yesterday, thisWeek, thisMonth, series, selected] = await Promise.all([
      stats.teamSize(merchant.id, caller.memberId),
      summary('TODAY'),
      summary('YESTERDAY'),
      summary('THIS_WEEK'),
      summary('THIS_MONTH'),
      stats.teamByDay(merchant.id, caller.memberId, addDays(today, 1 - TEAM_SERIES_DAYS), today),
      stats.teamSummary(merchant.id, caller.memberId, picked.from, picked.to),
    ]);
    const scale = merchant.currencyScale;
    return {
      today,
      timeZone: timezone,
      teamSize,
      periods: {
        today: figuresOf(todayFigures, scale),
        yesterday: figuresOf(yesterday, scale),
        thisWeek: figuresOf(thisWeek, scale),
        thisMonth: figuresOf(thisMonth, scale),
      },
      series: series.map((day) => ({ day: day.day, ...figuresOf(day, scale) })),
      selected: { period: periodOf(picked), figures: figuresOf(selected, scale) },
    };
  },

  downlines: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof DownlineListQuerySchema>,
  ): Promise<DownlinePage> => {
    const period = await resolve(merchant.id, query);
    const parent =
      query.parent === undefined ? undefined : await repo.inSubtree(merchant.id, caller.memberId, query.parent, 0);
    if (query.parent !== undefined && parent === undefined) throw downlineNotFound();
    const parentId = parent?.id ?? caller.memberId;
    const filter = {
      merchantId: merchant.id,
      callerId: caller.memberId,
      parentId,
      parentLevel: parent?.level ?? 0,
      search: query.username,
      currency: merchant.currencyCode,
    };
    const offset = (query.pageNo - 1) * query.pageSize;
    const [rows, totals, breadcrumb, settings] = await Promise.all([
      repo.downlines(filter, offset, query.pageSize),
      repo.downlineTotals(filter),
      repo.breadcrumb(merchant.id, caller.memberId, parentId),
      own.settings(merchant.id),
    ]);
    const figures = await stats.downlineFigures(merchant.id, caller.memberId, totals.ids, period.from, period.to);
    const scale = merchant.currencyScale;
    const list: DownlineRow[] = rows.map((row) => ({
      username: row.username,
      nickname: row.nickname,
      type: row.userType === 0 ? 'MEMBER' : 'AGENT',
      level: row.level,
      directCount: row.directCount,
      balance: formatMoney(row.balanceMinor, scale),
      lastLogin: row.lastLogin?.toISOString() ?? null,
      joinedAt: row.joinedAt.toISOString(),
      status: row.status as DownlineRow['status'],
      remark: row.remark,
      figures: rowFigures(figures.get(row.id.toString()), scale),
    }));
    return {
      period: periodOf(period),
      breadcrumb,
      list,
      totals: {
        count: totals.ids.length,
        balance: formatMoney(totals.balanceMinor, scale),
        ...rowFigures(sumOf(figures.values()), scale),
      },
      pageNo: query.pageNo,
      totalPages: totalPages(totals.ids.length, query.pageSize),
      canLock: settings.agentsMayLock,
    };
  },
});

export type TeamService = ReturnType<typeof teamServiceFactory>;
