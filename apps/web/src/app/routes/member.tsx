import { MemberCentre } from '@/features/member/components/member-centre';
import { MEMBER_PAGES } from '../member-pages';
import { useRouteTitle } from './use-route-title';

export function Component() {
  return <MemberCentre title={useRouteTitle()} pages={MEMBER_PAGES} />;
}
