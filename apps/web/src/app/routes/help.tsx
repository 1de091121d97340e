import { HelpCentre } from '@/features/help/components/help-centre';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <HelpCentre title={useRouteTitle()} />;
}
