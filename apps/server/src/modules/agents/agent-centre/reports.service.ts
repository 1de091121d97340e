import {
  formatMoney,
  NO_PLAY,
  type PersonalProfit,
  type PersonalProfitQuerySchema,
  type PlayContribution,
  type PlayTotals,
  type TeamBetPage,
  type TeamBetsQuerySchema,
  type TeamProfitPage,
  type TeamProfitQuerySchema,
  type TeamTransaction,
  type TeamTransactionPage,
  type TeamTransactionsQuerySchema,
  type TeamTransactionType,
} from '@platform/contracts';
import type { z } from 'zod';
import type { Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import { periodOf, totalPages, type PeriodResolver } from './period';
import type { PlayStats } from './ports';
import type { PlaySums, TeamRepository } from './team.repository';

type Money = Pick<Merchant, 'id' | 'currencyScale' | 'currencyCode'>;
type Caller = Pick<Session, 'merchantId' | 'memberId'>;

/** The ledger codes of each transaction type the page filters by (the member's CASH side of each). */
export const TEAM_TRANSACTION_CODES: Record<Exclude<TeamTransactionType, 'ALL'>, readonly string[]> = {
  DEPOSIT: ['DEPOSIT'],
  WITHDRAW: ['WITHDRAW_HOLD', 'WITHDRAW_PAID', 'WITHDRAW_RELEASE'],
  TRANSFER: ['TRANSFER_UPLINE', 'TRANSFER_DOWNLINE'],
  BONUS: ['BONUS', 'REBATE', 'SALARY', 'DIVIDEND'],
};
const ALL_CODES = Object.values(TEAM_TRANSACTION_CODES).flat();
const typeOfCode = (code: string): Exclude<TeamTransactionType, 'ALL'> =>
  (Object.entries(TEAM_TRANSACTION_CODES).find(([, codes]) => codes.includes(code))?.[0] ?? 'TRANSFER') as Exclude<
    TeamTransactionType,
    'ALL'
  >;

const signed = (minor: bigint, scale: number): string => `${minor > 0n ? '+' : ''}${formatMoney(minor, scale)}`;

const totalsOfSums = (sums: PlaySums, scale: number): PlayTotals => ({
  rounds: sums.rounds,
  bet: formatMoney(sums.betMinor, scale),
  validBet: formatMoney(sums.stakeMinor, scale),
  payout: formatMoney(sums.payoutMinor, scale),
  profit: formatMoney(sums.payoutMinor - sums.stakeMinor, scale),
});

const totalsOfPlay = (play: PlayContribution, scale: number): PlayTotals => ({
  rounds: play.rounds,
  bet: formatMoney(play.stakeMinor, scale),
  validBet: formatMoney(play.validBetMinor, scale),
  payout: formatMoney(play.payoutMinor, scale),
  profit: formatMoney(play.profitMinor, scale),
});

const addPlay = (total: PlayContribution, one: PlayContribution): PlayContribution => ({
  rounds: total.rounds + one.rounds,
  stakeMinor: total.stakeMinor + one.stakeMinor,
  validBetMinor: total.validBetMinor + one.validBetMinor,
  payoutMinor: total.payoutMinor + one.payoutMinor,
  profitMinor: total.profitMinor + one.profitMinor,
  bonusStakeMinor: total.bonusStakeMinor + one.bonusStakeMinor,
});

export type ReportsServiceDeps = { repo: TeamRepository; play: PlayStats; resolvePeriod: PeriodResolver };

/**
 * The agent's team reports (personalHistoryCopy, palStatementsAgentCopy, agentDownlineTransactionDetailsCopy) over
 * the caller's downline at any depth, and the member's own personalProfit.
 */
export const reportsServiceFactory = ({ repo, play, resolvePeriod: resolve }: ReportsServiceDeps) => ({
  teamBets: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof TeamBetsQuerySchema>,
  ): Promise<TeamBetPage> => {
    const period = await resolve(merchant.id, query);
    const filter = {
      merchantId: merchant.id,
      callerId: caller.memberId,
      fromDay: period.from,
      toDay: period.to,
      timezone: period.timezone,
      username: query.username,
      gameType: query.gameType,
    };
    const [rows, sums] = await Promise.all([
      repo.teamBets(filter, (query.pageNo - 1) * query.pageSize, query.pageSize),
      repo.teamBetTotals(filter),
    ]);
    const scale = merchant.currencyScale;
    return {
      period: periodOf(period),
      list: rows.map((row) => ({
        username: row.username,
        vendor: row.vendor,
        gameCode: row.gameCode,
        gameType: row.gameType,
        roundId: row.roundId,
        settledAt: row.settledAt.toISOString(),
        bet: formatMoney(row.betMinor, scale),
        validBet: formatMoney(row.stakeMinor, scale),
        payout: formatMoney(row.payoutMinor, scale),
        profit: formatMoney(row.payoutMinor - row.stakeMinor, scale),
      })),
      totals: totalsOfSums(sums, scale),
      pageNo: query.pageNo,
      totalPages: totalPages(sums.rounds, query.pageSize),
    };
  },

  teamProfit: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof TeamProfitQuerySchema>,
  ): Promise<TeamProfitPage> => {
    const period = await resolve(merchant.id, query);
    const members = await repo.teamMembers({ merchantId: merchant.id, callerId: caller.memberId }, query.username);
    const figures = await play.memberFigures(
      merchant.id,
      members.map((member) => member.id),
      period.from,
      period.to,
    );
    // Only members who played in the period have a row; the totals are over all of them.
    const played = members.filter((member) => (figures.get(member.id.toString())?.rounds ?? 0) !== 0);
    const offset = (query.pageNo - 1) * query.pageSize;
    const scale = merchant.currencyScale;
    const total = played.reduce((sum, member) => addPlay(sum, figures.get(member.id.toString()) ?? NO_PLAY), NO_PLAY);
    return {
      period: periodOf(period),
      list: played.slice(offset, offset + query.pageSize).map((member) => ({
        username: member.username,
        type: member.userType === 0 ? 'MEMBER' : 'AGENT',
        level: member.level,
        ...totalsOfPlay(figures.get(member.id.toString()) ?? NO_PLAY, scale),
      })),
      totals: totalsOfPlay(total, scale),
      pageNo: query.pageNo,
      totalPages: totalPages(played.length, query.pageSize),
    };
  },

  teamTransactions: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof TeamTransactionsQuerySchema>,
  ): Promise<TeamTransactionPage> => {
    const period = await resolve(merchant.id, query);
    const filter = {
      merchantId: merchant.id,
      callerId: caller.memberId,
      fromDay: period.from,
      toDay: period.to,
      timezone: period.timezone,
      username: query.username,
      codes: query.type === 'ALL' ? null : TEAM_TRANSACTION_CODES[query.type],
      allCodes: ALL_CODES,
      currency: merchant.currencyCode,
    };
    const [rows, sums] = await Promise.all([
      repo.teamEntries(filter, (query.pageNo - 1) * query.pageSize, query.pageSize),
      repo.teamEntrySums(filter),
    ]);
    const scale = merchant.currencyScale;
    const sumOf = (type: Exclude<TeamTransactionType, 'ALL'>) =>
      sums.filter((sum) => typeOfCode(sum.code) === type).reduce((total, sum) => total + sum.signedMinor, 0n);
    const count = sums.reduce((total, sum) => total + sum.count, 0);
    const list: TeamTransaction[] = rows.map((row) => ({
      id: row.id.toString(),
      username: row.username,
      time: row.createdAt.toISOString(),
      type: typeOfCode(row.code),
      code: row.code,
      amount: signed(row.signedMinor, scale),
      balanceAfter: formatMoney(row.balanceAfterMinor, scale),
    }));
    return {
      period: periodOf(period),
      list,
      totals: {
        count,
        deposits: formatMoney(sumOf('DEPOSIT'), scale),
        // Withdrawals take money out of the members' cash: shown as a positive amount.
        withdrawals: formatMoney(-sumOf('WITHDRAW'), scale),
        transfers: signed(sumOf('TRANSFER'), scale),
        bonuses: formatMoney(sumOf('BONUS'), scale),
      },
      pageNo: query.pageNo,
      totalPages: totalPages(count, query.pageSize),
    };
  },

  personalProfit: async (
    merchant: Money,
    caller: Caller,
    query: z.output<typeof PersonalProfitQuerySchema>,
  ): Promise<PersonalProfit> => {
    const period = await resolve(merchant.id, query);
    const profit = await play.memberProfit(merchant.id, caller.memberId, period.from, period.to);
    const scale = merchant.currencyScale;
    return {
      period: periodOf(period),
      list: profit.byGameType.map((row) => ({ gameType: row.gameType, ...totalsOfPlay(row, scale) })),
      totals: totalsOfPlay(profit.total, scale),
    };
  },
});

export type ReportsService = ReturnType<typeof reportsServiceFactory>;
