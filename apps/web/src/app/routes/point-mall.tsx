import { PointMallPage } from '@/features/point-mall/components/point-mall-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <PointMallPage title={useRouteTitle()} />;
}
