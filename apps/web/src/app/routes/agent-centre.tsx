import { AgentCentre } from '@/features/agent/components/agent-centre';
import { AGENT_PAGES } from '../agent-pages';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <AgentCentre title={useRouteTitle()} pages={AGENT_PAGES} />;
}
