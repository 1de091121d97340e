import type { TFunction } from 'i18next';
import { retryAfterMinutes } from '@platform/contracts';
import { isApiError } from './api-client';

/**
 * The text for a failure: the translation of its code (errors.<CODE> in the locale files) when there is one, else the
 * server's message, else a generic line. Staff see the server's message for codes the UI does not know yet: it is
 * written for operators and beats "something went wrong".
 */
export const errorText = (t: TFunction, error: unknown): string => {
  if (isApiError(error)) {
    if (error.code === 'NETWORK') return t('errors.NETWORK');
    const key = `errors.${error.code}`;
    // A 429 says how long to wait (TOO_MANY_ATTEMPTS: "try again in {{minutes}} min").
    const translated = t(key, { defaultValue: '', minutes: retryAfterMinutes(error.value) });
    if (translated !== '') return translated;
    if (error.message !== '' && error.status < 500) return error.message;
  }
  return t('errors.generic');
};
