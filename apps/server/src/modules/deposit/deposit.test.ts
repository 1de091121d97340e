import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type CreateDepositResponse, type DepositChannel, type DepositOrder, OPS_API } from '@platform/contracts';
import { manualClock } from '../../lib/clock';
import { describeEachDatabase } from '../../test/databases';
import { bearer, clearRateLimits, demoMerchantId } from '../../test/identity-helpers';
import { staffHeaders } from '../../test/staff-helpers';
import { buildTestApp } from '../../test/test-app';
import { balanceOf, memberWithSession, requestId, trialToken } from '../../test/wallet-helpers';
import { SIGNATURE_HEADER, signNotification, TIMESTAMP_HEADER } from '../demo-gateway';
import { expectSoundLedger } from '../../test/ledger-helpers';

const SECRET = 'demo-gateway-test-secret-0123456789abcdef';
const WEBHOOK = API.deposit.webhook.replace(':gateway', 'demo');
const orderPath = (orderNo: string) => API.deposit.order.replace(':orderNo', orderNo);
const opsPath = (path: string, orderNo: string) => path.replace(':orderNo', orderNo);

describeEachDatabase('deposits and the demo payment gateway', (getDb) => {
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

  it('should list the enabled channels with their limits, and refuse a guest', async () => {
    expect(channel('GATEWAY')).toMatchObject({
      name: 'Demo Pay',
      minAmount: '10.00',
      maxAmount: '50000.00',
      bank: null,
    });
    expect(channel('MANUAL_BANK')).toMatchObject({
      minAmount: '50.00',
      bank: { bankName: 'Demo Bank', accountNumber: expect.any(String) },
    });
    const guest = await app.inject({ url: API.deposit.channels });
    expect([guest.statusCode, guest.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it('should credit a manual bank order once when staff approve it, and refuse a second approval', async () => {
    const member = await memberWithSession(app, getDb());
    const order = await createManual(member.token);
    expect(order).toMatchObject({
      status: 'PENDING',
      amount: '100.00',
      bank: { bankName: 'Demo Bank' },
      paymentUrl: null,
    });
    const queue = await app.inject({
      url: `${OPS_API.deposits}?status=PENDING&username=${member.username}`,
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(queue.json().value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);

    const approve = async () =>
      app.inject({
        method: 'POST',
        url: opsPath(OPS_API.depositApprove, order.orderNo),
        headers: await staffHeaders(app, 'cashier'),
      });
    const first = await approve();
    expect(first.json().value).toMatchObject({
      status: 'APPROVED',
      decidedBy: expect.stringMatching(/^t_cashier_/),
      transferId: expect.any(String),
    });
    const again = await approve();
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    const reject = await app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositReject, order.orderNo),
      headers: await staffHeaders(app, 'cashier'),
      payload: { reason: 'too late' },
    });
    expect([reject.statusCode, reject.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    expect((await balanceOf(app, member.token)).balance).toBe('100.00');
    expect((await orderOf(member.token, order.orderNo)).status).toBe('APPROVED');
    const list = await app.inject({ url: `${API.deposit.orders}?status=APPROVED`, headers: bearer(member.token) });
    expect(list.json().value).toMatchObject({ totalPages: 1, list: [{ orderNo: order.orderNo }] });
    await expectSoundLedger(getDb());
  });

  it('should move no money when staff reject an order, which needs a reason and cannot be approved after', async () => {
    const member = await memberWithSession(app, getDb());
    const order = await createManual(member.token, '75.50');
    const reject = async (payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: opsPath(OPS_API.depositReject, order.orderNo),
        headers: await staffHeaders(app, 'cashier'),
        payload,
      });
    const noReason = await reject({ reason: '' });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await reject({ reason: 'no transfer received' })).json().value).toMatchObject({
      status: 'REJECTED',
      reason: 'no transfer received',
      transferId: null,
    });
    expect((await reject({ reason: 'no transfer received' })).statusCode).toBe(200);
    const approve = await app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, order.orderNo),
      headers: await staffHeaders(app, 'cashier'),
    });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    expect((await orderOf(member.token, order.orderNo)).reason).toBe('no transfer received');
    expect((await balanceOf(app, member.token)).balance).toBe('0.00');
    await expectSoundLedger(getDb());
  });

  it('should pay through the gateway page, notify the webhook over HTTP and credit once', async () => {
    const member = await memberWithSession(app, getDb());
    const order = await createGateway(member.token);
    expect(order).toMatchObject({
      status: 'PENDING',
      kind: 'GATEWAY',
      paymentUrl: expect.stringContaining('/demo-gateway/pay/'),
    });
    const paymentUrl = order.paymentUrl ?? '';

    const page = await fetch(paymentUrl);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('USD 100.00');
    expect(html).toContain('data-testid="demo-gateway-pay"');
    expect(html).not.toContain('<script');

    const pay = () =>
      fetch(paymentUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
    const paid = await pay();
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${origin}/member?page=depositv2&order=${order.orderNo}`);
    expect(await orderOf(member.token, order.orderNo)).toMatchObject({
      status: 'PAID',
      paidAt: expect.any(String),
      paymentUrl: null,
    });
    expect((await balanceOf(app, member.token)).balance).toBe('100.00');

    // Pressing Pay again makes the gateway notify again: the webhook is idempotent.
    expect((await pay()).status).toBe(303);
    expect((await balanceOf(app, member.token)).balance).toBe('100.00');
    expect(await (await fetch(paymentUrl)).text()).toContain('PAID');
    await expectSoundLedger(getDb());
  });

  it('should answer a repeated request id with the same order, and refuse it for another amount', async () => {
    const member = await memberWithSession(app, getDb());
    const body = { channelId: channel('GATEWAY').id, amount: '20.00', requestId: requestId('idem') };
    const first = await http('POST', API.deposit.orders, { token: member.token, body });
    const again = await http('POST', API.deposit.orders, { token: member.token, body });
    expect(again.json.value).toMatchObject({
      orderNo: first.json.value.orderNo,
      paymentUrl: first.json.value.paymentUrl,
      replayed: true,
    });
    const other = await http('POST', API.deposit.orders, { token: member.token, body: { ...body, amount: '21.00' } });
    expect([other.status, other.json.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const list = await app.inject({ url: API.deposit.orders, headers: bearer(member.token) });
    expect(list.json().value.list).toHaveLength(1);
  });

  it('should accept a replayed notification without crediting again, and refuse forged, stale or wrong-amount ones', async () => {
    const member = await memberWithSession(app, getDb());
    const order = await createGateway(member.token, '30.00');
    const note = {
      gatewayOrderId: await gatewayOrderId(order.orderNo),
      merchantOrderNo: order.orderNo,
      amount: '30.00',
      currency: 'USD',
      status: 'PAID',
      paidAt: new Date(time.now()).toISOString(),
    };
    const cases: [Awaited<ReturnType<typeof notify>>, number, string][] = [
      [await notify(note, { secret: 'x'.repeat(40) }), 401, 'SIGNATURE_INVALID'],
      [await notify(note, { atMs: time.now() - 6 * 60_000 }), 401, 'SIGNATURE_INVALID'],
      [await notify(note, { atMs: time.now() + 6 * 60_000 }), 401, 'SIGNATURE_INVALID'],
      [await notify({ ...note, amount: '3000.00' }), 400, 'INVALID_AMOUNT'],
      [await notify({ ...note, amount: '30.001' }), 400, 'INVALID_AMOUNT'],
      [await notify({ ...note, gatewayOrderId: 'DGnot-a-real-payment-id' }), 404, 'ORDER_NOT_FOUND'],
      [
        await app.inject({
          method: 'POST',
          url: WEBHOOK,
          headers: { 'content-type': 'application/json' },
          payload: note,
        }),
        401,
        'SIGNATURE_INVALID',
      ],
    ];
    for (const [res, status, code] of cases)
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    // A body changed after signing fails too: the signature covers the raw bytes.
    const raw = JSON.stringify(note);
    const timestamp = Math.floor(time.now() / 1000).toString();
    const tampered = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signNotification(SECRET, timestamp, raw),
      },
      payload: raw.replace('"30.00"', '"30.0"'),
    });
    expect([tampered.statusCode, tampered.json().code]).toEqual([401, 'SIGNATURE_INVALID']);
    expect((await orderOf(member.token, order.orderNo)).status).toBe('PENDING');
    expect((await balanceOf(app, member.token)).balance).toBe('0.00');

    const first = await notify(note);
    expect(first.json().value).toEqual({ orderNo: order.orderNo, replayed: false });
    const replay = await notify(note);
    expect([replay.statusCode, replay.json().value]).toEqual([200, { orderNo: order.orderNo, replayed: true }]);
    expect((await balanceOf(app, member.token)).balance).toBe('30.00');
    await expectSoundLedger(getDb());
  });

  it("should answer another member's order as not found, to the member and to staff", async () => {
    const owner = await memberWithSession(app, getDb());
    const stranger = await memberWithSession(app, getDb());
    const order = await createManual(owner.token);
    const res = await app.inject({ url: orderPath(order.orderNo), headers: bearer(stranger.token) });
    expect([res.statusCode, res.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const list = await app.inject({ url: API.deposit.orders, headers: bearer(stranger.token) });
    expect(list.json().value).toMatchObject({ list: [], totalPages: 0 });
    const unknown = await app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, 'DNOSUCHORDER1'),
      headers: await staffHeaders(app, 'cashier'),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const notStaff = await app.inject({ url: OPS_API.deposits, headers: bearer(owner.token) });
    expect([notStaff.statusCode, notStaff.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    const notCashier = await app.inject({ url: OPS_API.deposits, headers: await staffHeaders(app, 'content') });
    expect([notCashier.statusCode, notCashier.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('should refuse a trial member a deposit', async () => {
    const token = await trialToken(app, time.now);
    const refused = await createOrder(token, {
      channelId: channel('GATEWAY').id,
      amount: '100',
      requestId: requestId(),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'TRIAL_FORBIDDEN']);
    expect((await balanceOf(app, token)).balance).toBe('2000.00');
  });

  it('should refuse bad amounts and unavailable channels with a code, creating nothing', async () => {
    const member = await memberWithSession(app, getDb());
    const merchantId = await demoMerchantId(getDb());
    const { rows } = await getDb().query<{ id: bigint }>(
      `INSERT INTO deposit_channels (merchant_id, code, kind, gateway_code, display_name, min_amount_minor,
         max_amount_minor, enabled)
       VALUES ($1, 'closed-pay', 'GATEWAY', 'demo', 'Closed', 100, 1000, false) RETURNING id`,
      [merchantId],
    );
    const gateway = channel('GATEWAY').id;
    const cases: [string, string, number, string][] = [
      [gateway, '-5', 400, 'INVALID_AMOUNT'],
      [gateway, '0', 400, 'INVALID_AMOUNT'],
      [gateway, '10.001', 400, 'INVALID_AMOUNT'],
      [gateway, 'ten', 400, 'INVALID_AMOUNT'],
      [gateway, '1e3', 400, 'INVALID_AMOUNT'],
      [gateway, '9.99', 422, 'AMOUNT_BELOW_MIN'],
      [gateway, '50000.01', 422, 'AMOUNT_ABOVE_MAX'],
      [channel('MANUAL_BANK').id, '49.99', 422, 'AMOUNT_BELOW_MIN'],
      [String(rows[0]?.id), '5.00', 422, 'CHANNEL_UNAVAILABLE'],
      ['999999', '20.00', 422, 'CHANNEL_UNAVAILABLE'],
    ];
    for (const [channelId, amount, status, code] of cases) {
      const res = await createOrder(member.token, { channelId, amount, requestId: requestId('bad') });
      expect([res.statusCode, res.json().code], amount).toEqual([status, code]);
    }
    const list = await app.inject({ url: API.deposit.orders, headers: bearer(member.token) });
    expect(list.json().value.list).toEqual([]);
    expect((await balanceOf(app, member.token)).balance).toBe('0.00');
  });

  it('should limit how many orders a member creates in a minute, and still answer a retry of one made', async () => {
    const member = await memberWithSession(app, getDb());
    const bodies = Array.from({ length: 11 }, () => ({
      channelId: channel('MANUAL_BANK').id,
      amount: '60',
      requestId: requestId(),
    }));
    const answers = [];
    for (const body of bodies) answers.push(await createOrder(member.token, body));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(answers.at(-1)?.statusCode).toBe(429);
    // The limit is used up, yet the retry of a made order answers that order (issue 16).
    const retry = await createOrder(member.token, bodies[0]!);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().value).toMatchObject({ orderNo: answers[0]!.json().value.orderNo, replayed: true });
  });

  it('should expire pending orders after the channel’s minutes, once, and refuse approving them', async () => {
    const member = await memberWithSession(app, getDb());
    const order = await createManual(member.token);
    const expire = async () => app.jobs.trigger('deposit.expire');
    expect(await expire()).toEqual({ status: 'DONE', report: { expired: 0 } });
    time.advance(121 * 60_000);
    const expired = await expire();
    expect(expired.status === 'DONE' ? expired.report?.expired : undefined).toBeGreaterThanOrEqual(1);
    expect(await expire()).toEqual({ status: 'DONE', report: { expired: 0 } });
    const queue = await app.inject({
      url: `${OPS_API.deposits}?username=${member.username}`,
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(queue.json().value.list).toMatchObject([{ orderNo: order.orderNo, status: 'EXPIRED' }]);
    const approve = await app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, order.orderNo),
      headers: await staffHeaders(app, 'cashier'),
    });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    await expectSoundLedger(getDb());
  });
});
