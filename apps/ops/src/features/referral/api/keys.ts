import { REFERRAL_ROUTES, type RouteMethod } from '@platform/contracts';
import { routeOf } from '@/lib/api-client';

/** Query keys: a change refreshes what it touched by invalidating the key or its prefix. */
export const referralKeys = {
  all: ['referral'] as const,
  settings: ['referral', 'settings'] as const,
  raffles: ['referral', 'raffles'] as const,
  cost: (from: string, to: string) => ['referral', 'cost', from, to] as const,
};

/** The route descriptor of one staff call of invite friends and raffles (packages/contracts referral.ts). */
export const referralRoute = (method: RouteMethod, path: string) => routeOf(REFERRAL_ROUTES, method, path);

export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
