import { useQuery } from '@tanstack/react-query';
import { API, PromotionStateSchema, type PromotionState } from '@platform/contracts';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * The public state's promotion part (spec §3 availablePromoCount, availablePromo): the promotions badge of the side
 * menu and the member centre's promotions entry read this one query. Its key sits under the promotions list's root
 * ('promotions'), so a claim, which refreshes that root, refreshes the badge too. Trial members have no promotions.
 */
export const promotionStateQueryKey = ['promotions', 'state'] as const;

const NONE: PromotionState = { availablePromoCount: 0, availablePromo: { REFERRAL: { enabled: false } } };

export const fetchPromotionState = (signal?: AbortSignal): Promise<PromotionState> =>
  apiRequest(API.promotions.state, { schema: PromotionStateSchema, ...(signal ? { signal } : {}) });

export function usePromotionState(): PromotionState {
  const { isLogin, isTrial } = useSession();
  const enabled = isLogin && !isTrial;
  const query = useQuery({
    queryKey: promotionStateQueryKey,
    queryFn: ({ signal }) => fetchPromotionState(signal),
    enabled,
    staleTime: 60_000,
    // A badge is not worth retries: a failed count shows no badge until the next refresh.
    retry: false,
  });
  return enabled ? (query.data ?? NONE) : NONE;
}

/** The badge's count: what the member can still join or claim. */
export const useAvailablePromoCount = (): number => usePromotionState().availablePromoCount;
