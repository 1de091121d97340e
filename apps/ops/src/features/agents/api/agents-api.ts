import {
  AgentTreePageSchema,
  MemberMoveResultSchema,
  MemberSearchPageSchema,
  OpsAgentLimitsSchema,
  OpsAgentReportSchema,
  OpsAgentSettingsSchema,
  type MemberMoveRequest,
  type OpsAgentSettings,
  type OpsAgentLimitsUpdate,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Query keys: the tree's levels under ['agent-tree'], one agent's screens under ['agent', id]. */
export const agentKeys = {
  tree: (query: Query) => ['agent-tree', query] as const,
  settings: ['agent-settings'] as const,
  limits: (memberId: string) => ['agent', memberId, 'limits'] as const,
  report: (memberId: string, query: Query) => ['agent', memberId, 'report', query] as const,
};

export const getAgentTree = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.agentTree, { query, schema: AgentTreePageSchema, signal });

export const moveMember = (memberId: string, body: MemberMoveRequest) =>
  apiRequest(apiPath(OPS_API.memberUpline, { memberId }), { method: 'POST', body, schema: MemberMoveResultSchema });

export const getAgentSettings = (signal?: AbortSignal) =>
  apiRequest(OPS_API.agentSettings, { schema: OpsAgentSettingsSchema, signal });

export const saveAgentSettings = (body: OpsAgentSettings) =>
  apiRequest(OPS_API.agentSettings, { method: 'PUT', body, schema: OpsAgentSettingsSchema });

export const getAgentLimits = (memberId: string, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.agentLimits, { memberId }), { schema: OpsAgentLimitsSchema, signal });

export const saveAgentLimits = (memberId: string, body: OpsAgentLimitsUpdate) =>
  apiRequest(apiPath(OPS_API.agentLimits, { memberId }), { method: 'PUT', body, schema: OpsAgentLimitsSchema });

export const getAgentReport = (memberId: string, query: Query, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.agentReport, { memberId }), { query, schema: OpsAgentReportSchema, signal });

/** The agent with exactly this username (any case), or null: the move dialog names the new upline by username. */
export const findAgentByUsername = async (username: string): Promise<{ id: string; username: string } | null> => {
  const page = await apiRequest(OPS_API.members, {
    query: { username, kind: 'AGENT', pageNo: 1 },
    schema: MemberSearchPageSchema,
  });
  const found = page.list.find((member) => member.username.toLowerCase() === username.toLowerCase());
  return found === undefined ? null : { id: found.id, username: found.username };
};
