import { API, GAME_SESSION_KEYS, type VendorLanes } from '@platform/contracts';
import { apiRequest, ApiError } from '@/lib/api-client';
import { session } from '@/lib/storage';

/**
 * The vendor lanes for the header dropdown (GET API.game.lanes). The shell may not import the games feature, so it
 * has this tiny copy of the call, but it shares the games feature's caches rather than keeping its own: the same
 * TanStack Query key (`gamesQueryKeys.lanes(language)`), holding the same value (the call's `VendorLanes`), and the
 * same session-storage entry (GAME_SESSION_KEYS.vendors as `{ language, data }`, spec §9 "vendor list cached in the
 * session"). On the lobby the dropdown therefore opens with what the lobby already loaded, and never asks twice.
 */
export const headerLanesQueryKey = (language: string) => ['games', 'lanes', language] as const;

const isLanes = (value: unknown): value is VendorLanes =>
  typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>).list);

/** The session's copy for this language, if any. */
export const readCachedLanes = (language: string): VendorLanes | undefined => {
  const raw = session.getItem(GAME_SESSION_KEYS.vendors);
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as { language?: unknown; data?: unknown };
    return cached.language === language && isLanes(cached.data) ? cached.data : undefined;
  } catch {
    return undefined;
  }
};

export const getHeaderLanes = async (language: string, signal?: AbortSignal): Promise<VendorLanes> => {
  const value = await apiRequest(API.game.lanes, { query: { language }, ...(signal ? { signal } : {}) });
  if (!isLanes(value)) throw new ApiError('invalid response', 200);
  session.setItem(GAME_SESSION_KEYS.vendors, JSON.stringify({ language, data: value }));
  return value;
};
