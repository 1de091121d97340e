import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, OPS_API } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { staffHeaders } from '../../../test/staff-helpers';
import { adjust, balanceOf, requestId, trialToken } from '../../../test/wallet-helpers';
import { expectSoundLedger } from '../../../test/ledger-helpers';

const VENDOR = 'DEMO_SLOTS';
/** Past the order's first check (60 s) and any backoff a test triggers. */
const LATER_MS = 61_000;

describeEachDatabase('transfer wallet: vendor transfers, pending orders and reconciliation', (getDb) => {
  let app: FastifyInstance;
  const clock = manualClock();
  const setSingleWallet = (single: boolean) =>
    getDb().query(`UPDATE merchants SET wallet_is_single = $1 WHERE code = 'demo'`, [single]);

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now, vendorCallTimeoutMs: 100 } });
    await setSingleWallet(false);
  });
  afterAll(async () => {
    await setSingleWallet(true);
    await app.close();
  });
  beforeEach(async () => {
    app.vendorWallet.demoFaults.clear();
    await clearRateLimits(getDb());
  });

  const send = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: API.wallet.vendorTransfer, headers: bearer(token), payload: body });
  const move = (token: string, direction: 'IN' | 'OUT', amount: string, id = requestId('vt')) =>
    send(token, { vendor: VENDOR, direction, amount, requestId: id });
  /** A member logged in at the test clock's time (sealed logins are checked against the server's clock). */
  const funded = async (amount = '100.00') => {
    const row = await insertMember(getDb());
    const { token } = await loginOk(app, row.username, row.password, { ip: freshIp(), now: clock.now });
    const member = { ...row, token };
    await adjust(app, member.username, amount);
    return member;
  };
  const main = async (token: string) => (await balanceOf(app, token)).balance;
  const wallets = async (token: string) => {
    const res = await app.inject({ url: API.wallet.vendorWallets, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value as {
      main: string;
      vendors: { vendor: string; balance: string; pending: boolean }[];
    };
    return { main: value.main, slots: value.vendors.find((v) => v.vendor === VENDOR) };
  };
  /** What the demo vendor itself holds for the member (its truth, not the ledger's). */
  const atVendor = async (memberId: bigint) => {
    const { rows } = await getDb().query<{ balance_minor: bigint }>(
      `SELECT balance_minor FROM demo_vendor_wallets WHERE vendor_code = $1 AND member_ref = $2`,
      [VENDOR, `m${memberId}`],
    );
    return rows[0]?.balance_minor ?? 0n;
  };
  const orderStatus = async (orderNo: string) =>
    (await getDb().query<{ status: string }>('SELECT status FROM vendor_transfers WHERE order_no = $1', [orderNo]))
      .rows[0]?.status;
  const reconcileLater = async () => {
    clock.advance(LATER_MS);
    return app.vendorWallet.reconcile(50);
  };

  it('should refuse both calls with SINGLE_WALLET when the merchant has one wallet', async () => {
    const member = await funded();
    await setSingleWallet(true);
    try {
      const res = await move(member.token, 'IN', '10.00');
      expect([res.statusCode, res.json().code]).toEqual([400, 'SINGLE_WALLET']);
      const list = await app.inject({ url: API.wallet.vendorWallets, headers: bearer(member.token) });
      expect([list.statusCode, list.json().code]).toEqual([400, 'SINGLE_WALLET']);
    } finally {
      await setSingleWallet(false);
    }
    expect(await main(member.token)).toBe('100.00');
  });

  it('should move money into the vendor wallet and back, with the balances on both sides', async () => {
    const member = await funded();
    const into = await move(member.token, 'IN', '30.50');
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().value).toMatchObject({ status: 'SUCCESS', direction: 'IN', amount: '30.50', vendor: VENDOR });
    expect(await wallets(member.token)).toMatchObject({ main: '69.50', slots: { balance: '30.50', pending: false } });
    expect(await atVendor(member.id)).toBe(3050n);

    const back = await send(member.token, { from: VENDOR, to: 'MAIN', amount: '10.25', requestId: requestId('vt') });
    expect(back.json().value).toMatchObject({ status: 'SUCCESS', direction: 'OUT' });
    expect(await main(member.token)).toBe('79.75');
    expect((await wallets(member.token)).slots?.balance).toBe('20.25');
    expect(await atVendor(member.id)).toBe(2025n);
    await expectSoundLedger(getDb());
  });

  it('should answer a retry with the same request id with the same order, and refuse it for another request', async () => {
    const member = await funded();
    const id = requestId('vt');
    const first = await move(member.token, 'IN', '20.00', id);
    const again = await move(member.token, 'IN', '20.00', id);
    expect(again.json().value.orderNo).toBe(first.json().value.orderNo);
    const other = await move(member.token, 'IN', '21.00', id);
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await main(member.token)).toBe('80.00');
    await expectSoundLedger(getDb());
  });

  it('should give the money back when the vendor refuses an IN, and move nothing when it refuses an OUT', async () => {
    const member = await funded();
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'FAIL' });
    const refused = await move(member.token, 'IN', '40.00');
    expect([refused.statusCode, refused.json().code]).toEqual([502, 'VENDOR_UNAVAILABLE']);
    expect(refused.json().value.status).toBe('FAILED');
    expect(await wallets(member.token)).toMatchObject({ main: '100.00', slots: { balance: '0.00', pending: false } });

    await move(member.token, 'IN', '40.00');
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'FAIL' });
    const out = await move(member.token, 'OUT', '15.00');
    expect([out.statusCode, out.json().code]).toEqual([502, 'VENDOR_UNAVAILABLE']);
    expect(await wallets(member.token)).toMatchObject({ main: '60.00', slots: { balance: '40.00' } });
    expect(await atVendor(member.id)).toBe(4000n);
    await expectSoundLedger(getDb());
  });

  it('should keep a timed-out IN pending with the money out of the main wallet, and return it when the vendor never got it', async () => {
    const member = await funded();
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'DROP' });
    const res = await move(member.token, 'IN', '30.00');
    expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
    const { orderNo } = res.json().value as { orderNo: string };
    expect(await wallets(member.token)).toMatchObject({ main: '70.00', slots: { balance: '30.00', pending: true } });

    const blocked = await move(member.token, 'IN', '5.00');
    expect([blocked.statusCode, blocked.json().code]).toEqual([409, 'TRANSFER_PENDING']);
    expect(await app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
    expect(await main(member.token)).toBe('70.00');

    await reconcileLater();
    expect(await orderStatus(orderNo)).toBe('FAILED');
    expect(await wallets(member.token)).toMatchObject({ main: '100.00', slots: { balance: '0.00', pending: false } });
    expect(await atVendor(member.id)).toBe(0n);
    await expectSoundLedger(getDb());
  });

  it('should settle a timed-out IN as SUCCESS when the vendor did take the money, leaving it at the vendor', async () => {
    const member = await funded();
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'APPLY_THEN_HANG' });
    const res = await move(member.token, 'IN', '30.00');
    expect(res.statusCode).toBe(202);
    const { orderNo } = res.json().value as { orderNo: string };
    await reconcileLater();
    expect(await orderStatus(orderNo)).toBe('SUCCESS');
    expect(await wallets(member.token)).toMatchObject({ main: '70.00', slots: { balance: '30.00', pending: false } });
    expect(await atVendor(member.id)).toBe(3000n);
    await expectSoundLedger(getDb());
  });

  it('should credit the main wallet once when a timed-out OUT was paid by the vendor', async () => {
    const member = await funded();
    await move(member.token, 'IN', '50.00');
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'APPLY_THEN_HANG' });
    const id = requestId('vt');
    const res = await move(member.token, 'OUT', '20.00', id);
    expect([res.statusCode, res.json().code]).toEqual([202, 'TRANSFER_PENDING']);
    expect(await main(member.token)).toBe('50.00');

    await reconcileLater();
    await reconcileLater();
    expect(await wallets(member.token)).toMatchObject({ main: '70.00', slots: { balance: '30.00', pending: false } });
    expect(await atVendor(member.id)).toBe(3000n);
    const replay = await move(member.token, 'OUT', '20.00', id);
    expect([replay.statusCode, replay.json().value.status]).toEqual([200, 'SUCCESS']);
    expect(await main(member.token)).toBe('70.00');
    await expectSoundLedger(getDb());
  });

  it('should pay once when two reconciliation runs settle the same order at the same time', async () => {
    const member = await funded();
    await move(member.token, 'IN', '50.00');
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'APPLY_THEN_HANG' });
    expect((await move(member.token, 'OUT', '20.00')).statusCode).toBe(202);
    clock.advance(LATER_MS);
    const runs = await Promise.all([app.vendorWallet.reconcile(50), app.vendorWallet.reconcile(50)]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(1);
    expect(await main(member.token)).toBe('70.00');
    await expectSoundLedger(getDb());
  });

  it('should leave an order pending while the vendor is unreachable and settle it after the backoff', async () => {
    const member = await funded();
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'APPLY_THEN_HANG' });
    const { orderNo } = (await move(member.token, 'IN', '10.00')).json().value as { orderNo: string };
    app.vendorWallet.demoFaults.onQuery(VENDOR, { kind: 'UNREACHABLE' });
    await reconcileLater();
    expect(await orderStatus(orderNo)).toBe('PENDING');
    expect(await main(member.token)).toBe('90.00');
    expect(await app.vendorWallet.reconcile(50)).toMatchObject({ claimed: 0 });
    await reconcileLater();
    expect(await orderStatus(orderNo)).toBe('SUCCESS');
    expect(await main(member.token)).toBe('90.00');
    await expectSoundLedger(getDb());
  });

  it('should undo an order the process left before its hold or its vendor call (crash), whatever step it reached', async () => {
    const member = await funded();
    // A crash right after the order row was written: no hold, the vendor never called.
    await getDb().query(
      `INSERT INTO vendor_transfers (merchant_id, order_no, member_id, vendor_code, direction, amount_minor, currency,
         request_id, status, stage, next_check_at, created_at)
       SELECT id, 'VTCRASHED' || $1, $2, $3, 'IN', 2500, currency_code, 'crash-' || $1, 'PENDING', 'CREATED', $4, $4
       FROM merchants WHERE code = 'demo'`,
      [member.id.toString(), member.id, VENDOR, new Date(clock.now())],
    );
    await reconcileLater();
    expect(await orderStatus(`VTCRASHED${member.id}`)).toBe('FAILED');
    expect(await wallets(member.token)).toMatchObject({ main: '100.00', slots: { balance: '0.00', pending: false } });
    await expectSoundLedger(getDb());
  });

  it('should refuse bad input with a code and move nothing', async () => {
    const member = await funded();
    await move(member.token, 'IN', '10.00');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ vendor: VENDOR, direction: 'IN', amount: '-5' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: '0' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: '1.001' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: 'ten' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: '1e3' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: '99999999999999999999' }, 400, 'INVALID_AMOUNT'],
      [{ vendor: VENDOR, direction: 'IN', amount: '90.01' }, 422, 'INSUFFICIENT_FUNDS'],
      [{ vendor: VENDOR, direction: 'OUT', amount: '10.01' }, 422, 'INSUFFICIENT_FUNDS'],
      [{ vendor: 'NO_SUCH_GAME', direction: 'IN', amount: '5' }, 404, 'VENDOR_UNAVAILABLE'],
      [{ from: VENDOR, to: 'DEMO_LIVE', amount: '5' }, 400, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, direction: 'SIDEWAYS', amount: '5' }, 400, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, direction: 'IN' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(member.token, { requestId: requestId('bad'), ...body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const guest = await app.inject({ method: 'POST', url: API.wallet.vendorTransfer, payload: {} });
    expect([guest.statusCode, guest.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    expect(await wallets(member.token)).toMatchObject({ main: '90.00', slots: { balance: '10.00', pending: false } });
    expect(await atVendor(member.id)).toBe(1000n);
    await expectSoundLedger(getDb());
  });

  it('should refuse a trial member', async () => {
    const token = await trialToken(app, clock.now);
    const refused = await move(token, 'IN', '10.00');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'TRIAL_FORBIDDEN']);
    expect((await balanceOf(app, token)).balance).toBe('2000.00');
  });

  it('should rate limit transfers per member', async () => {
    const member = await funded();
    const codes: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await move(member.token, 'IN', '1.00');
      codes.push(res.statusCode);
      if (res.statusCode !== 200) bodies.push(res.body);
    }
    expect(codes.slice(0, 20), bodies.join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    expect(codes[20]).toBe(429);
    expect(await main(member.token)).toBe('80.00');
  });

  it('should list transfer orders to staff by status, and to nobody else', async () => {
    const member = await funded();
    app.vendorWallet.demoFaults.onTransfer(VENDOR, { kind: 'DROP' });
    const { orderNo } = (await move(member.token, 'IN', '10.00')).json().value as { orderNo: string };
    const res = await app.inject({
      url: `${OPS_API.vendorTransfers}?status=PENDING`,
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().value.list as { orderNo: string; status: string; username: string }[];
    expect(list.every((row) => row.status === 'PENDING')).toBe(true);
    expect(list.find((row) => row.orderNo === orderNo)).toMatchObject({ username: member.username });
    const asMember = await app.inject({ url: OPS_API.vendorTransfers, headers: bearer(member.token) });
    expect(asMember.statusCode).toBe(401);
    const asContent = await app.inject({ url: OPS_API.vendorTransfers, headers: await staffHeaders(app, 'content') });
    expect(asContent.statusCode).toBe(403);
    const tooBig = await app.inject({
      url: `${OPS_API.vendorTransfers}?pageSize=1000`,
      headers: await staffHeaders(app, 'cashier'),
    });
    expect(tooBig.statusCode).toBe(400);
    await reconcileLater();
  });
});
