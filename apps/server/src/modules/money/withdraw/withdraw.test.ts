import { expect, it } from 'vitest';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, freshIp, loginOk } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { balanceOf, requestId } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { PAY_PASSWORD, PNG, REAL_NAME, withdrawFixture } from './withdraw.test-support';

describeEachDatabase('withdrawals', (getDb) => {
  const f = withdrawFixture(getDb);
  const { time, memberWithSession, get, post, path, codeOf, readyMember, withdraw, approve, reject, confirm } = f;

  it('should hold on request, pay on approval, and take the member’s confirmation with a PNG proof', async () => {
    const member = await readyMember('1000.00');
    const settings = (await get(API.withdraw.settings, member.token)).json().value;
    expect(settings).toMatchObject({ minAmount: '100.00', maxAmount: '50000.00', available: '1000.00', leftToday: 3 });

    const requested = await withdraw(member.token, { accountId: member.accountId, amount: '250.50' });
    expect(requested.statusCode, requested.body).toBe(200);
    const order = requested.json().value;
    expect(order).toMatchObject({ amount: '250.50', status: 'PENDING', holderName: REAL_NAME, canConfirm: false });
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '749.50', frozen: '250.50' });
    expect((await get(API.withdraw.settings, member.token)).json().value).toMatchObject({ usedToday: 1, leftToday: 2 });

    const queue = await f.app.inject({
      url: `${OPS_API.withdrawals}?status=PENDING&username=${member.username}`,
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect(queue.json().value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);

    const paid = await approve(order.orderNo);
    expect(paid.json().value).toMatchObject({
      status: 'PAID',
      decidedBy: expect.stringMatching(/^t_cashier_/),
      replayed: false,
    });
    expect((await approve(order.orderNo)).json().value).toMatchObject({ status: 'PAID', replayed: true });
    expect(codeOf(await reject(order.orderNo))).toEqual([409, 'ORDER_STATE_INVALID']);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '749.50', frozen: '0.00' });

    const confirmed = await confirm(member.token, order.orderNo, { state: 'PARTLY_RECEIVED', note: 'got 200 only' }, [
      { name: 'receipt.png', type: 'image/png', bytes: PNG },
    ]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json().value;
    expect(after).toMatchObject({ receiptState: 'PARTLY_RECEIVED', receiptNote: 'got 200 only', canConfirm: false });
    expect(after.proofIds).toHaveLength(1);
    const proofUrl = path(API.withdraw.proof, { orderNo: order.orderNo, proofId: after.proofIds[0] });
    const proof = await get(proofUrl, member.token);
    expect([proof.statusCode, proof.headers['content-type']]).toEqual([200, 'image/png']);
    expect(proof.rawPayload.equals(PNG)).toBe(true);
    const staffUrl = path(OPS_API.withdrawalProof, { orderNo: order.orderNo, proofId: after.proofIds[0] });
    const asStaff = await f.app.inject({ url: staffUrl, headers: await staffHeaders(f.app, 'cashier') });
    expect([asStaff.statusCode, asStaff.headers['content-type']]).toEqual([200, 'image/png']);
    expect(asStaff.rawPayload.equals(PNG)).toBe(true);
    // The member route no longer answers staff: a staff session there is no member session.
    expect(codeOf(await f.app.inject({ url: proofUrl, headers: await staffHeaders(f.app, 'cashier') }))[0]).toBe(401);
    expect(codeOf(await f.app.inject({ url: staffUrl, headers: await staffHeaders(f.app, 'content') }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    const stranger = await memberWithSession();
    expect(codeOf(await get(proofUrl, stranger.token))).toEqual([404, 'ORDER_NOT_FOUND']);

    const again = await confirm(member.token, order.orderNo, { state: 'RECEIVED' });
    expect(codeOf(again)).toEqual([409, 'ORDER_STATE_INVALID']);
    const listed = (await get(`${API.withdraw.orders}?pageSize=5`, member.token)).json().value;
    expect(listed).toMatchObject({ total: 1, list: [{ orderNo: order.orderNo, status: 'PAID' }] });
    await expectSoundLedger(getDb());
  });

  it('should release the held amount when staff reject, with a reason, once', async () => {
    const member = await readyMember('300.00');
    const order = (await withdraw(member.token, { accountId: member.accountId, amount: '300' })).json().value;
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '0.00', frozen: '300.00' });
    expect(codeOf(await reject(order.orderNo, ''))).toEqual([400, 'VALIDATION_FAILED']);
    const rejected = await reject(order.orderNo);
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'account closed' });
    expect((await reject(order.orderNo)).json().value).toMatchObject({ replayed: true });
    expect(codeOf(await approve(order.orderNo))).toEqual([409, 'ORDER_STATE_INVALID']);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '300.00', frozen: '0.00' });
    const mine = (await get(path(API.withdraw.order, { orderNo: order.orderNo }), member.token)).json().value;
    expect(mine).toMatchObject({ status: 'REJECTED', canConfirm: false });
    expect(codeOf(await confirm(member.token, order.orderNo, { state: 'RECEIVED' }))).toEqual([
      409,
      'ORDER_STATE_INVALID',
    ]);
    expect(codeOf(await approve('W20990101DEADBEEF00'))).toEqual([404, 'ORDER_NOT_FOUND']);
    await expectSoundLedger(getDb());
  });

  it('should bind accounts only in the real name, up to the limit, and keep them to their member', async () => {
    const nameless = await readyMember('0', { realName: null });
    const bind = (token: string, holderName: string, accountNumber = '1234 5678') =>
      post(API.withdraw.accounts, token, { bankName: 'BDO', accountNumber, holderName });
    expect(codeOf(await bind(nameless.token, 'Anyone'))).toEqual([400, 'REAL_NAME_REQUIRED']);

    const member = await readyMember('0');
    expect(codeOf(await bind(member.token, 'Pedro Penduko'))).toEqual([400, 'PAYEE_NAME_MISMATCH']);
    expect((await bind(member.token, '  juan  dela cruz ', '2222 0000')).statusCode).toBe(200);
    expect((await bind(member.token, REAL_NAME, '3333 0000')).statusCode).toBe(200);
    expect(codeOf(await bind(member.token, REAL_NAME, '4444 0000'))).toEqual([400, 'WITHDRAW_ACCOUNT_LIMIT']);
    const list = (await get(API.withdraw.accounts, member.token)).json().value.list;
    expect(list).toHaveLength(3);

    const other = await readyMember('500.00');
    const foreign = path(API.withdraw.account, { accountId: member.accountId });
    const removeForeign = await f.app.inject({ method: 'DELETE', url: foreign, headers: bearer(other.token) });
    expect(codeOf(removeForeign)).toEqual([404, 'WITHDRAW_ACCOUNT_NOT_FOUND']);
    const useForeign = await withdraw(other.token, { accountId: member.accountId, amount: '100' });
    expect(codeOf(useForeign)).toEqual([404, 'WITHDRAW_ACCOUNT_NOT_FOUND']);
    expect(await balanceOf(f.app, other.token)).toMatchObject({ balance: '500.00', frozen: '0.00' });

    const removed = await f.app.inject({ method: 'DELETE', url: foreign, headers: bearer(member.token) });
    expect(removed.statusCode).toBe(200);
    expect((await get(API.withdraw.accounts, member.token)).json().value.list).toHaveLength(2);
  });

  it('should refuse bad requests with a code and leave the balances as they were', async () => {
    const member = await readyMember('600.00');
    const noPassword = await readyMember('600.00', { payPassword: false });
    const account = member.accountId;
    const cases: [string, Record<string, unknown>, number, string][] = [
      [member.token, { accountId: account, amount: '-5' }, 400, 'INVALID_AMOUNT'],
      [member.token, { accountId: account, amount: '0' }, 400, 'INVALID_AMOUNT'],
      [member.token, { accountId: account, amount: '100.001' }, 400, 'INVALID_AMOUNT'],
      [member.token, { accountId: account, amount: 'ten' }, 400, 'INVALID_AMOUNT'],
      [member.token, { accountId: account, amount: '99.99' }, 400, 'AMOUNT_BELOW_MIN'],
      [member.token, { accountId: account, amount: '50000.01' }, 400, 'AMOUNT_ABOVE_MAX'],
      [member.token, { accountId: account, amount: '600.01' }, 422, 'INSUFFICIENT_FUNDS'],
      [member.token, { accountId: account, amount: '100', paymentPassword: '000000' }, 400, 'PAYMENT_PASSWORD_WRONG'],
      [member.token, { accountId: '999999999', amount: '100' }, 404, 'WITHDRAW_ACCOUNT_NOT_FOUND'],
      [member.token, { accountId: account, amount: '100', requestId: 'x' }, 400, 'VALIDATION_FAILED'],
      [noPassword.token, { accountId: noPassword.accountId, amount: '100' }, 400, 'PAYMENT_PASSWORD_REQUIRED'],
    ];
    for (const [token, body, status, code] of cases) {
      expect(codeOf(await withdraw(token, body)), JSON.stringify(body)).toEqual([status, code]);
    }
    const unsealed = await post(API.withdraw.orders, member.token, { accountId: account, amount: '100' });
    expect(unsealed.statusCode).toBe(400);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '600.00', frozen: '0.00' });
    expect(await balanceOf(f.app, noPassword.token)).toMatchObject({ balance: '600.00', frozen: '0.00' });
    expect((await get(API.withdraw.orders, member.token)).json().value.total).toBe(0);
  });

  it('should answer a retried request id with the same order, and refuse it for another amount', async () => {
    const member = await readyMember('1000.00');
    const body = { accountId: member.accountId, amount: '100', requestId: requestId('retry') };
    const first = (await withdraw(member.token, body)).json().value;
    // Wrong payment passwords use up the limiter; the retry is answered before the limiter is asked (issue 16).
    const guess = { accountId: member.accountId, amount: '100', paymentPassword: '918273' };
    for (let i = 0; i < 5; i += 1) await withdraw(member.token, guess);
    expect(codeOf(await withdraw(member.token, { ...guess, paymentPassword: PAY_PASSWORD }))).toEqual([
      429,
      'RATE_LIMITED',
    ]);
    const second = await withdraw(member.token, body);
    expect(second.json().value.orderNo).toBe(first.orderNo);
    expect(codeOf(await withdraw(member.token, { ...body, amount: '200' }))).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '900.00', frozen: '100.00' });
  });

  it('should allow the daily count of requests, then refuse until the next day', async () => {
    const member = await readyMember('1000.00');
    for (let i = 0; i < 3; i += 1) {
      expect((await withdraw(member.token, { accountId: member.accountId, amount: '100' })).statusCode).toBe(200);
    }
    const fourth = await withdraw(member.token, { accountId: member.accountId, amount: '100' });
    expect(codeOf(fourth)).toEqual([400, 'DAILY_LIMIT_REACHED']);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '700.00', frozen: '300.00' });
    expect((await get(API.withdraw.settings, member.token)).json().value).toMatchObject({ leftToday: 0 });
    time.advance(24 * 60 * 60_000);
    const { token } = await loginOk(f.app, member.username, member.password, { ip: freshIp(), now: time.now });
    expect((await withdraw(token, { accountId: member.accountId, amount: '100' })).statusCode).toBe(200);
    expect(await balanceOf(f.app, token)).toMatchObject({ balance: '600.00', frozen: '400.00' });
  });
});
