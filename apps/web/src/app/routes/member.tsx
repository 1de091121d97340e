import { MemberCentre } from '@/features/member/components/member-centre';
import { useUnreadMessages } from '@/lib/inbox';
import { useAvailablePromoCount } from '@/lib/promotion-state';
import { MEMBER_PAGES } from '../member-pages';
import { useRouteTitle } from './use-route-title';

export function Component() {
  const unread = useUnreadMessages();
  const promotions = useAvailablePromoCount();
  return <MemberCentre title={useRouteTitle()} pages={MEMBER_PAGES} badgeCounts={{ messageV2: unread, promotions }} />;
}
