import { expect, it } from 'vitest';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { balanceOf, memberWithSession, requestId, trialToken } from '../../../test/wallet-helpers';
import { SIGNATURE_HEADER, signNotification, TIMESTAMP_HEADER } from '../demo-gateway';
import { SECRET, WEBHOOK, depositFixture, opsPath, orderPath } from './deposit.test-support';
import { expectSoundLedger } from '../../../test/ledger-helpers';

describeEachDatabase('deposits: retries, notifications, refusals, limits and expiry', (getDb) => {
  const f = depositFixture(getDb);
  const { time, channel, http, createOrder, createManual, createGateway, orderOf, gatewayOrderId, notify } = f;

  it('should answer a repeated request id with the same order, and refuse it for another amount', async () => {
    const member = await memberWithSession(f.app, getDb());
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
    const list = await f.app.inject({ url: API.deposit.orders, headers: bearer(member.token) });
    expect(list.json().value.list).toHaveLength(1);
  });

  it('should accept a replayed notification without crediting again, and refuse forged, stale or wrong-amount ones', async () => {
    const member = await memberWithSession(f.app, getDb());
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
        await f.app.inject({
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
    const tampered = await f.app.inject({
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
    expect((await balanceOf(f.app, member.token)).balance).toBe('0.00');

    const first = await notify(note);
    expect(first.json().value).toEqual({ orderNo: order.orderNo, replayed: false });
    const replay = await notify(note);
    expect([replay.statusCode, replay.json().value]).toEqual([200, { orderNo: order.orderNo, replayed: true }]);
    expect((await balanceOf(f.app, member.token)).balance).toBe('30.00');
    await expectSoundLedger(getDb());
  });

  it("should answer another member's order as not found, to the member and to staff", async () => {
    const owner = await memberWithSession(f.app, getDb());
    const stranger = await memberWithSession(f.app, getDb());
    const order = await createManual(owner.token);
    const res = await f.app.inject({ url: orderPath(order.orderNo), headers: bearer(stranger.token) });
    expect([res.statusCode, res.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const list = await f.app.inject({ url: API.deposit.orders, headers: bearer(stranger.token) });
    expect(list.json().value).toMatchObject({ list: [], totalPages: 0 });
    const unknown = await f.app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, 'DNOSUCHORDER1'),
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const notStaff = await f.app.inject({ url: OPS_API.deposits, headers: bearer(owner.token) });
    expect([notStaff.statusCode, notStaff.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    const notCashier = await f.app.inject({ url: OPS_API.deposits, headers: await staffHeaders(f.app, 'content') });
    expect([notCashier.statusCode, notCashier.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('should refuse a trial member a deposit', async () => {
    const token = await trialToken(f.app, time.now);
    const refused = await createOrder(token, {
      channelId: channel('GATEWAY').id,
      amount: '100',
      requestId: requestId(),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'TRIAL_FORBIDDEN']);
    expect((await balanceOf(f.app, token)).balance).toBe('2000.00');
  });

  it('should refuse bad amounts and unavailable channels with a code, creating nothing', async () => {
    const member = await memberWithSession(f.app, getDb());
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
    const list = await f.app.inject({ url: API.deposit.orders, headers: bearer(member.token) });
    expect(list.json().value.list).toEqual([]);
    expect((await balanceOf(f.app, member.token)).balance).toBe('0.00');
  });

  it('should limit how many orders a member creates in a minute, and still answer a retry of one made', async () => {
    const member = await memberWithSession(f.app, getDb());
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
    const member = await memberWithSession(f.app, getDb());
    const order = await createManual(member.token);
    const expire = async () => f.app.jobs.trigger('deposit.expire');
    expect(await expire()).toEqual({ status: 'DONE', report: { expired: 0 } });
    time.advance(121 * 60_000);
    const expired = await expire();
    expect(expired.status === 'DONE' ? expired.report?.expired : undefined).toBeGreaterThanOrEqual(1);
    expect(await expire()).toEqual({ status: 'DONE', report: { expired: 0 } });
    const queue = await f.app.inject({
      url: `${OPS_API.deposits}?username=${member.username}`,
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect(queue.json().value.list).toMatchObject([{ orderNo: order.orderNo, status: 'EXPIRED' }]);
    const approve = await f.app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, order.orderNo),
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    await expectSoundLedger(getDb());
  });
});
