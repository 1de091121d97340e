import { useQuery } from '@tanstack/react-query';
import { fetchMemberInfo, memberInfoQueryKey } from '@/lib/member-info';

/** The member info the header also shows (same cache entry as the start-up load). */
export const useMemberInfo = () =>
  useQuery({ queryKey: memberInfoQueryKey, queryFn: ({ signal }) => fetchMemberInfo(signal) });
