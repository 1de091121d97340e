import {
  API,
  MISSIONS_API,
  MissionSummarySchema,
  RaceListSchema,
  RaceSchema,
  RewardClaimSchema,
  type MissionSummary,
  type Race,
  type RaceList,
  type Reward,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export const MISSIONS_QUERY_ROOT = 'missions';
export const missionSummaryQueryKey = [MISSIONS_QUERY_ROOT, 'summary'] as const;
export const leaderboardQueryKey = [MISSIONS_QUERY_ROOT, 'leaderboard'] as const;
export const rankListQueryKey = (id: string) => [MISSIONS_QUERY_ROOT, 'ranks', id] as const;

/** The member's language as the API takes it ("EN", "TY"): missions and races are named in it. */
export const apiLanguage = (language: string | undefined): string => (language || 'EN').slice(0, 2).toUpperCase();

/** GET the member's missions with progress, and the claimable count (the missionLeaderboard badge). */
export const fetchMissionSummary = (language: string, signal?: AbortSignal): Promise<MissionSummary> =>
  apiRequest(MISSIONS_API.summary, {
    query: { language },
    schema: MissionSummarySchema,
    ...(signal ? { signal } : {}),
  });

/** GET the running and recent races with their top places and the member's own. */
export const fetchLeaderboard = (language: string, signal?: AbortSignal): Promise<RaceList> =>
  apiRequest(MISSIONS_API.leaderboard, { query: { language }, schema: RaceListSchema, ...(signal ? { signal } : {}) });

/** GET one race's rank list. */
export const fetchRankList = (id: string, language: string, signal?: AbortSignal): Promise<Race> =>
  apiRequest(MISSIONS_API.rankList.replace(':id', encodeURIComponent(id)), {
    query: { language },
    schema: RaceSchema,
    ...(signal ? { signal } : {}),
  });

/** POST the claim of a completed mission's reward (the reward centre pays it). */
export const claimMissionReward = (rewardId: string): Promise<Reward> =>
  apiRequest(API.rewards.claim.replace(':id', encodeURIComponent(rewardId)), {
    method: 'POST',
    schema: RewardClaimSchema,
  });
