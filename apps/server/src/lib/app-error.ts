import type { ErrorCode } from '@platform/contracts';

/**
 * The one error type a handler throws on purpose. Its message is shown to the caller, so it must be
 * written for them; anything else that is thrown is logged and answered as a 500 without detail.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string): AppError => new AppError('NOT_FOUND', 404, message);
