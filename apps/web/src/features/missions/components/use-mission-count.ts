import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { apiLanguage, fetchMissionSummary, missionSummaryQueryKey } from '../api/missions-api';

/** Completed missions whose reward waits for a claim: the member centre's missionLeaderboard badge (spec §2). */
export function useMissionCount(): number {
  const { isLogin, isTrial } = useSession();
  const language = apiLanguage(useTranslation().i18n.language);
  const query = useQuery({
    queryKey: [...missionSummaryQueryKey, language],
    queryFn: ({ signal }) => fetchMissionSummary(language, signal),
    enabled: isLogin && !isTrial,
    staleTime: 30_000,
  });
  return query.data?.claimableCount ?? 0;
}
