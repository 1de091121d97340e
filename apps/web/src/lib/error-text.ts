import type { TFunction } from 'i18next';
import { ErrorCode, retryAfterMinutes } from '@platform/contracts';
import { ApiError } from './api-client';

const CODES = new Set<string>(Object.values(ErrorCode));

/**
 * The message to show for a failed call (DESIGN.md §4): the translation of the server's stable `code`
 * (`errors.codes.<CODE>` in the packs), else the server's own message, else a network or unknown-error text. A 429's
 * wait is handed to the translation as `minutes`.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  if (error.status === 0) return t('errors.network');
  if (error.code && CODES.has(error.code)) {
    // A 429 says how long to wait (TOO_MANY_ATTEMPTS: "try again in {{minutes}} min").
    return t(`errors.codes.${error.code}`, {
      defaultValue: error.message || t('errors.unknown'),
      minutes: retryAfterMinutes(error.value),
    });
  }
  return error.message && error.message !== 'invalid response' ? error.message : t('errors.unknown');
}

/** The failure envelope's value, when it is an object. */
export const failureValue = (error: unknown): Record<string, unknown> | null =>
  error instanceof ApiError && typeof error.value === 'object' && error.value !== null
    ? (error.value as Record<string, unknown>)
    : null;
