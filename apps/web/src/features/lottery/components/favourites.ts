import { useCallback, useEffect, useState } from 'react';
import { local } from '@/lib/storage';
import { useSessionUser } from '@/lib/session';

/**
 * Lottery favourites, kept on this device per username (spec §4 "Lottery favourites are stored locally per username"):
 * two members who share a browser each see their own. Stored as a JSON list of game codes under
 * `lotteryFavourites:<username>`; nothing is kept before the member's username is known.
 */
const keyOf = (account: string) => `lotteryFavourites:${account}`;

const read = (account: string | undefined): string[] => {
  if (!account) return [];
  try {
    const parsed: unknown = JSON.parse(local.getItem(keyOf(account)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
};

export function useLotteryFavourites() {
  const account = useSessionUser()?.account;
  const [codes, setCodes] = useState<string[]>(() => read(account));
  useEffect(() => setCodes(read(account)), [account]);
  const toggle = useCallback(
    (code: string) => {
      if (!account) return;
      const next = read(account).includes(code) ? read(account).filter((c) => c !== code) : [...read(account), code];
      local.setItem(keyOf(account), JSON.stringify(next));
      setCodes(next);
    },
    [account],
  );
  return { codes, toggle, ready: Boolean(account) };
}
