import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchReferral, referralQueryKey } from '../api/referral-api';

/** Referral rewards waiting for a claim: the member centre's referral badge (spec §2). Off: no count. */
export function useReferralCount(enabled: boolean): number {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({
    queryKey: referralQueryKey,
    queryFn: ({ signal }) => fetchReferral(signal),
    enabled: enabled && isLogin && !isTrial,
    staleTime: 30_000,
  });
  return enabled ? (query.data?.pendingCount ?? 0) : 0;
}
