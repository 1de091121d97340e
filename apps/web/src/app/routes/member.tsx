import { useMemo } from 'react';
import { WHITELABEL_MODULES } from '@platform/contracts';
import { MemberCentre } from '@/features/member/components/member-centre';
import { useReferralCount } from '@/features/referral/components/use-referral-count';
import { useMissionCount } from '@/features/missions/components/use-mission-count';
import { useRewardCount } from '@/features/rewards/components/use-reward-count';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { useUnreadMessages } from '@/lib/inbox';
import { usePromotionState } from '@/lib/promotion-state';
import { MEMBER_PAGES } from '../member-pages';
import { useRouteTitle } from './use-route-title';

/**
 * The manual rebate page shows only while the site has it on (spec §6 MANPLAYREB3); invite friends only while the site
 * flag and the programme's setting allow it (spec §6, public state availablePromo.REFERRAL.enabled).
 */
const withoutPages = (...keys: (keyof typeof MEMBER_PAGES)[]) =>
  Object.fromEntries(Object.entries(MEMBER_PAGES).filter(([key]) => !keys.includes(key as keyof typeof MEMBER_PAGES)));

export function Component() {
  const unread = useUnreadMessages();
  const rewards = useRewardCount();
  const { availablePromoCount: promotions, availablePromo } = usePromotionState();
  const referralOn = availablePromo.REFERRAL.enabled;
  const referral = useReferralCount(referralOn);
  const missions = useMissionCount();
  const { whitelabel } = useConfig();
  const manualRebateOn = isModuleEnabled(whitelabel, WHITELABEL_MODULES.MANUAL_REBATE);
  const pages = useMemo(
    () =>
      withoutPages(
        ...(manualRebateOn ? [] : (['manualRebate'] as const)),
        ...(referralOn ? [] : (['referral'] as const)),
      ),
    [manualRebateOn, referralOn],
  );
  return (
    <MemberCentre
      title={useRouteTitle()}
      pages={pages}
      badgeCounts={{ messageV2: unread, rewardCenter: rewards, referral, promotions, missionLeaderboard: missions }}
    />
  );
}
