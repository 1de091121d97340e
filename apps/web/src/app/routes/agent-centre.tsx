import { AgentCentre } from '@/features/agent/components/agent-centre';
import { TransferDownline } from '@/features/transfer/components/transfer-downline';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <AgentCentre title={useRouteTitle()} tools={<TransferDownline />} />;
}
