import { AgentCentre } from '@/features/agent/components/agent-centre';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <AgentCentre title={useRouteTitle()} />;
}
