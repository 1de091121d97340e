/**
 * Each language pack is served in two parts (the build splits src/locales/<pack>.json, see locale-packs.ts): the
 * start-up part, which the first page waits for, and the deferred part, the namespaces that only lazily loaded pages
 * use. The deferred part is fetched right after start-up; a page waits for it before it renders (router.tsx).
 */
export const DEFERRED_NAMESPACES: readonly string[] = [
  'withdraw',
  'deposit',
  'records',
  'member',
  'agent',
  'vendorWallet',
  'transfer',
  'lobby',
  'games',
  'seamless',
  'bets',
  'verify',
  'jackpot',
  'contracts',
  'messages',
  'service',
  'rewards',
  'rebate',
  'vip',
  'referral',
  'raffles',
  'missions',
  // Read only once a call has failed, which is after start-up; until the part arrives, the server's own message shows.
  'errors.codes',
];

export type PackPart = 'startup' | 'deferred';

type Strings = Record<string, unknown>;

const isStrings = (value: unknown): value is Strings => typeof value === 'object' && value !== null;

/** The part of a pack with the namespaces of `part`; an entry such as `errors.codes` splits one namespace in two. */
export const pickPart = (pack: Strings, part: PackPart, prefix = ''): Strings => {
  const picked: Strings = {};
  for (const [key, value] of Object.entries(pack)) {
    const path = `${prefix}${key}`;
    if (DEFERRED_NAMESPACES.includes(path)) {
      if (part === 'deferred') picked[key] = value;
    } else if (isStrings(value) && DEFERRED_NAMESPACES.some((entry) => entry.startsWith(`${path}.`))) {
      const inner = pickPart(value, part, `${path}.`);
      if (Object.keys(inner).length > 0) picked[key] = inner;
    } else if (part === 'startup') {
      picked[key] = value;
    }
  }
  return picked;
};
