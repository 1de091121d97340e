import { randomInt } from 'node:crypto';
import { CAPTCHA_REFRESH_MIN_INTERVAL_MS, CAPTCHA_TTL_SECONDS, type CaptchaResponse } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { constantTimeEqual, randomToken, sha256 } from '../../../lib/tokens';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { CAPTCHA_ALPHABET } from './captcha.font';
import { renderCaptchaPng } from './captcha.image';
import { randomCaptchaQuestion } from './captcha.question';
import type { CaptchaRepository } from './captcha.repository';

export const CAPTCHA_LENGTH = 5;

/** Spec §4, §9: a captcha refresh at most once per second, enforced per client IP. */
export const CAPTCHA_REFRESH_RULE: RateRule = {
  name: 'captcha:ip',
  limit: 1,
  periodMs: CAPTCHA_REFRESH_MIN_INTERVAL_MS,
};

export const randomCaptchaText = (): string =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/**
 * Answers compare without case (the alphabet is upper case and people type either) and without spaces (people
 * type digits read out one by one with spaces between).
 */
const answerHash = (text: string): Buffer => sha256(text.replace(/\s+/g, '').toUpperCase());

export type CaptchaServiceDeps = {
  repository: Pick<CaptchaRepository, 'insert' | 'consume'>;
  limiter: Pick<RateLimiter, 'take'>;
  now: Clock;
  /** The text of the next captcha; tests pin it to solve captchas. */
  text?: () => string;
};

export const captchaServiceFactory = ({ repository, limiter, now, text = randomCaptchaText }: CaptchaServiceDeps) => ({
  /** A picture, or the text question of ADR 0021 in `lang`; the caller checks that the merchant offers that one. */
  create: async (
    merchantId: number,
    ip: string,
    request: { kind: 'image' | 'text'; lang?: string | undefined } = { kind: 'image' },
  ): Promise<CaptchaResponse> => {
    // One limit for both kinds: switching to the question is no way around the refresh rate.
    const limit = await limiter.take(merchantId, CAPTCHA_REFRESH_RULE, ip);
    if (!limit.allowed) {
      throw tooManyRequests('RATE_LIMITED', 'Please wait a moment before refreshing the captcha', limit.retryAfterMs);
    }
    const captchaId = randomToken(16);
    const expiresAtMs = now() + CAPTCHA_TTL_SECONDS * 1000;
    if (request.kind === 'text') {
      const { question, answer } = randomCaptchaQuestion(request.lang);
      await repository.insert(merchantId, captchaId, answerHash(answer), expiresAtMs);
      return { kind: 'text', captchaId, question, expiresInSeconds: CAPTCHA_TTL_SECONDS };
    }
    const answer = text();
    await repository.insert(merchantId, captchaId, answerHash(answer), expiresAtMs);
    return {
      kind: 'image',
      captchaId,
      image: `data:image/png;base64,${(await renderCaptchaPng(answer)).toString('base64')}`,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  },

  /** Single use: the captcha is spent by this call whether the answer is right or wrong. */
  verify: async (merchantId: number, captchaId: string, answer: string): Promise<boolean> => {
    const stored = await repository.consume(merchantId, captchaId, now());
    return stored !== undefined && constantTimeEqual(stored, answerHash(answer));
  },
});

export type CaptchaService = ReturnType<typeof captchaServiceFactory>;
