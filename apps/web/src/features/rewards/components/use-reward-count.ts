import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchRewards, rewardsQueryKey } from '../api/rewards-api';

/** How many rewards wait for a claim: the member centre's rewardCenter badge (spec §2). */
export function useRewardCount(): number {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({
    queryKey: rewardsQueryKey,
    queryFn: ({ signal }) => fetchRewards(signal),
    enabled: isLogin && !isTrial,
    staleTime: 30_000,
  });
  return query.data?.pendingCount ?? 0;
}
