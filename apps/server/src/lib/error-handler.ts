import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@platform/contracts';
import { AppError } from './app-error';
import { failure } from './respond';

type ClientError = { code: ErrorCode; message: string };

/** Fastify's own 4xx errors, answered with a stable code and a message written for the caller. */
const FASTIFY_CLIENT_ERRORS: Record<string, ClientError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'BAD_REQUEST', message: 'Unsupported content type; send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'Body cannot be empty when content-type is JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'Body is not valid JSON' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'Request validation failed' },
};

const BY_STATUS: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

const statusOf = (error: unknown): number | undefined => {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
};

const clientErrorFor = (error: Partial<FastifyError>, status: number): ClientError => {
  const known = error.code === undefined ? undefined : FASTIFY_CLIENT_ERRORS[error.code];
  if (known) return known;
  if (error instanceof SyntaxError) return { code: 'BAD_REQUEST', message: 'Body is not valid JSON' };
  return { code: BY_STATUS[status] ?? 'BAD_REQUEST', message: 'Bad request' };
};

/**
 * The one error handler (STYLE.md convention 6): AppError keeps its status and message; Fastify's own
 * 4xx (bad JSON, wrong content type, body too large) get a code; anything else is our fault and is
 * logged with the request id and answered as a 500 that says nothing about the cause.
 */
export const errorHandler = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  if (error instanceof AppError) {
    if (error.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    const { value, retryAfterSeconds } = error.options;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(error.httpStatus).send(failure(error.code, error.message, value));
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const fastifyError = error as Partial<FastifyError>;
    const mapped = clientErrorFor(fastifyError, status);
    // Only codes: a parser's message can quote the body (JSON.parse does), and bodies carry passwords.
    request.log.info({ code: mapped.code, cause: fastifyError.code ?? (error as Error).name }, 'client error');
    return reply.code(status).send(failure(mapped.code, mapped.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(failure('INTERNAL', 'Internal server error'));
};
