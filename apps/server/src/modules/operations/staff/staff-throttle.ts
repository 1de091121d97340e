import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Staff sign-in throttles (DESIGN.md §14, ADR 0018), checked before any password hash or code check and counting
 * failures only (a unit is taken before the check and given back when it passes). There is no account lock: five wrong
 * passwords from a stranger used to lock any staff account for 15 minutes, again and again, so a cashier desk could
 * be kept offline by anyone who knew a username.
 * - `pair` (username and address together): 5 failures, then one attempt every 3 minutes. Only that address waits.
 * - `ip`: 20 failures across usernames from one address in 15 minutes (a password spray), then one every 45 seconds.
 * - `account`: 50 failures across all addresses in an hour (NIST SP 800-63B §5.2.2 asks for at most 100), then one
 *   every 72 seconds: against a guesser spread over many addresses.
 * An address the staff member signed in from (password and second factor) in the last KNOWN_ADDRESS_MS is a known
 * address: only its own pair throttle applies to it, so a stranger elsewhere can fill the other two and the desk still
 * signs in. The back office has no captcha; TOTP stands behind every password anyway.
 */
export const STAFF_SIGN_IN_RULES = {
  pair: { name: 'staff-login:pair', limit: 5, periodMs: 15 * MINUTE_MS },
  ip: { name: 'staff-login:ip', limit: 20, periodMs: 15 * MINUTE_MS },
  account: { name: 'staff-login:acct', limit: 50, periodMs: 60 * MINUTE_MS },
} satisfies Record<string, RateRule>;

export const KNOWN_ADDRESS_MS = 30 * DAY_MS;

export type StaffAttempt = {
  /** The step passed: its units are given back (only failures count). */
  passed(): Promise<void>;
  /** The staff member is in: as passed, and this username's failures are forgotten (NIST: success resets them). */
  signedIn(): Promise<void>;
};

export const staffThrottleFactory = ({
  limiter,
  knownAddress,
}: {
  limiter: RateLimiter;
  /** Whether the staff account completed a sign-in from this address in the last KNOWN_ADDRESS_MS. */
  knownAddress: (staffId: bigint, ip: string) => Promise<boolean>;
}) => {
  const refuse = (retryAfterMs: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
    return tooManyRequests(
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts from here; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      retryAfterMs,
    );
  };

  /**
   * Takes the units of one sign-in step of `username` (lowercased) from `ip`, or throws 429 TOO_MANY_ATTEMPTS.
   * `staffId`: the account behind the username, when there is one (an unknown name has no known address).
   */
  const admit = async (
    merchantId: number,
    username: string,
    ip: string,
    staffId: bigint | undefined,
  ): Promise<StaffAttempt> => {
    // The address first: it never holds a `|`, so no two pairs share a subject.
    const pair = `${ip}|${username}`;
    const known = staffId !== undefined && (await knownAddress(staffId, ip));
    const entries: [RateRule, string][] = [[STAFF_SIGN_IN_RULES.pair, pair]];
    if (!known) entries.push([STAFF_SIGN_IN_RULES.ip, ip], [STAFF_SIGN_IN_RULES.account, username]);
    const units = await limiter.takeAll(merchantId, entries);
    if (!units.allowed) throw refuse(units.retryAfterMs);
    const passed = async () => {
      for (const [rule, subject] of entries) await limiter.give(merchantId, rule, subject);
    };
    return {
      passed,
      signedIn: async () => {
        await passed();
        await limiter.reset(merchantId, [
          [STAFF_SIGN_IN_RULES.pair, pair],
          [STAFF_SIGN_IN_RULES.account, username],
        ]);
      },
    };
  };

  return { admit };
};

export type StaffThrottle = ReturnType<typeof staffThrottleFactory>;
