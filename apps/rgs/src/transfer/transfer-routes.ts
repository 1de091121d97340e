import { timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  SEAMLESS_HEADERS,
  SEAMLESS_TIME_WINDOW_MS,
  transferProtocolPath,
  VendorBalanceQuerySchema,
  VendorBetsQuerySchema,
  VendorOrderQuerySchema,
  VendorTransferCallSchema,
  type TransferProtocolErrorCode,
} from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import { failure, RgsError, success } from '../lib/errors';
import { parseInput } from '../lib/validate';
import { RGS_VENDOR_CODE, signSeamless, type OperatorResolver } from '../platform/seamless-client';
import type { TransferWallet } from './transfer-wallet';

/** A protocol call is a few hundred bytes; anything near this is not one. */
const BODY_LIMIT_BYTES = 16 * 1024;
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const TIMESTAMP_MS = /^\d{1,15}$/;

/** At most `max` calls per operator (the merchant that signed them) in each window of `timeWindowMs`, per node. */
export type TransferRateLimit = { max: number; timeWindowMs: number };
/**
 * Far above what one merchant's platform sends (a transfer is a member's click, reconciliation asks at most 50 orders a
 * pass, the bet pull a page a minute), low enough that a flood (a retry loop gone wrong, a leaked secret) is turned
 * away in memory before it reaches the database.
 */
export const TRANSFER_RATE_LIMIT: TransferRateLimit = { max: 1_000, timeWindowMs: 10_000 };

const refuse = (code: TransferProtocolErrorCode, status: number, message: string) =>
  new RgsError(code, status, message);

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Who signed the request: the operator (merchant code) whose shared secret signs `${X-Timestamp}.${raw body}` (the
 * seamless scheme, in the other direction), within ±5 minutes of our clock. Checked on the raw bytes before parsing.
 */
const authenticate = (request: FastifyRequest, rawBody: string, operators: OperatorResolver, nowMs: number): string => {
  if (header(request, SEAMLESS_HEADERS.vendor) !== RGS_VENDOR_CODE) {
    throw refuse('VENDOR_UNKNOWN', 401, `X-Vendor must be ${RGS_VENDOR_CODE}`);
  }
  const merchantCode = header(request, SEAMLESS_HEADERS.merchant);
  const operator = merchantCode === '' ? undefined : operators(merchantCode);
  if (operator === undefined) throw refuse('MERCHANT_UNKNOWN', 401, 'No shared secret for this merchant');
  const timestamp = header(request, SEAMLESS_HEADERS.timestamp);
  if (!TIMESTAMP_MS.test(timestamp) || Math.abs(Number(timestamp) - nowMs) > SEAMLESS_TIME_WINDOW_MS) {
    throw refuse('TIMESTAMP_STALE', 401, 'X-Timestamp is missing or more than 5 minutes from our clock');
  }
  const given = header(request, SEAMLESS_HEADERS.signature).toLowerCase();
  const expected = Buffer.from(signSeamless(operator.secret, timestamp, rawBody), 'hex');
  const matches = HEX_SHA256.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), expected);
  if (!matches) throw refuse('SIGNATURE_INVALID', 401, 'X-Signature does not match the body and timestamp');
  return merchantCode;
};

const parseBody = <S extends z.ZodType>(schema: S, rawBody: string): z.output<S> => {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw refuse('VALIDATION_FAILED', 400, 'The body is not JSON');
  }
  return parseInput(schema, json, 'request');
};

/**
 * The transfer wallet protocol, vendor side: `POST /rgs/v1/transfer/{transfer,order,balance,bets}`
 * (packages/contracts/src/transfer-protocol.ts). The platform calls these; the game clients never do. The routes keep
 * the raw body (their own JSON parser, in their own scope) because the signature covers the bytes as sent.
 */
export const registerTransferProtocol = (
  app: FastifyInstance,
  deps: {
    wallet: TransferWallet;
    operators: OperatorResolver;
    clock: Pick<Clock, 'now'>;
    rateLimit?: TransferRateLimit;
  },
): void => {
  const limit = deps.rateLimit ?? TRANSFER_RATE_LIMIT;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Refusals speak the protocol's codes: a body the parser refused (size, type) is VALIDATION_FAILED, not ours.
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof RgsError) {
        return reply.code(error.httpStatus).send(failure(error.code, error.message));
      }
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.code(400).send(failure('VALIDATION_FAILED', 'The request is not a protocol call'));
      }
      request.log.error({ err: error }, 'transfer protocol call failed');
      return reply.code(500).send(failure('INTERNAL', 'The game server failed'));
    });

    // Every call is authenticated first (no I/O: an HMAC over at most 16 KB), then counted against its operator's
    // limit, then served. Keyed by the operator that signed, not by source address: the platform sends every
    // merchant's calls from the same few addresses (in embedded mode all from 127.0.0.1), and an unsigned flood could
    // otherwise use up a real operator's allowance; unsigned calls are refused before they cost a database query.
    const callers = new WeakMap<FastifyRequest, { operator: string; rawBody: string }>();
    const callerOf = (request: FastifyRequest) => {
      const caller = callers.get(request);
      if (caller === undefined) throw new Error('transfer call served before it was authenticated');
      return caller;
    };
    scope.addHook('preHandler', async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      callers.set(request, { operator: authenticate(request, rawBody, deps.operators, deps.clock.now()), rawBody });
    });
    // Route-level preHandler hooks (this plugin adds one to each route below) run after the scope's, so after the
    // signature check. It answers 429 RATE_LIMITED with Retry-After (seconds) and x-ratelimit-* headers.
    await scope.register(rateLimit, {
      hook: 'preHandler',
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      keyGenerator: (request) => callerOf(request).operator,
      errorResponseBuilder: (_request, context) =>
        refuse('RATE_LIMITED', 429, `Too many calls for this merchant; retry in ${context.after}`),
    });

    scope.post(`/rgs${transferProtocolPath('transfer')}`, async (request) => {
      const { operator, rawBody } = callerOf(request);
      const call = parseBody(VendorTransferCallSchema, rawBody);
      const answer = await deps.wallet.transfer(operator, call);
      request.log.info(
        { operator, orderNo: call.orderNo, direction: call.direction, status: answer.status },
        'transfer order',
      );
      return success(answer);
    });
    scope.post(`/rgs${transferProtocolPath('order')}`, async (request) => {
      const { operator, rawBody } = callerOf(request);
      const query = parseBody(VendorOrderQuerySchema, rawBody);
      return success(await deps.wallet.order(operator, query.orderNo));
    });
    scope.post(`/rgs${transferProtocolPath('balance')}`, async (request) => {
      const { operator, rawBody } = callerOf(request);
      const query = parseBody(VendorBalanceQuerySchema, rawBody);
      return success(await deps.wallet.balance(operator, query.playerId, query.currency));
    });
    scope.post(`/rgs${transferProtocolPath('bets')}`, async (request) => {
      const { operator, rawBody } = callerOf(request);
      const query = parseBody(VendorBetsQuerySchema, rawBody);
      return success(await deps.wallet.bets(operator, query));
    });
  });
};
