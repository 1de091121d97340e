import { expect, it } from 'vitest';
import { API, OPS_API } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp, loginOk } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { balanceOf, requestId, trialToken } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { JPEG, PNG, withdrawFixture, type File } from './withdraw.test-support';

describeEachDatabase('withdrawals: interrupted holds, refusals, proofs, automatic receipt and realtime', (getDb) => {
  const f = withdrawFixture(getDb);
  const { time, get, path, codeOf, readyMember, withdraw, approve, reject, confirm } = f;

  it('should complete a hold whose request died after writing the order (the job posts it once)', async () => {
    const member = await readyMember('500.00');
    const body = { accountId: member.accountId, amount: '120', requestId: requestId('crash') };
    // The state a crash between the order row and the ledger post leaves behind.
    await getDb().query(
      `INSERT INTO withdraw_orders (merchant_id, order_no, member_id, request_id, account_id, bank_name, account_number,
         holder_name, amount_minor, status, created_at, request_day)
       SELECT a.merchant_id, 'W20260101CRASH' || a.id, a.member_id, $2, a.id, a.bank_name, a.account_number,
         a.holder_name, 12000, 'HOLDING', $3, $4
       FROM withdraw_accounts a WHERE a.id = $1`,
      [BigInt(member.accountId), body.requestId, new Date(time.now()), new Date(time.now()).toISOString().slice(0, 10)],
    );
    // A retry while the first request may still be running holds nothing and promises nothing: nothing is held
    // yet, and the hold may still be refused, so "pending" would be a promise the platform could break.
    expect(codeOf(await withdraw(member.token, body))).toEqual([409, 'REQUEST_IN_PROGRESS']);
    expect(await balanceOf(f.app, member.token)).toMatchObject({ balance: '500.00', frozen: '0.00' });
    time.advance(3 * 60_000);
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    const { token } = await loginOk(f.app, member.username, member.password, { ip: freshIp(), now: time.now });
    expect(await balanceOf(f.app, token)).toMatchObject({ balance: '380.00', frozen: '120.00' });
    const queue = await f.app.inject({
      url: `${OPS_API.withdrawals}?username=${member.username}`,
      headers: await staffHeaders(f.app, 'cashier'),
    });
    expect(queue.json().value.list).toMatchObject([{ status: 'PENDING', amount: '120.00' }]);
    await expectSoundLedger(getDb());
  });

  it('should refuse a trial member and another member’s order', async () => {
    const trial = await trialToken(f.app, time.now);
    expect(codeOf(await get(API.withdraw.settings, trial))).toEqual([403, 'TRIAL_FORBIDDEN']);
    expect(codeOf(await withdraw(trial, { accountId: '1', amount: '100' }))).toEqual([403, 'TRIAL_FORBIDDEN']);

    const owner = await readyMember('500.00');
    const order = (await withdraw(owner.token, { accountId: owner.accountId, amount: '100' })).json().value;
    await approve(order.orderNo);
    const other = await readyMember('0');
    const url = path(API.withdraw.order, { orderNo: order.orderNo });
    expect(codeOf(await get(url, other.token))).toEqual([404, 'ORDER_NOT_FOUND']);
    const foreignConfirm = await confirm(other.token, order.orderNo, { state: 'RECEIVED' });
    expect(codeOf(foreignConfirm)).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await get(url, owner.token)).json().value.receiptState).toBe('NONE');
  });

  it('should refuse bad proof files and store nothing', async () => {
    const member = await readyMember('500.00');
    const order = (await withdraw(member.token, { accountId: member.accountId, amount: '100' })).json().value;
    await approve(order.orderNo);
    const fake: File = { name: 'receipt.png', type: 'image/png', bytes: Buffer.from('GIF89a not really a png') };
    const png: File = { name: 'a.png', type: 'image/png', bytes: PNG };
    const big: File = {
      name: 'big.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]),
    };
    const jpg: File = { name: 'b.jpg', type: 'image/jpeg', bytes: JPEG };
    expect(codeOf(await confirm(member.token, order.orderNo, { state: 'RECEIVED' }, [png, fake]))).toEqual([
      400,
      'FILE_TYPE_INVALID',
    ]);
    expect(codeOf(await confirm(member.token, order.orderNo, { state: 'RECEIVED' }, [big]))).toEqual([
      413,
      'FILE_TOO_LARGE',
    ]);
    expect(codeOf(await confirm(member.token, order.orderNo, { state: 'RECEIVED' }, [png, jpg, png, jpg]))).toEqual([
      400,
      'TOO_MANY_FILES',
    ]);
    expect(codeOf(await confirm(member.token, order.orderNo, { state: 'MAYBE' }))).toEqual([400, 'VALIDATION_FAILED']);
    const url = path(API.withdraw.order, { orderNo: order.orderNo });
    expect((await get(url, member.token)).json().value).toMatchObject({ receiptState: 'NONE', proofIds: [] });
    const ok = await confirm(member.token, order.orderNo, { state: 'RECEIVED' }, [png, jpg, png]);
    expect(ok.json().value).toMatchObject({ receiptState: 'RECEIVED' });
    expect(ok.json().value.proofIds).toHaveLength(3);
  });

  it('should count a paid order as received once the merchant’s minutes pass without confirmation', async () => {
    const member = await readyMember('500.00');
    const order = (await withdraw(member.token, { accountId: member.accountId, amount: '100' })).json().value;
    await approve(order.orderNo);
    const state = async () => {
      const { token } = await loginOk(f.app, member.username, member.password, { ip: freshIp(), now: time.now });
      return (await get(path(API.withdraw.order, { orderNo: order.orderNo }), token)).json().value.receiptState;
    };
    time.advance(1439 * 60_000);
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect(await state()).toBe('NONE');
    time.advance(2 * 60_000);
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect(await state()).toBe('AUTO_RECEIVED');
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect(await state()).toBe('AUTO_RECEIVED');
    await expectSoundLedger(getDb());
  });

  it("should tell the member's open pages of a payout, a rejection and an automatic receipt, once each", async () => {
    const member = await readyMember('500.00');
    const events: unknown[] = [];
    f.app.bus.on('cashier.order', ({ memberId, kind, orderNo, status }) => {
      if (memberId === member.id) events.push({ kind, orderNo, status });
    });
    const paid = (await withdraw(member.token, { accountId: member.accountId, amount: '100' })).json().value;
    const refused = (await withdraw(member.token, { accountId: member.accountId, amount: '120' })).json().value;
    expect(events).toEqual([]);
    await approve(paid.orderNo);
    await reject(refused.orderNo);
    // A repeated decision changes nothing and tells nobody.
    await approve(paid.orderNo);
    time.advance(1441 * 60_000);
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect((await f.app.jobs.trigger('withdraw.settle')).status).toBe('DONE');
    expect(events).toEqual([
      { kind: 'withdrawal', orderNo: paid.orderNo, status: 'PAID' },
      { kind: 'withdrawal', orderNo: refused.orderNo, status: 'REJECTED' },
      { kind: 'withdrawal', orderNo: paid.orderNo, status: 'AUTO_RECEIVED' },
    ]);
  });
});
