import {
  AgentAnnouncementPageSchema,
  AgentLimitsSchema,
  API,
  CreatedDownlineSchema,
  DownlinePageSchema,
  DownlineStateSchema,
  InviteLinkListSchema,
  InviteLinkSchema,
  TeamBetPageSchema,
  TeamOverviewSchema,
  TeamProfitPageSchema,
  TeamTransactionPageSchema,
  type AgentAnnouncementPage,
  type AgentLimits,
  type CreateDownlineRequest,
  type CreatedDownline,
  type DownlinePage,
  type DownlineState,
  type DownlineType,
  type InviteLink,
  type InviteLinkList,
  type TeamBetPage,
  type TeamOverview,
  type TeamProfitPage,
  type TeamTransactionPage,
  type TeamTransactionType,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';
import { WALLET_QUERY_ROOT } from '@/lib/wallet';

/**
 * The agent centre's calls (issue 18, spec §2 /agentHome), answers parsed with the contracts' schemas. Under the wallet
 * root: a realtime balance event (a round settled, a deposit credited) refreshes the team's figures too.
 */
export const agentQueryRoot = [WALLET_QUERY_ROOT, 'agent'] as const;

/** The period part of every agent query: `from` and `to` only with CUSTOM. */
export type AgentPeriodQuery = { period: string; from?: string; to?: string };
type Paging = { pageNo: number; pageSize: number };

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Query values as the server reads them: empty filters left out, numbers as text. */
const queryOf = (values: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );

const withUsername = (path: string, username: string) => path.replace(':username', encodeURIComponent(username));

export const fetchTeamOverview = (filter: AgentPeriodQuery, signal?: AbortSignal): Promise<TeamOverview> =>
  apiRequest(API.agent.overview, { query: queryOf(filter), schema: TeamOverviewSchema, ...withSignal(signal) });

export type DownlineFilter = AgentPeriodQuery & Paging & { username?: string; parent?: string };
export const fetchDownlines = (filter: DownlineFilter, signal?: AbortSignal): Promise<DownlinePage> =>
  apiRequest(API.agent.downlines, { query: queryOf(filter), schema: DownlinePageSchema, ...withSignal(signal) });

export const saveRemark = (username: string, remark: string): Promise<DownlineState> =>
  apiRequest(withUsername(API.agent.downlineRemark, username), {
    method: 'PUT',
    body: { remark },
    schema: DownlineStateSchema,
  });

export const setLocked = (username: string, locked: boolean): Promise<DownlineState> =>
  apiRequest(withUsername(API.agent.downlineLock, username), {
    method: 'PUT',
    body: { locked },
    schema: DownlineStateSchema,
  });

export const fetchLimits = (signal?: AbortSignal): Promise<AgentLimits> =>
  apiRequest(API.agent.limits, { schema: AgentLimitsSchema, ...withSignal(signal) });

/** POST a new downline account (sealed: carries its password). */
export const createDownline = (body: CreateDownlineRequest): Promise<CreatedDownline> =>
  sealedRequest(API.agent.downlines, { method: 'POST', body, schema: CreatedDownlineSchema });

export const fetchLinks = (signal?: AbortSignal): Promise<InviteLinkList> =>
  apiRequest(API.agent.links, { schema: InviteLinkListSchema, ...withSignal(signal) });

export const createLink = (type: DownlineType): Promise<InviteLink> =>
  apiRequest(API.agent.links, { method: 'POST', body: { type }, schema: InviteLinkSchema });

export const disableLink = (id: string): Promise<InviteLink> =>
  apiRequest(API.agent.link.replace(':id', encodeURIComponent(id)), { method: 'DELETE', schema: InviteLinkSchema });

export type TeamBetsFilter = AgentPeriodQuery & Paging & { username?: string; gameType?: string };
export const fetchTeamBets = (filter: TeamBetsFilter, signal?: AbortSignal): Promise<TeamBetPage> =>
  apiRequest(API.agent.teamBets, { query: queryOf(filter), schema: TeamBetPageSchema, ...withSignal(signal) });

export type TeamProfitFilter = AgentPeriodQuery & Paging & { username?: string };
export const fetchTeamProfit = (filter: TeamProfitFilter, signal?: AbortSignal): Promise<TeamProfitPage> =>
  apiRequest(API.agent.teamProfit, { query: queryOf(filter), schema: TeamProfitPageSchema, ...withSignal(signal) });

export type TeamTransactionsFilter = AgentPeriodQuery & Paging & { type: TeamTransactionType; username?: string };
export const fetchTeamTransactions = (
  filter: TeamTransactionsFilter,
  signal?: AbortSignal,
): Promise<TeamTransactionPage> =>
  apiRequest(API.agent.teamTransactions, {
    query: queryOf(filter),
    schema: TeamTransactionPageSchema,
    ...withSignal(signal),
  });

/** GET the announcements written for agents in the back office, in the language in use. */
export const fetchAnnouncements = (
  filter: Paging & { language: string },
  signal?: AbortSignal,
): Promise<AgentAnnouncementPage> =>
  apiRequest(API.agentContent.announcements, {
    query: queryOf(filter),
    schema: AgentAnnouncementPageSchema,
    ...withSignal(signal),
  });
