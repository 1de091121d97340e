import {
  API,
  REFERRAL_API,
  RaffleClaimSchema,
  RaffleListSchema,
  ReferralStateSchema,
  RewardClaimSchema,
  type RaffleList,
  type ReferralState,
  type Reward,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** Under the reward centre's root ('rewards'): a claim anywhere refreshes the referral page and its badge too. */
export const referralQueryKey = ['rewards', 'referral'] as const;
export const rafflesQueryKey = ['rewards', 'raffles'] as const;

/** GET the caller's referral code, friends, rewards and badge count. */
export const fetchReferral = (signal?: AbortSignal): Promise<ReferralState> =>
  apiRequest(REFERRAL_API.state, { schema: ReferralStateSchema, ...(signal ? { signal } : {}) });

/** POST a claim of one of the caller's referral rewards (the reward centre's claim). */
export const claimReferralReward = (id: string): Promise<Reward> =>
  apiRequest(API.rewards.claim.replace(':id', encodeURIComponent(id)), { method: 'POST', schema: RewardClaimSchema });

/** GET the merchant's raffles with the caller's tickets and prizes. */
export const fetchRaffles = (language: string, signal?: AbortSignal): Promise<RaffleList> =>
  apiRequest(REFERRAL_API.raffles, { query: { language }, schema: RaffleListSchema, ...(signal ? { signal } : {}) });

/** POST spec §7 raffle claim: the caller's prizes in the raffle. */
export const claimRaffle = (id: string) =>
  apiRequest(REFERRAL_API.raffleClaim.replace(':id', encodeURIComponent(id)), {
    method: 'POST',
    schema: RaffleClaimSchema,
  });
