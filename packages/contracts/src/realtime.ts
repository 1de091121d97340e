import type { Balance } from './wallet';

/**
 * Realtime (DESIGN.md §8): Socket.IO at REALTIME_PATH, authenticated on connect with `auth: { token }`; one room per
 * member. Events are sent after the commit that caused them, and clients refetch rather than patch.
 */
export const REALTIME_PATH = '/wps/realtime';

export type ServerToClientEvents = {
  'wallet.balance': (payload: Balance) => void;
};
export type ClientToServerEvents = Record<string, never>;
export const REALTIME_EVENTS = ['wallet.balance'] as const;
