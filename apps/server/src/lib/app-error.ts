import type { ErrorCode } from '@platform/contracts';

export type AppErrorOptions = {
  /** Sent as the envelope's `value`: details the client acts on (e.g. `{ captcha: true }`). Never secrets. */
  value?: unknown;
  /** Sent as the Retry-After header of a 429 or 503. */
  retryAfterSeconds?: number;
};

/**
 * The one error type a handler throws on purpose. Its message is shown to the caller, so it must be
 * written for them; anything else that is thrown is logged and answered as a 500 without detail.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly httpStatus: number,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string): AppError => new AppError('NOT_FOUND', 404, message);
