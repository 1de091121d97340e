import type { FieldError } from '@platform/contracts';

/**
 * A failed call, in both apps: the envelope's stable `code` (ErrorCode in contracts; `HTTP_<status>` when the answer
 * had no envelope), the HTTP status, the server's message and the failure envelope's whole `value` (details to act on:
 * `{ captcha: true }`, the field rule that failed, VALIDATION_FAILED's `fields`). A network failure is status 0, code
 * NETWORK, message 'network'; an answer that does not match its schema is code INVALID_RESPONSE, message
 * 'invalid response'.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly value: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** On VALIDATION_FAILED, the failing fields (`value.fields`, STAFF.md "Field errors"); otherwise none. */
  get fields(): readonly FieldError[] {
    const fields = (this.value as { fields?: unknown } | null | undefined)?.fields;
    if (!Array.isArray(fields)) return [];
    return fields.filter(
      (field): field is FieldError =>
        typeof field === 'object' &&
        field !== null &&
        typeof (field as FieldError).path === 'string' &&
        typeof (field as FieldError).message === 'string',
    );
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

/** The failure of an answer that is not what the app expected (a schema or shape check failed). */
export const invalidResponse = (status = 200, message = 'invalid response') =>
  new ApiError('INVALID_RESPONSE', status, message);

export const networkFailure = () => new ApiError('NETWORK', 0, 'network');
