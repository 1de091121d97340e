import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API,
  CreateDepositRequestSchema,
  CreateDepositResponseSchema,
  DepositChannelListSchema,
  DepositOrderPageSchema,
  DepositOrderParamsSchema,
  DepositOrderQuerySchema,
  DepositOrderSchema,
  GatewayParamsSchema,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { Auth, MerchantResolver } from '../identity';
import type { CallbackUrls, DepositMemberService } from './deposit-member.service';

export type DepositRoutesOptions = {
  deposits: DepositMemberService;
  auth: Auth;
  merchantOf: MerchantResolver;
  /** Whether the host is one of the merchant's own domains (merchant service `ownsHost`). */
  ownsHost: (merchantId: number, host: string) => Promise<boolean>;
};

const WebhookAnswerSchema = z.object({ orderNo: z.string(), replayed: z.boolean() });
/** Gateways send small notifications; anything larger is not one. */
const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;

/** The address this server received the request on: ours, whatever the client wrote in its Host header. */
const localOrigin = (request: FastifyRequest): string => {
  const { localAddress = '127.0.0.1', localPort } = request.socket;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}`;
};

/**
 * The player returns to the member centre's deposit page on the origin it used. The gateway calls back on that origin
 * only when it is one of the merchant's own domains; otherwise (a local or unregistered host, or a forged Host header)
 * on the address this server listens on, so a Host header can never point the server's own POST somewhere else.
 */
const callbackUrls = async (
  request: FastifyRequest,
  merchantId: number,
  ownsHost: DepositRoutesOptions['ownsHost'],
): Promise<CallbackUrls> => {
  const origin = `${request.protocol}://${request.host}`;
  const notifyOrigin = (await ownsHost(merchantId, request.host)) ? origin : localOrigin(request);
  return {
    returnUrl: (orderNo) => `${origin}/member?page=depositv2&order=${encodeURIComponent(orderNo)}`,
    notifyUrl: (gatewayCode) => `${notifyOrigin}${API.deposit.webhook.replace(':gateway', gatewayCode)}`,
  };
};

/** Member deposit calls (T; creating an order needs a real account) and the gateways' webhook (signed, no session). */
export const depositRoutes = async (
  app: FastifyInstance,
  { deposits, auth, merchantOf, ownsHost }: DepositRoutesOptions,
) => {
  app.get(API.deposit.channels, async (request) => {
    await auth.requireSession(request);
    return success(DepositChannelListSchema, { list: await deposits.channels(await merchantOf(request)) });
  });

  app.post(API.deposit.orders, async (request) => {
    const session = await auth.requireMember(request);
    const body = parseInput(CreateDepositRequestSchema, request.body, 'deposit');
    const caller = { merchant: await merchantOf(request), memberId: session.memberId };
    const urls = await callbackUrls(request, caller.merchant.id, ownsHost);
    return success(CreateDepositResponseSchema, await deposits.createOrder(caller, body, urls));
  });

  app.get(API.deposit.orders, async (request) => {
    const session = await auth.requireSession(request);
    const query = parseInput(DepositOrderQuerySchema, request.query, 'query');
    const caller = { merchant: await merchantOf(request), memberId: session.memberId };
    return success(DepositOrderPageSchema, await deposits.memberOrders(caller, query));
  });

  app.get(API.deposit.order, async (request) => {
    const session = await auth.requireSession(request);
    const { orderNo } = parseInput(DepositOrderParamsSchema, request.params, 'order');
    const caller = { merchant: await merchantOf(request), memberId: session.memberId };
    return success(DepositOrderSchema, await deposits.memberOrder(caller, orderNo));
  });

  // The signature covers the exact bytes sent, so this route keeps the raw body (its own parser, in its own scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(API.deposit.webhook, async (request) => {
      const { gateway } = parseInput(GatewayParamsSchema, request.params, 'gateway');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const merchant = await merchantOf(request);
      const result = await deposits.notification(merchant, gateway, request.headers, raw);
      request.log.info({ gateway, orderNo: result.orderNo, replayed: result.replayed }, 'deposit notification');
      return success(WebhookAnswerSchema, result);
    });
  });
};
