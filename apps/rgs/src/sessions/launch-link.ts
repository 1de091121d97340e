import { createHmac, timingSafeEqual } from 'node:crypto';
import { launchSigningText } from '@platform/contracts';
import { RgsError } from '../lib/errors';

/**
 * The signed launch link (docs/protocols/seamless-wallet.md "Launch"). The query reaches us through the player's
 * browser, where it can be edited before the page swaps it: `sig` (HMAC-SHA256 with the operator's shared secret over
 * the canonical query, contracts launchSigningText) proves the platform wrote mode, wallet, currency and player as
 * they are, and `exp` bounds how long a link can wait. Both are checked before the launch token is spent.
 */
export type SignedLaunch = {
  token: string;
  op: string;
  player: string;
  currency: string;
  lang: string;
  /** Absent from links of platforms that do not send it; signed like the rest when present. */
  theme?: string;
  mode: string;
  wallet: string;
  exp: string;
  sig: string;
};

export const signLaunch = (secret: string, params: Omit<SignedLaunch, 'sig'>): string => {
  // Only the parameters the link has are signed: an absent optional one is no `key=` in the text.
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return createHmac('sha256', secret).update(launchSigningText(present)).digest('hex');
};

/** Throws LAUNCH_SIGNATURE_INVALID (the link was edited or not ours) or LAUNCH_EXPIRED. */
export const verifyLaunch = (secret: string, launch: SignedLaunch, nowMs: number): void => {
  const { sig, ...signed } = launch;
  const expected = Buffer.from(signLaunch(secret, signed), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(sig) ? sig : '', 'hex');
  // Constant time: how long the comparison takes says nothing about how much of a forged signature was right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new RgsError(
      'LAUNCH_SIGNATURE_INVALID',
      401,
      'This game link is not valid (it was changed after the casino issued it); open the game again from the lobby',
    );
  }
  if (!(Number(launch.exp) > nowMs)) {
    throw new RgsError('LAUNCH_EXPIRED', 401, 'This game link has expired; open the game again from the lobby');
  }
};
