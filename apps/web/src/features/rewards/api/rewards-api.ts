import {
  API,
  ManualRebateSchema,
  RewardClaimSchema,
  RewardListSchema,
  type ManualRebate,
  type Reward,
  type RewardList,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export const REWARDS_QUERY_ROOT = 'rewards';
/** The list in a language: a PROMOTION reward's title is in it. */
export const rewardsQueryKey = (language: string) => [REWARDS_QUERY_ROOT, 'list', language] as const;
export const manualRebateQueryKey = [REWARDS_QUERY_ROOT, 'manual-rebate'] as const;

/** GET the member's rewards (reward centre) and how many wait for a claim; promotion titles in `language`. */
export const fetchRewards = (language: string, signal?: AbortSignal): Promise<RewardList> =>
  apiRequest(API.rewards.list, { query: { language }, schema: RewardListSchema, ...(signal ? { signal } : {}) });

/** The member's language as the API takes it ("EN", "TY"). */
export const apiLanguage = (language: string | undefined): string => (language || 'EN').slice(0, 2).toUpperCase();

/** POST a claim of one of the member's pending rewards. */
export const claimReward = (id: string): Promise<Reward> =>
  apiRequest(API.rewards.claim.replace(':id', encodeURIComponent(id)), { method: 'POST', schema: RewardClaimSchema });

/** GET today's rebate so far (manualRebate). */
export const fetchManualRebate = (signal?: AbortSignal): Promise<ManualRebate> =>
  apiRequest(API.rebate.manual, { schema: ManualRebateSchema, ...(signal ? { signal } : {}) });

/** POST the manual rebate claim (once per window). */
export const claimManualRebate = (): Promise<Reward> =>
  apiRequest(API.rebate.manualClaim, { method: 'POST', schema: RewardClaimSchema });
