import { timingSafeEqual } from 'node:crypto';
import { SEAMLESS_HEADERS, SEAMLESS_TIME_WINDOW_MS } from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import { failure, RgsError, success } from '../lib/errors';
import { parseInput } from '../lib/validate';
import { signSeamless, type OperatorResolver } from '../platform/seamless-client';
import { AdminSchemas, type AdminActor, type LotteryAdmin } from './admin';

/**
 * The lottery back office's API (ADR 0048): `POST /lgw/admin/v1/<action>`, called by an operator's platform server
 * (never a browser), signed like every platform-to-vendor call: HMAC-SHA256 of `${X-Timestamp}.${raw body}` with the
 * operator's shared secret for vendor LOTT (X-Vendor: LOTT, X-Merchant: the operator), within ±5 minutes. The body
 * names the staff member acting; reads go through POST too, so the signature covers every parameter.
 */
export const LOTTERY_ADMIN_VENDOR = 'LOTT';
const BODY_LIMIT_BYTES = 64 * 1024;
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const TIMESTAMP_MS = /^\d{1,15}$/;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

const authenticate = (request: FastifyRequest, rawBody: string, operators: OperatorResolver, nowMs: number) => {
  if (header(request, SEAMLESS_HEADERS.vendor) !== LOTTERY_ADMIN_VENDOR) {
    throw new RgsError('VENDOR_UNKNOWN', 401, `X-Vendor must be ${LOTTERY_ADMIN_VENDOR}`);
  }
  const merchantCode = header(request, SEAMLESS_HEADERS.merchant);
  const operator = merchantCode === '' ? undefined : operators(merchantCode, LOTTERY_ADMIN_VENDOR);
  if (operator === undefined) throw new RgsError('MERCHANT_UNKNOWN', 401, 'No shared secret for this merchant');
  const timestamp = header(request, SEAMLESS_HEADERS.timestamp);
  if (!TIMESTAMP_MS.test(timestamp) || Math.abs(Number(timestamp) - nowMs) > SEAMLESS_TIME_WINDOW_MS) {
    throw new RgsError('TIMESTAMP_STALE', 401, 'X-Timestamp is missing or more than 5 minutes from our clock');
  }
  const given = header(request, SEAMLESS_HEADERS.signature).toLowerCase();
  const expected = Buffer.from(signSeamless(operator.secret, timestamp, rawBody), 'hex');
  if (!(HEX_SHA256.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), expected))) {
    throw new RgsError('SIGNATURE_INVALID', 401, 'X-Signature does not match the body and timestamp');
  }
  return merchantCode;
};

const bodyOf = <S extends z.ZodType>(schema: S, rawBody: string): z.output<S> => {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new RgsError('VALIDATION_FAILED', 400, 'The body is not JSON');
  }
  return parseInput(schema, json, 'request');
};

export const registerLotteryAdmin = (
  app: FastifyInstance,
  deps: { admin: LotteryAdmin; operators: OperatorResolver; clock: Pick<Clock, 'now'> },
): void => {
  const { admin } = deps;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof RgsError) return reply.code(error.httpStatus).send(failure(error.code, error.message));
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.code(400).send(failure('VALIDATION_FAILED', 'The request is not a lottery admin call'));
      }
      request.log.error({ err: error }, 'lottery admin call failed');
      return reply.code(500).send(failure('INTERNAL', 'The game server failed'));
    });

    const route = <S extends z.ZodType<{ staff: string }>>(
      action: string,
      schema: S,
      handle: (actor: AdminActor, input: z.output<S>) => Promise<unknown>,
    ) => {
      scope.post(`/lgw/admin/v1/${action}`, async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const operator = authenticate(request, rawBody, deps.operators, deps.clock.now());
        const input = bodyOf(schema, rawBody);
        const result = await handle({ operator, staff: input.staff }, input);
        request.log.info({ operator, staff: input.staff, action }, 'lottery admin call');
        return success(result);
      });
    };

    route('lotteries', AdminSchemas.list, () => admin.list());
    route('suspend', AdminSchemas.suspend, (actor, input) => admin.suspend(actor, input));
    route('odds', AdminSchemas.odds, (_actor, input) => admin.odds(input));
    route('odds/publish', AdminSchemas.publishOdds, (actor, input) => admin.publishOdds(actor, input));
    route('caps', AdminSchemas.caps, (actor, input) => admin.caps(actor, input));
    route('issues', AdminSchemas.issues, (actor, input) => admin.issues(actor.operator, input));
    route('issues/cancel', AdminSchemas.cancel, (actor, input) => admin.cancel(actor, input));
    route('pnl', AdminSchemas.pnl, (actor, input) => admin.pnl(actor.operator, input));
  });
};
