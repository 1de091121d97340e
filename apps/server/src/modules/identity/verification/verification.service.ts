import { randomBytes, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { constantTimeEqual, sha256 } from '../../../lib/tokens';
import type { SmsProvider } from '../../content/messaging';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { CodeKey, CodePurpose, VerificationRepository } from './verification.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A code dies after this many checks, right or wrong: 5 guesses of 10^6 is a 1 in 200,000 chance. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * SMS send limits (issue 3): per number 1 a minute and 5 an hour (no SMS bombing of one phone), per IP 20 an hour (no
 * spraying many phones). Counted on every request, whether or not the number belongs to a member, so the answer and
 * its limits say nothing about who is registered.
 */
export const SMS_RULES = {
  numberMinute: { name: 'sms:number:1m', limit: 1, periodMs: MINUTE_MS },
  numberHour: { name: 'sms:number:1h', limit: 5, periodMs: HOUR_MS },
  ipHour: { name: 'sms:ip:1h', limit: 20, periodMs: HOUR_MS },
} satisfies Record<string, RateRule>;

/** Spec §8 phone-auth error text. */
export const SMS_TOO_MANY_MESSAGE = 'too many requests, try again after 5 minutes';

/**
 * One number, one form: the dialing code and the national number without its trunk 0 (+63 09171234567 and
 * +63 9171234567 are the same phone).
 */
export const nationalNumber = (mobileNum: string): string => mobileNum.replace(/^0/, '');
export const destinationOf = (countryDialingCode: string, mobileNum: string): string =>
  `${countryDialingCode}${nationalNumber(mobileNum)}`;

const hashCode = (salt: Buffer, code: string): Buffer => sha256(Buffer.concat([salt, Buffer.from(code)]));

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  LOGIN: 'login',
  REGISTER: 'registration',
  FORGOT: 'password reset',
  BIND: 'mobile number binding',
};

export type SendCodeRequest = {
  merchantId: number;
  brand: string;
  purpose: CodePurpose;
  destination: string;
  ip: string;
  expiredMinutes: number;
  /** False for a number that may not receive this code (no member has it): limits count, nothing is sent. */
  deliver: boolean;
  /** The member the code is for, when only that member may use it (BIND); verify must name the same one. */
  holder?: string;
};

export type VerificationServiceDeps = {
  repository: Pick<VerificationRepository, 'insert' | 'attempt' | 'consume'>;
  limiter: Pick<RateLimiter, 'takeAll'>;
  sms: SmsProvider;
  now: Clock;
};

export const verificationServiceFactory = ({ repository, limiter, sms, now }: VerificationServiceDeps) => ({
  send: async (request: SendCodeRequest): Promise<void> => {
    const outcome = await limiter.takeAll(request.merchantId, [
      [SMS_RULES.ipHour, request.ip],
      [SMS_RULES.numberMinute, request.destination],
      [SMS_RULES.numberHour, request.destination],
    ]);
    if (!outcome.allowed) throw tooManyRequests('SMS_TOO_MANY_REQUESTS', SMS_TOO_MANY_MESSAGE, outcome.retryAfterMs);
    if (!request.deliver) return;
    const code = String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const salt = randomBytes(16);
    const nowMs = now();
    await repository.insert(
      request.merchantId,
      {
        purpose: request.purpose,
        destination: request.destination,
        holder: request.holder,
        codeHash: hashCode(salt, code),
        salt,
      },
      nowMs,
      nowMs + request.expiredMinutes * MINUTE_MS,
    );
    await sms.send({
      merchantId: request.merchantId,
      to: request.destination,
      text: `${request.brand}: ${code} is your ${PURPOSE_TEXT[request.purpose]} code. It expires in ${request.expiredMinutes} minutes. Never share it.`,
    });
  },

  /**
   * Whether `code` is the latest live code for (purpose, destination[, holder]); a right answer consumes it, a wrong
   * one spends one of its MAX_CODE_ATTEMPTS.
   */
  verify: async (
    merchantId: number,
    purpose: CodePurpose,
    destination: string,
    code: string,
    holder?: string,
  ): Promise<boolean> => {
    const nowMs = now();
    const key: CodeKey = { purpose, destination, holder };
    const live = await repository.attempt(merchantId, key, nowMs, MAX_CODE_ATTEMPTS);
    if (live === undefined || !constantTimeEqual(live.codeHash, hashCode(live.salt, code.trim()))) return false;
    return repository.consume(merchantId, live.id, nowMs);
  },
});

export type VerificationService = ReturnType<typeof verificationServiceFactory>;
