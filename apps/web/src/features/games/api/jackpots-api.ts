import { API, type JackpotPools } from '@platform/contracts';
import { apiRequest, invalidResponse } from '@/lib/api-client';

/** Apart from games-api.ts so that only the (lazily loaded) jackpot ticker carries it. */
export const jackpotsQueryKey = ['games', 'jackpots'] as const;

const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;

const isPool = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const pool = value as Record<string, unknown>;
  return (
    typeof pool.vendor === 'string' &&
    typeof pool.name === 'string' &&
    typeof pool.currency === 'string' &&
    typeof pool.amount === 'string' &&
    AMOUNT.test(pool.amount)
  );
};

/** GET jackpots (public), checked by shape: the lobby is the first page, and zod stays off it (ADR 0008). */
export const getJackpots = async (signal?: AbortSignal): Promise<JackpotPools> => {
  const value = await apiRequest(API.game.jackpots, signal ? { signal } : {});
  const pools = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).pools : undefined;
  if (!Array.isArray(pools) || !pools.every(isPool)) throw invalidResponse();
  return value as JackpotPools;
};
