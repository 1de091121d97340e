import {
  AgentTreePageSchema,
  AgentTreeQuerySchema,
  MemberMoveRequestSchema,
  MemberMoveResultSchema,
  OpsAgentLimitsSchema,
  OpsAgentLimitsUpdateSchema,
  OpsAgentReportQuerySchema,
  OpsAgentReportSchema,
  OpsAgentSettingsSchema,
} from '../agent-ops';
import { MemberParamsSchema } from '../member-ops';
import { OPS_API } from '../ops-paths';
import type { RouteDescriptor } from './route-descriptor';

/** The back office's agent screens (issue 18); each permission is in STAFF_ENDPOINTS. */
export const AGENT_OPS_ROUTES = [
  { method: 'GET', path: OPS_API.agentTree, auth: 'staff', query: AgentTreeQuerySchema, response: AgentTreePageSchema },
  { method: 'GET', path: OPS_API.agentSettings, auth: 'staff', response: OpsAgentSettingsSchema },
  {
    method: 'PUT',
    path: OPS_API.agentSettings,
    auth: 'staff',
    body: OpsAgentSettingsSchema,
    response: OpsAgentSettingsSchema,
  },
  {
    method: 'POST',
    path: OPS_API.memberUpline,
    auth: 'staff',
    params: MemberParamsSchema,
    body: MemberMoveRequestSchema,
    response: MemberMoveResultSchema,
  },
  {
    method: 'GET',
    path: OPS_API.agentLimits,
    auth: 'staff',
    params: MemberParamsSchema,
    response: OpsAgentLimitsSchema,
  },
  {
    method: 'PUT',
    path: OPS_API.agentLimits,
    auth: 'staff',
    params: MemberParamsSchema,
    body: OpsAgentLimitsUpdateSchema,
    response: OpsAgentLimitsSchema,
  },
  {
    method: 'GET',
    path: OPS_API.agentReport,
    auth: 'staff',
    params: MemberParamsSchema,
    query: OpsAgentReportQuerySchema,
    response: OpsAgentReportSchema,
  },
] as const satisfies readonly RouteDescriptor[];
