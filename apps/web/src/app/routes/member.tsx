import { MemberCentre } from '@/features/member/components/member-centre';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <MemberCentre title={useRouteTitle()} />;
}
