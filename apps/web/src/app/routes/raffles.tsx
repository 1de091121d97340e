import { RafflesPage } from '@/features/referral/components/raffles-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <RafflesPage title={useRouteTitle()} />;
}
