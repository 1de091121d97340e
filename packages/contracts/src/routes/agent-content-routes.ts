import { AgentAnnouncementPageSchema, AgentAnnouncementQuerySchema } from '../agent-content';
import { API } from '../paths';
import type { RouteDescriptor } from './route-descriptor';

/** The agent centre's content calls (issue 18): announcements for agents, written in the back office. */
export const AGENT_CONTENT_ROUTES = [
  {
    method: 'GET',
    path: API.agentContent.announcements,
    auth: 'agent',
    query: AgentAnnouncementQuerySchema,
    response: AgentAnnouncementPageSchema,
  },
] as const satisfies readonly RouteDescriptor[];
