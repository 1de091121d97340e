import { AgentLanding } from '@/features/agent/components/agent-landing';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <AgentLanding title={useRouteTitle()} />;
}
