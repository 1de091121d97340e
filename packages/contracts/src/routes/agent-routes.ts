import {
  AgentLimitsSchema,
  CreateDownlineRequestSchema,
  CreatedDownlineSchema,
  CreateInviteLinkRequestSchema,
  DownlineListQuerySchema,
  DownlinePageSchema,
  DownlineParamsSchema,
  DownlineStateSchema,
  InviteLinkListSchema,
  InviteLinkParamsSchema,
  InviteLinkSchema,
  LockRequestSchema,
  PersonalProfitQuerySchema,
  PersonalProfitSchema,
  RemarkRequestSchema,
  TeamBetPageSchema,
  TeamBetsQuerySchema,
  TeamOverviewQuerySchema,
  TeamOverviewSchema,
  TeamProfitPageSchema,
  TeamProfitQuerySchema,
  TeamTransactionPageSchema,
  TeamTransactionsQuerySchema,
} from '../agent';
import { API } from '../paths';
import type { RouteDescriptor } from './route-descriptor';

/**
 * The agent centre's calls (issue 18; spec §2 /agentHome) and the member centre's personalProfit. Agent calls answer
 * for the caller's own subtree only.
 */
export const AGENT_ROUTES = [
  {
    method: 'GET',
    path: API.agent.overview,
    auth: 'agent',
    query: TeamOverviewQuerySchema,
    response: TeamOverviewSchema,
  },
  {
    method: 'GET',
    path: API.agent.downlines,
    auth: 'agent',
    query: DownlineListQuerySchema,
    response: DownlinePageSchema,
  },
  {
    method: 'POST',
    path: API.agent.downlines,
    auth: 'agent',
    body: CreateDownlineRequestSchema,
    encoding: 'sealed',
    response: CreatedDownlineSchema,
  },
  {
    method: 'PUT',
    path: API.agent.downlineRemark,
    auth: 'agent',
    params: DownlineParamsSchema,
    body: RemarkRequestSchema,
    response: DownlineStateSchema,
  },
  {
    method: 'PUT',
    path: API.agent.downlineLock,
    auth: 'agent',
    params: DownlineParamsSchema,
    body: LockRequestSchema,
    response: DownlineStateSchema,
  },
  { method: 'GET', path: API.agent.limits, auth: 'agent', response: AgentLimitsSchema },
  { method: 'GET', path: API.agent.links, auth: 'agent', response: InviteLinkListSchema },
  {
    method: 'POST',
    path: API.agent.links,
    auth: 'agent',
    body: CreateInviteLinkRequestSchema,
    response: InviteLinkSchema,
  },
  { method: 'DELETE', path: API.agent.link, auth: 'agent', params: InviteLinkParamsSchema, response: InviteLinkSchema },
  { method: 'GET', path: API.agent.teamBets, auth: 'agent', query: TeamBetsQuerySchema, response: TeamBetPageSchema },
  {
    method: 'GET',
    path: API.agent.teamProfit,
    auth: 'agent',
    query: TeamProfitQuerySchema,
    response: TeamProfitPageSchema,
  },
  {
    method: 'GET',
    path: API.agent.teamTransactions,
    auth: 'agent',
    query: TeamTransactionsQuerySchema,
    response: TeamTransactionPageSchema,
  },
  {
    method: 'GET',
    path: API.member.profit,
    auth: 'member',
    query: PersonalProfitQuerySchema,
    response: PersonalProfitSchema,
  },
] as const satisfies readonly RouteDescriptor[];
