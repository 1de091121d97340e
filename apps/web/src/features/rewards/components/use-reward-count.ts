import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { apiLanguage, fetchRewards, rewardsQueryKey } from '../api/rewards-api';

/** How many rewards wait for a claim: the member centre's rewardCenter badge (spec §2). */
export function useRewardCount(): number {
  const { isLogin, isTrial } = useSession();
  const language = apiLanguage(useTranslation().i18n.language);
  const query = useQuery({
    queryKey: rewardsQueryKey(language),
    queryFn: ({ signal }) => fetchRewards(language, signal),
    enabled: isLogin && !isTrial,
    staleTime: 30_000,
  });
  return query.data?.pendingCount ?? 0;
}
