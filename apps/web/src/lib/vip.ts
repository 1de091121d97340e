import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, VipStateSchema, type VipState } from '@platform/contracts';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * The public state's VIP fields (spec §3 hasVip, vipLabelName, vipRankLevel) with the levels: the header's avatar
 * label and the VIP page read this one query. Trial members have no VIP level.
 */
export const VIP_QUERY_ROOT = 'vip';

export const fetchVipState = (language: string, signal?: AbortSignal): Promise<VipState> =>
  apiRequest(API.vip.state, { query: { language }, schema: VipStateSchema, ...(signal ? { signal } : {}) });

export function useVipQuery() {
  const { isLogin, isTrial } = useSession();
  const { i18n } = useTranslation();
  const language = (i18n.language || 'EN').slice(0, 2).toUpperCase();
  return useQuery({
    queryKey: [VIP_QUERY_ROOT, language],
    queryFn: ({ signal }) => fetchVipState(language, signal),
    enabled: isLogin && !isTrial,
    staleTime: 60_000,
  });
}
