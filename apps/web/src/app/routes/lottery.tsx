import { LotteryPage } from '@/features/lottery/components/lottery-page';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <LotteryPage title={useRouteTitle()} />;
}
