import { AGENT_ROUTES } from './agent-routes';
import { AGENT_CONTENT_ROUTES } from './agent-content-routes';
import { AGENT_OPS_ROUTES } from './agent-ops-routes';
import { ENGAGEMENT_ROUTES } from './engagement-routes';
import { INBOX_ROUTES } from './inbox-routes';
import { FEEDBACK_ROUTES } from './feedback-routes';
import { CHAT_ROUTES } from './chat-routes';
import { LOTTERY_OPS_ROUTES } from './lottery-ops-routes';
import { MONEY_ROUTES } from './money-routes';
import { OPS_ROUTES } from './ops-routes';
import { PLAYER_ROUTES } from './player-routes';
import { AGENT_CONTRACT_OPS_ROUTES, AGENT_CONTRACT_ROUTES } from '../agent-contract-routes';
import { REFERRAL_ROUTES } from '../referral';
import { POINTS_ROUTES } from '../points';
import { MISSION_ROUTES } from '../missions';
import type { RouteDescriptor } from './route-descriptor';

export * from './route-descriptor';
export * from './params';
export {
  AGENT_CONTENT_ROUTES,
  AGENT_OPS_ROUTES,
  AGENT_ROUTES,
  ENGAGEMENT_ROUTES,
  CHAT_ROUTES,
  FEEDBACK_ROUTES,
  INBOX_ROUTES,
  LOTTERY_OPS_ROUTES,
  MONEY_ROUTES,
  OPS_ROUTES,
  PLAYER_ROUTES,
};

/**
 * Every API route the platform registers (under /wps, /lgw, /api and /health), with its auth and request schemas. A
 * server test fails when a registered route has no descriptor here, or a descriptor names a route the server lacks.
 */
export const ROUTE_DESCRIPTORS: readonly RouteDescriptor[] = [
  ...PLAYER_ROUTES,
  ...MONEY_ROUTES,
  ...OPS_ROUTES,
  ...AGENT_ROUTES,
  ...AGENT_CONTENT_ROUTES,
  ...AGENT_OPS_ROUTES,
  ...AGENT_CONTRACT_ROUTES,
  ...AGENT_CONTRACT_OPS_ROUTES,
  ...ENGAGEMENT_ROUTES,
  ...INBOX_ROUTES,
  ...FEEDBACK_ROUTES,
  ...CHAT_ROUTES,
  ...LOTTERY_OPS_ROUTES,
  ...REFERRAL_ROUTES,
  ...POINTS_ROUTES,
  ...MISSION_ROUTES,
];
