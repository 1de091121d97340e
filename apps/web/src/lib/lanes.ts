import { API, GAME_SESSION_KEYS, type VendorLanes } from '@platform/contracts';
import { apiRequest, invalidResponse } from './api-client';
import { hasList, readSessionCache, writeSessionCache } from './session-cache';

/**
 * The vendor lanes (the lobby categories with their vendors, spec §3), per language: one query shared by the games
 * feature (lobby) and the shell (header dropdown), so both read the same TanStack Query entry and the same session
 * copy (spec §9 "vendor list cached in the session"), and the header never asks again for what the lobby loaded.
 */
export const lanesQueryKey = (language: string) => ['games', 'lanes', language] as const;

const isLanes = hasList<VendorLanes>('list');

/** GET vendor lanes, checked by shape (ADR 0008: no zod on the first page). */
export const getLanes = async (language: string, signal?: AbortSignal): Promise<VendorLanes> => {
  const value = await apiRequest(API.game.lanes, { query: { language }, ...(signal ? { signal } : {}) });
  if (!isLanes(value)) throw invalidResponse();
  return value;
};

/** Query options: the session's copy shows at once (as old), and a fresh one loads in the background. */
export const lanesQuery = (language: string) => ({
  queryKey: lanesQueryKey(language),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const lanes = await getLanes(language, signal);
    writeSessionCache(GAME_SESSION_KEYS.vendors, language, lanes);
    return lanes;
  },
  initialData: () => readSessionCache(GAME_SESSION_KEYS.vendors, language, isLanes),
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
});
