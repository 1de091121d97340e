import { WHITELABEL_MODULES } from '@platform/contracts';
import { MemberCentre } from '@/features/member/components/member-centre';
import { useMissionCount } from '@/features/missions/components/use-mission-count';
import { useRewardCount } from '@/features/rewards/components/use-reward-count';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { useUnreadMessages } from '@/lib/inbox';
import { useAvailablePromoCount } from '@/lib/promotion-state';
import { MEMBER_PAGES } from '../member-pages';
import { useRouteTitle } from './use-route-title';

/** The manual rebate page shows only while the site has it on (spec §6 MANPLAYREB3). */
const { manualRebate: _manualRebate, ...WITHOUT_MANUAL_REBATE } = MEMBER_PAGES;

export function Component() {
  const unread = useUnreadMessages();
  const rewards = useRewardCount();
  const promotions = useAvailablePromoCount();
  const missions = useMissionCount();
  const { whitelabel } = useConfig();
  const pages = isModuleEnabled(whitelabel, WHITELABEL_MODULES.MANUAL_REBATE) ? MEMBER_PAGES : WITHOUT_MANUAL_REBATE;
  return (
    <MemberCentre
      title={useRouteTitle()}
      pages={pages}
      badgeCounts={{ messageV2: unread, rewardCenter: rewards, promotions, missionLeaderboard: missions }}
    />
  );
}
