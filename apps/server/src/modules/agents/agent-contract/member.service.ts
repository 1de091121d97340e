import {
  bpsToRate,
  CONTRACT_TYPES,
  DIVIDEND_PERIOD_CODES,
  formatMoney,
  isAgentType,
  rateAt,
  resolvePeriod,
  SALARY_TYPES,
  type AgentPeriod,
  type Consolidated,
  type ContractDetails,
  type ContractType,
  type RevenueReport,
  type SettlementPage,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { defaultPolicy, NO_WINDOW_FIGURES } from './agent-contract.types';
import { contractsRepository as repo } from './contracts.repository';
import { toContract, toSettlement } from './mapping';
import { recordsRepository } from './records.repository';
import type { SettlementPorts } from './settlement.service';
import { settlementRepository } from './settlement.repository';
import { formatTiers } from './rules';
import { localParts, windowAt } from './windows';

/** The caller as the agent routes know it: its session and its merchant's currency. */
export type AgentCaller = { merchantId: number; memberId: bigint; userType: number; scale: number };

type PeriodQuery = { period: AgentPeriod; from?: string | undefined; to?: string | undefined };
type Paging = { pageNo: number; pageSize: number };

/**
 * What the agent centre reads (issue 19; spec §3 consolidated info and contract details, the record pages and
 * agentRevenueReport). Every answer is the caller's own or its subtree's.
 */
export const memberServiceFactory = (deps: { db: Database; now: Clock; ports: Pick<SettlementPorts, 'teamsPlay'> }) => {
  const { db, now } = deps;

  const policies = async (merchantId: number) => {
    const stored = await repo.policies(db, merchantId);
    return CONTRACT_TYPES.map((type) => stored.find((p) => p.type === type) ?? defaultPolicy(type));
  };

  const days = async (merchantId: number, query: PeriodQuery) => {
    const timezone = await repo.timezone(db, merchantId);
    const today = localParts(timezone, new Date(now())).day;
    if (query.period === 'CUSTOM' && (query.to ?? '') > today) {
      throw new AppError('PERIOD_INVALID', 400, 'A custom period cannot reach past today');
    }
    return { period: query.period, ...resolvePeriod(query.period, today, { from: query.from, to: query.to }) };
  };

  const consolidated = async (caller: AgentCaller): Promise<Consolidated> => {
    const isAgent = isAgentType(caller.userType);
    const [all, open, timeZone] = await Promise.all([
      policies(caller.merchantId),
      isAgent ? repo.openOf(db, caller.merchantId, caller.memberId) : Promise.resolve([]),
      repo.timezone(db, caller.merchantId),
    ]);
    const types = all.map((policy) => {
      const active = open.find((c) => c.type === policy.type && c.status === 'ACTIVE');
      const enabled = isAgent && policy.enabled;
      return {
        type: policy.type,
        enabled,
        active: active !== undefined,
        pendingOffer: open.some((c) => c.type === policy.type && c.status === 'OFFERED'),
        canOffer: enabled && active !== undefined && (policy.downlineMayOffer || active.offeredById === null),
      };
    });
    const on = (type: ContractType) => types.find((t) => t.type === type)?.enabled === true;
    const dividend = all.find((p) => p.type === 'DIVIDEND');
    return {
      divtypereq: on('DIVIDEND') ? DIVIDEND_PERIOD_CODES[dividend?.period ?? 'MONTHLY'] : 0,
      dailysalreqtype: on('DAILY_SALARY') ? 1 : 0,
      contracthoursalreq: on('HOURLY_SALARY') ? 1 : 0,
      realtimesalreqtype: on('REALTIME_SALARY') ? 1 : 0,
      enableContract: on('DIVIDEND'),
      enableSalary: SALARY_TYPES.some(on),
      types,
      timeZone,
    };
  };

  /** Spec §3 contract details of the caller or a member of its subtree, for the window in progress. */
  const details = async (caller: AgentCaller, type: ContractType, username?: string): Promise<ContractDetails> => {
    const { merchantId } = caller;
    let holderId = caller.memberId;
    let holder = await repo.usernameOf(db, merchantId, holderId);
    if (username !== undefined) {
      const found = await repo.findMember(db, merchantId, username, caller.memberId);
      if (found === undefined || found.depth === null) {
        throw new AppError('DOWNLINE_NOT_FOUND', 404, 'There is no such account in your team');
      }
      holderId = found.id;
      holder = found.username;
    }
    const [all, timezone, contract, offer] = await Promise.all([
      policies(merchantId),
      repo.timezone(db, merchantId),
      repo.current(db, merchantId, holderId, type, 'ACTIVE'),
      repo.current(db, merchantId, holderId, type, 'OFFERED'),
    ]);
    const policy = all.find((p) => p.type === type) ?? defaultPolicy(type);
    const window = windowAt({ type, period: policy.period }, timezone, new Date(now()));
    let figures = NO_WINDOW_FIGURES;
    if (type === 'REALTIME_SALARY' || type === 'HOURLY_SALARY') {
      await settlementRepository.takeIn(db);
      const map = await settlementRepository.slotFigures(db, merchantId, [holderId], window.start, window.end);
      figures = map.get(holderId.toString()) ?? NO_WINDOW_FIGURES;
    } else {
      const map = await deps.ports.teamsPlay(merchantId, [holderId], window.firstDay, window.lastDay);
      figures = map.get(holderId.toString()) ?? NO_WINDOW_FIGURES;
    }
    const mayOffer = contract !== undefined && (policy.downlineMayOffer || contract.offeredById === null);
    return {
      type,
      username: holder,
      enabled: policy.enabled,
      contract: contract === undefined ? null : toContract(contract, caller.scale),
      offer: offer === undefined ? null : toContract(offer, caller.scale),
      window: {
        start: window.start.toISOString(),
        end: window.end.toISOString(),
        firstDay: window.firstDay,
        lastDay: window.lastDay,
      },
      rate: bpsToRate(
        contract === undefined ? 0 : rateAt(contract.tiers, figures.validBetMinor, figures.activeMembers),
      ),
      validBet: formatMoney(figures.validBetMinor, caller.scale),
      profit: formatMoney(figures.profitMinor, caller.scale),
      activeMembers: figures.activeMembers,
      minActiveMembers: policy.minActiveMembers,
      offerCeiling: policy.enabled && mayOffer ? formatTiers(contract.tiers, caller.scale) : null,
    };
  };

  const settlements = async (
    caller: AgentCaller,
    query: PeriodQuery & Paging & { type: ContractType },
  ): Promise<SettlementPage> => {
    const period = await days(caller.merchantId, query);
    const filter = {
      merchantId: caller.merchantId,
      agentId: caller.memberId,
      type: query.type,
      fromDay: period.from,
      toDay: period.to,
    };
    const { rows, sums } = await recordsRepository.page(
      db,
      filter,
      (query.pageNo - 1) * query.pageSize,
      query.pageSize,
    );
    const money = (minor: bigint) => formatMoney(minor, caller.scale);
    return {
      period,
      list: rows.map((row) => toSettlement(row, caller.scale)),
      totals: {
        gross: money(sums.grossMinor),
        downlineShare: money(sums.downlineMinor),
        net: money(sums.netMinor),
        paid: money(sums.paidMinor),
      },
      pageNo: query.pageNo,
      totalPages: Math.ceil(sums.windows / query.pageSize),
    };
  };

  const revenue = async (caller: AgentCaller, query: PeriodQuery): Promise<RevenueReport> => {
    const period = await days(caller.merchantId, query);
    const byType = await recordsRepository.byType(db, {
      merchantId: caller.merchantId,
      agentId: caller.memberId,
      fromDay: period.from,
      toDay: period.to,
    });
    const money = (minor: bigint) => formatMoney(minor, caller.scale);
    const zero = { windows: 0, grossMinor: 0n, downlineMinor: 0n, netMinor: 0n, paidMinor: 0n };
    const row = (sums: typeof zero) => ({
      windows: sums.windows,
      gross: money(sums.grossMinor),
      downlineShare: money(sums.downlineMinor),
      net: money(sums.netMinor),
      paid: money(sums.paidMinor),
    });
    const total = [...byType.values()].reduce(
      (sum, s) => ({
        windows: sum.windows + s.windows,
        grossMinor: sum.grossMinor + s.grossMinor,
        downlineMinor: sum.downlineMinor + s.downlineMinor,
        netMinor: sum.netMinor + s.netMinor,
        paidMinor: sum.paidMinor + s.paidMinor,
      }),
      zero,
    );
    return {
      period,
      rows: CONTRACT_TYPES.map((type) => ({ type, ...row(byType.get(type) ?? zero) })),
      total: row(total),
    };
  };

  return { consolidated, details, settlements, revenue, policies };
};

export type MemberService = ReturnType<typeof memberServiceFactory>;
