import { AppError } from '../../../lib/app-error';
import type { CaptchaService } from '../captcha';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';

const MINUTE_MS = 60_000;

/**
 * Login limits (DESIGN.md §7 and §14, ADR 0018). Every rule counts failures only: a unit is taken before the password
 * check (so attempts in flight count too) and given back or forgotten when the password was right. No rule refuses
 * an account everywhere, so a stranger's failures can never keep the member out:
 * - `pair` (account and address together): 5 failures, then one attempt every 3 minutes, answered 429
 *   TOO_MANY_ATTEMPTS with Retry-After. Only the address that failed waits; the member elsewhere is not slowed.
 * - `pairFailure`: a mark set by a failure for 15 minutes; the captcha is required for that account from that address.
 * - `account`: 10 failures across all addresses in 15 minutes make the captcha required for the account everywhere.
 * - `ip`: 50 failures across accounts from one address in 15 minutes make the captcha required for every account from
 *   that address (a carrier's shared address sees some typos; a password spray sees far more).
 * The account and address rules demand a captcha instead of refusing, so a solved captcha always reaches the password
 * check, while a burst without captchas costs at most as many hashes as the rules have units.
 */
export const LOGIN_RULES = {
  pair: { name: 'login:pair', limit: 5, periodMs: 15 * MINUTE_MS },
  pairFailure: { name: 'login:failed:pair', limit: 1, periodMs: 15 * MINUTE_MS },
  account: { name: 'login:acct', limit: 10, periodMs: 15 * MINUTE_MS },
  ip: { name: 'login:ip', limit: 50, periodMs: 15 * MINUTE_MS },
} satisfies Record<string, RateRule>;

export type CaptchaAnswer = { captchaId?: string | undefined; captcha?: string | undefined };

/** Every login failure tells the client to show the captcha from now on (spec §4). */
const withCaptcha = (code: 'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID', message: string) =>
  new AppError(code, 400, message, { value: { captcha: true } });

export type LoginAttempt = {
  /** The password (or code) was right: this account's failures are forgotten, the address's unit given back. */
  succeeded(): Promise<void>;
  /** It was wrong: the units stay taken, and this account needs the captcha from this address from now on. */
  failed(): Promise<void>;
};

/** The subject of the pair rules: the address first, as it never holds a `|`, so no two pairs share a subject. */
const pairOf = (account: string, ip: string) => `${ip}|${account}`;

export const loginGuardFactory = ({
  limiter,
  captcha,
}: {
  limiter: RateLimiter;
  captcha: Pick<CaptchaService, 'verify'>;
}) => {
  const exhausted = async (merchantId: number, rule: RateRule, subject: string) =>
    (await limiter.used(merchantId, rule, subject)) >= rule.limit;

  const captchaDemanded = async (merchantId: number, account: string, ip: string): Promise<boolean> =>
    (await limiter.used(merchantId, LOGIN_RULES.pairFailure, pairOf(account, ip))) > 0 ||
    (await exhausted(merchantId, LOGIN_RULES.account, account)) ||
    (await exhausted(merchantId, LOGIN_RULES.ip, ip));

  /**
   * Everything that must pass before a password hash is computed: the pair's throttle, the captcha when a failure or
   * a ceiling demands it, and a unit of each rule. Throws the failure to answer; otherwise returns the attempt to
   * settle after the check.
   */
  const admit = async (
    merchantId: number,
    account: string,
    ip: string,
    answer: CaptchaAnswer,
  ): Promise<LoginAttempt> => {
    const pair = pairOf(account, ip);
    const { captchaId, captcha: text } = answer;
    const answered = Boolean(captchaId && text);
    let demanded = await captchaDemanded(merchantId, account, ip);
    if (demanded && !answered) throw withCaptcha('CAPTCHA_REQUIRED', 'Please complete verification first');
    const pairUnit = await limiter.take(merchantId, LOGIN_RULES.pair, pair);
    if (!pairUnit.allowed) {
      const minutes = Math.ceil(pairUnit.retryAfterMs / MINUTE_MS);
      throw tooManyRequests(
        'TOO_MANY_ATTEMPTS',
        `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        pairUnit.retryAfterMs,
        { captcha: true },
      );
    }
    // The ceilings: a unit each while one is left; past a ceiling (reached by attempts in flight since the check
    // above) the attempt goes on only with a captcha, never refused outright.
    const taken: [RateRule, string][] = [[LOGIN_RULES.pair, pair]];
    for (const [rule, subject] of [
      [LOGIN_RULES.account, account],
      [LOGIN_RULES.ip, ip],
    ] as const) {
      if ((await limiter.take(merchantId, rule, subject)).allowed) taken.push([rule, subject]);
      else demanded = true;
    }
    const giveBack = async () => {
      for (const [rule, subject] of taken) await limiter.give(merchantId, rule, subject);
    };
    if (demanded && !answered) {
      await giveBack();
      throw withCaptcha('CAPTCHA_REQUIRED', 'Please complete verification first');
    }
    if (demanded && !(await captcha.verify(merchantId, captchaId ?? '', text ?? ''))) {
      await giveBack();
      throw withCaptcha('CAPTCHA_INVALID', 'The verification code is wrong or has expired; please try the new one');
    }
    return {
      succeeded: async () => {
        // NIST SP 800-63B §5.2.2: a successful authentication resets the account's failure count.
        await limiter.reset(merchantId, [
          [LOGIN_RULES.pair, pair],
          [LOGIN_RULES.pairFailure, pair],
          [LOGIN_RULES.account, account],
        ]);
        if (taken.some(([rule]) => rule === LOGIN_RULES.ip)) await limiter.give(merchantId, LOGIN_RULES.ip, ip);
      },
      failed: async () => {
        // Reset first, so the 15 minutes of the mark run from the latest failure rather than the first.
        await limiter.reset(merchantId, [[LOGIN_RULES.pairFailure, pair]]);
        await limiter.take(merchantId, LOGIN_RULES.pairFailure, pair);
      },
    };
  };

  return { admit };
};

export type LoginGuard = ReturnType<typeof loginGuardFactory>;
