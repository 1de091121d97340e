import { useQuery } from '@tanstack/react-query';
import { GAME_SESSION_KEYS, type VendorLanes } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { gamesQueryKeys, getLanes } from '../api/games-api';
import { hasList, readSessionCache, writeSessionCache } from './session-cache';

const isLanes = hasList<VendorLanes>('list');

/**
 * The vendor lanes (the lobby categories with their vendors, spec §3), per language. The session's copy shows at
 * once and a fresh one loads in the background (spec §9).
 */
export function useLanes() {
  const { code: language } = useLanguage();
  return useQuery({
    queryKey: gamesQueryKeys.lanes(language),
    queryFn: async ({ signal }) => {
      const lanes = await getLanes(language, signal);
      writeSessionCache(GAME_SESSION_KEYS.vendors, language, lanes);
      return lanes;
    },
    initialData: () => readSessionCache(GAME_SESSION_KEYS.vendors, language, isLanes),
    // The session copy counts as old: it is shown, then refreshed.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}
