import type { LoginRequest } from '@platform/contracts';
import { failureValue } from '@/lib/error-text';
import type { CaptchaState } from '../hooks/use-captcha';

/** The captcha part of a login request: the answer to the captcha on show, else nothing. */
export const captchaAnswer = (captcha: CaptchaState, text: string): Pick<LoginRequest, 'captchaId' | 'captcha'> =>
  captcha.shown && captcha.captcha ? { captchaId: captcha.captcha.captchaId, captcha: text } : {};

/**
 * After a failed login (spec §4): the captcha is shown once the server asked for it, and a captcha answers once, so
 * every later failure brings a new one.
 */
export const renewCaptchaAfterFailure = (captcha: CaptchaState, error: unknown): void => {
  if (failureValue(error)?.captcha === true || captcha.shown) captcha.refresh({ force: true });
};
