import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { CallbackUrls, DepositMemberService } from './deposit-member.service';

export type DepositRoutesOptions = {
  deposits: DepositMemberService;
  auth: Auth;
  merchantOf: MerchantResolver;
  /** Whether the host is one of the merchant's own domains (merchant service `ownsHost`). */
  ownsHost: (merchantId: number, host: string) => Promise<boolean>;
};

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
  route(app, 'GET', API.deposit.channels, {
    guard: auth.requireSession,
    handler: async ({ request }) => ({ list: await deposits.channels(await merchantOf(request)) }),
  });

  route(app, 'POST', API.deposit.orders, {
    guard: auth.requireMember,
    what: { body: 'deposit' },
    handler: async ({ caller: session, body, request }) => {
      const caller = { merchant: await merchantOf(request), memberId: session.memberId };
      const urls = await callbackUrls(request, caller.merchant.id, ownsHost);
      return deposits.createOrder(caller, body, urls);
    },
  });

  route(app, 'GET', API.deposit.orders, {
    guard: auth.requireSession,
    handler: async ({ caller: session, query, request }) =>
      deposits.memberOrders({ merchant: await merchantOf(request), memberId: session.memberId }, query),
  });

  route(app, 'GET', API.deposit.order, {
    guard: auth.requireSession,
    what: { params: 'order' },
    handler: async ({ caller: session, params, request }) =>
      deposits.memberOrder({ merchant: await merchantOf(request), memberId: session.memberId }, params.orderNo),
  });

  // The signature covers the exact bytes sent, so this route keeps the raw body (its own parser, in its own scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    route(scope, 'POST', API.deposit.webhook, {
      what: { params: 'gateway' },
      handler: async ({ params: { gateway }, request }) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const merchant = await merchantOf(request);
        const result = await deposits.notification(merchant, gateway, request.headers, raw);
        request.log.info({ gateway, orderNo: result.orderNo, replayed: result.replayed }, 'deposit notification');
        return result;
      },
    });
  });
};
