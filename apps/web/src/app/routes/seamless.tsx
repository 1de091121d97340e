import { SeamlessPage } from '@/features/seamless/components/seamless-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <SeamlessPage title={useRouteTitle()} />;
}
