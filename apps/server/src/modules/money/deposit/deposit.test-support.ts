import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type CreateDepositResponse, type DepositChannel, type DepositOrder } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { manualClock } from '../../../lib/clock';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession, requestId } from '../../../test/wallet-helpers';
import { SIGNATURE_HEADER, signNotification, TIMESTAMP_HEADER } from '../demo-gateway';

export const SECRET = 'demo-gateway-test-secret-0123456789abcdef';
export const WEBHOOK = API.deposit.webhook.replace(':gateway', 'demo');
export const orderPath = (orderNo: string) => API.deposit.order.replace(':orderNo', orderNo);
export const opsPath = (path: string, orderNo: string) => path.replace(':orderNo', orderNo);

/**
 * The app with the demo gateway, listening on a local port (the gateway calls back over HTTP), on a manual clock, and
 * the calls both deposit test files make. Call it inside a describe block: it registers the beforeAll, afterAll and
 * beforeEach.
 */
export const depositFixture = (getDb: () => Database) => {
  const time = manualClock();
  let app: FastifyInstance;
  let origin: string;
  let channels: DepositChannel[];

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      env: { DEMO_GATEWAY_SECRET: SECRET },
      seams: { now: time.now },
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await memberWithSession(app, getDb());
    channels = (await app.inject({ url: API.deposit.channels, headers: bearer(member.token) })).json().value.list;
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const channel = (kind: DepositChannel['kind']): DepositChannel => {
    const found = channels.find((c) => c.kind === kind);
    if (found === undefined) throw new Error(`no ${kind} channel seeded`);
    return found;
  };

  /** Over real HTTP on the listening server: the gateway calls back the origin the order was created on. */
  const http = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(options.token ? bearer(options.token) : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return {
      status: res.status,
      json: (await res.json()) as { success: boolean; code?: string; value: CreateDepositResponse },
    };
  };

  const createOrder = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: API.deposit.orders, headers: bearer(token), payload: body });

  const createManual = async (token: string, amount = '100.00'): Promise<CreateDepositResponse> => {
    const res = await createOrder(token, { channelId: channel('MANUAL_BANK').id, amount, requestId: requestId('dep') });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  const createGateway = async (token: string, amount = '100.00'): Promise<CreateDepositResponse> => {
    const res = await http('POST', API.deposit.orders, {
      token,
      body: { channelId: channel('GATEWAY').id, amount, requestId: requestId('gw') },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.value;
  };

  const orderOf = async (token: string, orderNo: string): Promise<DepositOrder> =>
    (await app.inject({ url: orderPath(orderNo), headers: bearer(token) })).json().value;

  const gatewayOrderId = async (orderNo: string): Promise<string> => {
    const { rows } = await getDb().query<{ id: string }>(
      'SELECT gateway_order_id AS id FROM deposit_orders WHERE order_no = $1',
      [orderNo],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('no gateway order id');
    return id;
  };

  const notify = (body: Record<string, unknown>, options: { secret?: string; atMs?: number } = {}) => {
    const raw = JSON.stringify(body);
    const timestamp = Math.floor((options.atMs ?? time.now()) / 1000).toString();
    return app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signNotification(options.secret ?? SECRET, timestamp, raw),
      },
      payload: raw,
    });
  };

  return {
    time,
    get app() {
      return app;
    },
    get origin() {
      return origin;
    },
    get channels() {
      return channels;
    },
    ...{ channel, http, createOrder, createManual, createGateway, orderOf, gatewayOrderId, notify },
  };
};
