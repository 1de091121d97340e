import type { PublicKeyInfo } from '@platform/contracts';

/**
 * The server's public key for sealed ("E") payloads: the configuration's `security` field at start-up, replaced when
 * the server says it no longer knows the key (PAYLOAD_KEY_UNKNOWN). Kept apart from the sealing code so that the first
 * page carries no crypto.
 */
let key: PublicKeyInfo | null = null;
/** Server clock minus ours, learned from PAYLOAD_STALE or the public-key call: payloads are sealed with server time. */
let clockOffsetMs = 0;

export const setSealKey = (next: PublicKeyInfo, serverTimeMs?: number) => {
  key = next;
  if (serverTimeMs !== undefined) clockOffsetMs = serverTimeMs - Date.now();
};

export const getSealKey = (): PublicKeyInfo | null => key;

export const setServerTime = (serverTimeMs: number) => {
  clockOffsetMs = serverTimeMs - Date.now();
};

export const serverNow = (): number => Date.now() + clockOffsetMs;
