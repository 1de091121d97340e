import { AppError } from '../../lib/app-error';
import type { CaptchaService } from '../captcha';
import { tooManyRequests, type RateLimiter, type RateRule } from '../rate-limit';

const MINUTE_MS = 60_000;

/**
 * Login limits (DESIGN.md §7, issue 3). `account` and `ip` bound attempts that reach the password check: 5 per account
 * and 20 per IP in 15 minutes (after a burst, one more every 3 minutes and 45 seconds respectively). A unit is taken
 * before the check and kept when it fails; a success gives it back, so only failures (and attempts in flight) count.
 * The `*Failure` rules are marks: set by a failure for 15 minutes, they make the captcha required.
 */
export const LOGIN_RULES = {
  account: { name: 'login:acct', limit: 5, periodMs: 15 * MINUTE_MS },
  ip: { name: 'login:ip', limit: 20, periodMs: 15 * MINUTE_MS },
  accountFailure: { name: 'login:failed:acct', limit: 1, periodMs: 15 * MINUTE_MS },
  ipFailure: { name: 'login:failed:ip', limit: 1, periodMs: 15 * MINUTE_MS },
} satisfies Record<string, RateRule>;

export type CaptchaAnswer = { captchaId?: string | undefined; captcha?: string | undefined };

/** Every login failure tells the client to show the captcha from now on (spec §4). */
const withCaptcha = (code: 'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID', message: string) =>
  new AppError(code, 400, message, { value: { captcha: true } });

export type LoginAttempt = {
  /** The password (or code) was right: forget the account's failures, give back the IP's unit. */
  succeeded(): Promise<void>;
  /** It was wrong: the units stay taken, and the captcha is required for this account and IP from now on. */
  failed(): Promise<void>;
};

export const loginGuardFactory = ({
  limiter,
  captcha,
}: {
  limiter: RateLimiter;
  captcha: Pick<CaptchaService, 'verify'>;
}) => {
  const captchaDemanded = async (merchantId: number, account: string, ip: string): Promise<boolean> =>
    (await limiter.used(merchantId, LOGIN_RULES.accountFailure, account)) > 0 ||
    (await limiter.used(merchantId, LOGIN_RULES.ipFailure, ip)) > 0;

  const mark = async (merchantId: number, rule: RateRule, subject: string): Promise<void> => {
    // Reset first, so the 15 minutes run from the latest failure rather than the first.
    await limiter.reset(merchantId, [[rule, subject]]);
    await limiter.take(merchantId, rule, subject);
  };

  /**
   * Everything that must pass before a password hash is computed: the captcha when a failure has demanded it, and the
   * account and IP limits. Throws the failure to answer; otherwise returns the attempt to settle after the check.
   */
  const admit = async (
    merchantId: number,
    account: string,
    ip: string,
    answer: CaptchaAnswer,
  ): Promise<LoginAttempt> => {
    const demanded = await captchaDemanded(merchantId, account, ip);
    const { captchaId, captcha: text } = answer;
    if (demanded && (!captchaId || !text)) throw withCaptcha('CAPTCHA_REQUIRED', 'Please complete verification first');
    const entries: [RateRule, string][] = [
      [LOGIN_RULES.account, account],
      [LOGIN_RULES.ip, ip],
    ];
    const units = await limiter.takeAll(merchantId, entries);
    if (!units.allowed) {
      const minutes = Math.ceil(units.retryAfterMs / MINUTE_MS);
      throw tooManyRequests(
        'ACCOUNT_LOCKED',
        `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        units.retryAfterMs,
        { captcha: true },
      );
    }
    if (demanded && !(await captcha.verify(merchantId, captchaId ?? '', text ?? ''))) {
      for (const [rule, subject] of entries) await limiter.give(merchantId, rule, subject);
      throw withCaptcha('CAPTCHA_INVALID', 'The verification code is wrong or has expired; please try the new one');
    }
    return {
      succeeded: async () => {
        await limiter.reset(merchantId, [
          [LOGIN_RULES.account, account],
          [LOGIN_RULES.accountFailure, account],
        ]);
        await limiter.give(merchantId, LOGIN_RULES.ip, ip);
      },
      failed: async () => {
        await mark(merchantId, LOGIN_RULES.accountFailure, account);
        await mark(merchantId, LOGIN_RULES.ipFailure, ip);
      },
    };
  };

  return { admit };
};

export type LoginGuard = ReturnType<typeof loginGuardFactory>;
