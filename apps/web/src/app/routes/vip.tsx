import { VipPage } from '@/features/vip/components/vip-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <VipPage title={useRouteTitle()} />;
}
