import { expect, it } from 'vitest';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { balanceOf, memberWithSession } from '../../../test/wallet-helpers';
import { depositFixture, opsPath } from './deposit.test-support';
import { expectSoundLedger } from '../../../test/ledger-helpers';

describeEachDatabase('deposits and the demo payment gateway', (getDb) => {
  const f = depositFixture(getDb);
  const { channel, createManual, createGateway, orderOf } = f;

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
    const guest = await f.app.inject({ url: API.deposit.channels });
    expect([guest.statusCode, guest.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it('should credit a manual bank order once when staff approve it, and refuse a second approval', async () => {
    const member = await memberWithSession(f.app, getDb());
    const order = await createManual(member.token);
    expect(order).toMatchObject({
      status: 'PENDING',
      amount: '100.00',
      bank: { bankName: 'Demo Bank' },
      paymentUrl: null,
    });
    const queue = await f.app.inject({
      url: `${OPS_API.deposits}?status=PENDING&username=${member.username}`,
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect(queue.json().value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);

    const approve = async () =>
      f.app.inject({
        method: 'POST',
        url: opsPath(OPS_API.depositApprove, order.orderNo),
        headers: await staffHeaders(f.app, 'cashier'),
      });
    const first = await approve();
    expect(first.json().value).toMatchObject({
      status: 'APPROVED',
      decidedBy: expect.stringMatching(/^t_cashier_/),
      transferId: expect.any(String),
    });
    const again = await approve();
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    const reject = await f.app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositReject, order.orderNo),
      headers: await staffHeaders(f.app, 'cashier'),
      payload: { reason: 'too late' },
    });
    expect([reject.statusCode, reject.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    expect((await balanceOf(f.app, member.token)).balance).toBe('100.00');
    expect((await orderOf(member.token, order.orderNo)).status).toBe('APPROVED');
    const list = await f.app.inject({ url: `${API.deposit.orders}?status=APPROVED`, headers: bearer(member.token) });
    expect(list.json().value).toMatchObject({ totalPages: 1, list: [{ orderNo: order.orderNo }] });
    await expectSoundLedger(getDb());
  });

  it('should move no money when staff reject an order, which needs a reason and cannot be approved after', async () => {
    const member = await memberWithSession(f.app, getDb());
    const order = await createManual(member.token, '75.50');
    const reject = async (payload: Record<string, string>) =>
      f.app.inject({
        method: 'POST',
        url: opsPath(OPS_API.depositReject, order.orderNo),
        headers: await staffHeaders(f.app, 'cashier'),
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
    const approve = await f.app.inject({
      method: 'POST',
      url: opsPath(OPS_API.depositApprove, order.orderNo),
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    expect((await orderOf(member.token, order.orderNo)).reason).toBe('no transfer received');
    expect((await balanceOf(f.app, member.token)).balance).toBe('0.00');
    await expectSoundLedger(getDb());
  });

  it('should pay through the gateway page, notify the webhook over HTTP and credit once', async () => {
    const member = await memberWithSession(f.app, getDb());
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
    expect(paid.headers.get('location')).toBe(`${f.origin}/member?page=depositv2&order=${order.orderNo}`);
    expect(await orderOf(member.token, order.orderNo)).toMatchObject({
      status: 'PAID',
      paidAt: expect.any(String),
      paymentUrl: null,
    });
    expect((await balanceOf(f.app, member.token)).balance).toBe('100.00');

    // Pressing Pay again makes the gateway notify again: the webhook is idempotent.
    expect((await pay()).status).toBe(303);
    expect((await balanceOf(f.app, member.token)).balance).toBe('100.00');
    expect(await (await fetch(paymentUrl)).text()).toContain('PAID');
    await expectSoundLedger(getDb());
  });
});
