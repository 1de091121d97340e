import type { Notice } from '@platform/contracts';
import { paths } from '@/config/paths';

/** Member-centre page of the reward centre (spec §2 member centre page keys). */
export const REWARD_CENTRE_PAGE = 'rewardCenter';

/**
 * Where a promotion (PR) item's Go button leads (spec §2): the reward centre, naming the promotion so the centre can
 * open it. Guests meet the login popup on the way (the member centre needs a login).
 */
export const rewardCentrePath = (notice: Pick<Notice, 'promotionType'>): string => {
  const base = paths.memberPage(REWARD_CENTRE_PAGE);
  return notice.promotionType ? `${base}&promotionType=${encodeURIComponent(notice.promotionType)}` : base;
};
