import { AgentCentre } from '@/features/agent/components/agent-centre';
import { withEnabledContracts } from '@/features/agent/components/agent-pages';
import { useConsolidated } from '@/features/agent/hooks/use-consolidated';
import { AGENT_PAGES } from '../agent-pages';
import { useRouteTitle } from './use-route-title';

/** The agent centre with the contract and salary menus of the types the merchant offers (consolidated info). */
export function Component() {
  const consolidated = useConsolidated();
  return <AgentCentre title={useRouteTitle()} pages={withEnabledContracts(AGENT_PAGES, consolidated.data)} />;
}
