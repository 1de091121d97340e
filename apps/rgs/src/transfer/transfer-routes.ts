import { timingSafeEqual } from 'node:crypto';
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
  deps: { wallet: TransferWallet; operators: OperatorResolver; clock: Pick<Clock, 'now'> },
): void => {
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

    const signed = (request: FastifyRequest) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      return { operator: authenticate(request, rawBody, deps.operators, deps.clock.now()), rawBody };
    };

    scope.post(`/rgs${transferProtocolPath('transfer')}`, async (request) => {
      const { operator, rawBody } = signed(request);
      const call = parseBody(VendorTransferCallSchema, rawBody);
      const answer = await deps.wallet.transfer(operator, call);
      request.log.info(
        { operator, orderNo: call.orderNo, direction: call.direction, status: answer.status },
        'transfer order',
      );
      return success(answer);
    });
    scope.post(`/rgs${transferProtocolPath('order')}`, async (request) => {
      const { operator, rawBody } = signed(request);
      const query = parseBody(VendorOrderQuerySchema, rawBody);
      return success(await deps.wallet.order(operator, query.orderNo));
    });
    scope.post(`/rgs${transferProtocolPath('balance')}`, async (request) => {
      const { operator, rawBody } = signed(request);
      const query = parseBody(VendorBalanceQuerySchema, rawBody);
      return success(await deps.wallet.balance(operator, query.playerId, query.currency));
    });
    scope.post(`/rgs${transferProtocolPath('bets')}`, async (request) => {
      const { operator, rawBody } = signed(request);
      const query = parseBody(VendorBetsQuerySchema, rawBody);
      return success(await deps.wallet.bets(operator, query));
    });
  });
};
