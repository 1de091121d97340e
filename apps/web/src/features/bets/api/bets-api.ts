import {
  API,
  BetRecordPageSchema,
  BetRoundDetailSchema,
  PersonalProfitSchema,
  type BetRecordPage,
  type BetRoundDetail,
  type PersonalProfit,
  type RecordPeriod,
  type RoundStatus,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/wallet';

/**
 * The betting record calls (issue 6; member centre personalHistoryCopy). The member centre is not the first page, and
 * its chunk already carries zod for the account record, so answers are parsed with the contracts' schemas.
 * Under the wallet root: a realtime balance event (a round settled) refreshes the record too.
 */
export const betsQueryRoot = [WALLET_QUERY_ROOT, 'bets'] as const;
export const betDetailQueryKey = (vendor: string, roundId: string) =>
  [...betsQueryRoot, 'detail', vendor, roundId] as const;

export type BetFilter = {
  vendor: string;
  gameType: string;
  status: RoundStatus | '';
  period: RecordPeriod;
  startDate?: string;
  endDate?: string;
  pageNo: number;
  pageSize: number;
};

/** The query the server reads (BetRecordQuerySchema): empty filters are left out; a custom period sends its days. */
export const betsQuery = (filter: BetFilter): Record<string, string> => {
  const query: Record<string, string> = {
    period: filter.period,
    pageNo: String(filter.pageNo),
    pageSize: String(filter.pageSize),
  };
  if (filter.vendor) query.vendor = filter.vendor;
  if (filter.gameType) query.gameType = filter.gameType;
  if (filter.status) query.status = filter.status;
  if (filter.period === 'CUSTOM' && filter.startDate && filter.endDate) {
    query.startDate = filter.startDate;
    query.endDate = filter.endDate;
  }
  return query;
};

/** GET the betting record (T), one page with the totals of every round the filters select. */
export const fetchBets = (filter: BetFilter, signal?: AbortSignal): Promise<BetRecordPage> =>
  apiRequest(API.game.bets, { query: betsQuery(filter), schema: BetRecordPageSchema, ...(signal ? { signal } : {}) });

/** GET one round (T): its vendor transactions and replay link. */
export const fetchBetDetail = (vendor: string, roundId: string, signal?: AbortSignal): Promise<BetRoundDetail> =>
  apiRequest(
    API.game.betDetail.replace(':vendor', encodeURIComponent(vendor)).replace(':roundId', encodeURIComponent(roundId)),
    { schema: BetRoundDetailSchema, ...(signal ? { signal } : {}) },
  );

export type ProfitFilter = { period: string; from?: string; to?: string };

/** GET personalProfit (member centre, issue 18): the member's own profit and loss by game type over a period. */
export const fetchPersonalProfit = (filter: ProfitFilter, signal?: AbortSignal): Promise<PersonalProfit> =>
  apiRequest(API.member.profit, {
    query: filter,
    schema: PersonalProfitSchema,
    ...(signal ? { signal } : {}),
  });
