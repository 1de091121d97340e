import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchMissionSummary, missionSummaryQueryKey } from '../api/missions-api';

/** Completed missions whose reward waits for a claim: the member centre's missionLeaderboard badge (spec §2). */
export function useMissionCount(): number {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({
    queryKey: missionSummaryQueryKey,
    queryFn: ({ signal }) => fetchMissionSummary(signal),
    enabled: isLogin && !isTrial,
    staleTime: 30_000,
  });
  return query.data?.claimableCount ?? 0;
}
