import { PromotionsPage } from '@/features/promotions/components/promotions-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <PromotionsPage title={useRouteTitle()} />;
}
