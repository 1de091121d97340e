import { BonusDetailsSchema } from '../bonus';
import { API } from '../paths';
import type { RouteDescriptor } from './route-descriptor';

/** The member's bonuses and promotions (issue 20; spec §2 member centre bonusDetails, promotions, rewardCenter). */
export const ENGAGEMENT_ROUTES = [
  { method: 'GET', path: API.bonus.details, auth: 'member', response: BonusDetailsSchema },
] as const satisfies readonly RouteDescriptor[];
