import { ServiceWindow } from '@/features/service/components/service-window';
import { useRouteTitle } from './use-route-title';

export function Component() {
  useRouteTitle();
  return <ServiceWindow />;
}
