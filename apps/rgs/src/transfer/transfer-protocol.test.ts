import { SEAMLESS_TIME_WINDOW_MS } from '@platform/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';
import { orderNo, protocolCaller, walletsMismatchingJournal } from './transfer-test-support';

/** docs/protocols/transfer-wallet.md "Signing example": the published vector must be accepted as it stands. */
const VECTOR = {
  secret: '0123456789abcdef0123456789abcdef',
  timestampMs: 1_767_225_600_000,
  body: '{"orderNo":"VTM1ABCDEF0123456789AB","playerId":"P2n9c","direction":"IN","amount":"30.50","currency":"PHP"}',
  signature: 'b6767bf091bc558cebdf1f6cc1aaf13b03fe61eb20c6470ef60130e52587a6bc',
};

type Transfer = { status: 'SUCCESS' | 'FAILED'; balance: string };

describeEachDatabase('transfer protocol (vendor side): transfer, order, balance', (getDb) => {
  let clock: ManualClock;
  let h: Harness;
  let call: ReturnType<typeof protocolCaller>;
  beforeAll(async () => {
    clock = manualClock(VECTOR.timestampMs);
    h = await startHarness(getDb(), {
      clock: clock.clock,
      rgs: {
        // A second operator, and the published example's secret for a third, to see that wallets never mix.
        operators: (code) =>
          code === 'demo' || code === 'other'
            ? { platformUrl: 'http://127.0.0.1:9', secret: TEST_SECRET }
            : code === 'vector'
              ? { platformUrl: 'http://127.0.0.1:9', secret: VECTOR.secret }
              : undefined,
      },
    });
    call = protocolCaller(h);
  });
  afterAll(async () => {
    await h.close();
  });

  const transfer = (body: Record<string, unknown>, merchant = 'demo') =>
    call<Transfer>('transfer', { currency: 'PHP', ...body }, { merchant });
  const balanceOf = async (playerId: string, merchant = 'demo') =>
    (await call<{ balance: string }>('balance', { playerId, currency: 'PHP' }, { merchant })).body.value.balance;

  it('should accept the signing example of the published protocol, byte for byte', async () => {
    const answer = await call<Transfer>('transfer', undefined, {
      merchant: 'vector',
      rawBody: VECTOR.body,
      timestampMs: VECTOR.timestampMs,
      signature: VECTOR.signature,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, value: { status: 'SUCCESS', balance: '30.50' } });
  });

  it('should refuse what the operator did not sign, with the protocol codes, and move nothing', async () => {
    const body = { orderNo: orderNo(), playerId: 'Psig', direction: 'IN', amount: '5.00', currency: 'PHP' };
    const cases: [Parameters<typeof call>[2], number, string][] = [
      [{ secret: 'not-the-shared-secret' }, 401, 'SIGNATURE_INVALID'],
      // Signed, then changed on the way: the signature covers the body as sent.
      [{ rawBody: JSON.stringify({ ...body, amount: '500.00' }), signature: 'f'.repeat(64) }, 401, 'SIGNATURE_INVALID'],
      [{ signature: 'not hex' }, 401, 'SIGNATURE_INVALID'],
      [{ vendor: 'TCG' }, 401, 'VENDOR_UNKNOWN'],
      [{ merchant: 'nobody' }, 401, 'MERCHANT_UNKNOWN'],
      [{ timestampMs: VECTOR.timestampMs - SEAMLESS_TIME_WINDOW_MS - 1_000 }, 401, 'TIMESTAMP_STALE'],
      [{ timestampMs: clock.now() + SEAMLESS_TIME_WINDOW_MS + 1_000 }, 401, 'TIMESTAMP_STALE'],
    ];
    for (const [options, status, code] of cases) {
      const answer = await call('transfer', body, options);
      expect(answer.status, JSON.stringify(options)).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
    }
    expect(await balanceOf('Psig')).toBe('0.00');
    // The same order, properly signed, was never applied: it goes through now.
    expect((await call<Transfer>('transfer', body)).body.value).toEqual({ status: 'SUCCESS', balance: '5.00' });
  });

  it('should refuse a body outside the contract, and answer NOT_FOUND on an unknown path', async () => {
    const bad = [
      { orderNo: 'lower-case', playerId: 'Pbad', direction: 'IN', amount: '1.00', currency: 'PHP' },
      { orderNo: orderNo(), playerId: 'Pbad', direction: 'SIDEWAYS', amount: '1.00', currency: 'PHP' },
      { orderNo: orderNo(), playerId: 'Pbad', direction: 'IN', amount: '1.005', currency: 'PHP' },
      { orderNo: orderNo(), playerId: 'Pbad', direction: 'IN', amount: '0.00', currency: 'PHP' },
      { orderNo: orderNo(), playerId: 'Pbad', direction: 'IN', amount: '1.00', currency: 'PHP', extra: 1 },
    ];
    for (const body of bad) {
      const answer = await call('transfer', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    const notJson = await call('transfer', undefined, { rawBody: '{"orderNo":' });
    expect(notJson.body.code).toBe('VALIDATION_FAILED');
    const unknown = await call('refund', { orderNo: orderNo() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect(await balanceOf('Pbad')).toBe('0.00');
  });

  it('should apply a transfer at most once per order number and answer a repeat with the first result', async () => {
    const no = orderNo();
    const first = await transfer({ orderNo: no, playerId: 'Ponce', direction: 'IN', amount: '30.50' });
    expect(first.body.value).toEqual({ status: 'SUCCESS', balance: '30.50' });
    const again = await transfer({ orderNo: no, playerId: 'Ponce', direction: 'IN', amount: '30.50' });
    expect(again.body.value).toEqual({ status: 'SUCCESS', balance: '30.50' });
    // Even a repeat that says something else is the first order: nothing moves.
    const altered = await transfer({ orderNo: no, playerId: 'Ponce', direction: 'OUT', amount: '10.00' });
    expect(altered.body.value).toEqual({ status: 'SUCCESS', balance: '30.50' });
    // Concurrent copies of one new order: one movement.
    const no2 = orderNo();
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => transfer({ orderNo: no2, playerId: 'Ponce', direction: 'IN', amount: '1.00' })),
    );
    expect(copies.map((copy) => copy.body.value.status)).toEqual(Array(5).fill('SUCCESS'));
    expect(await balanceOf('Ponce')).toBe('31.50');
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });

  it('should answer FAILED to an OUT larger than the wallet, move nothing, and keep that answer', async () => {
    await transfer({ orderNo: orderNo(), playerId: 'Pout', direction: 'IN', amount: '10.00' });
    const no = orderNo();
    const tooMuch = await transfer({ orderNo: no, playerId: 'Pout', direction: 'OUT', amount: '10.01' });
    expect(tooMuch.status).toBe(200);
    expect(tooMuch.body).toEqual({ success: true, value: { status: 'FAILED', balance: '10.00' } });
    expect((await call('order', { orderNo: no })).body.value).toEqual({ status: 'FAILED' });
    // A repeat of a FAILED order stays FAILED even though the money is there now.
    await transfer({ orderNo: orderNo(), playerId: 'Pout', direction: 'IN', amount: '5.00' });
    expect((await transfer({ orderNo: no, playerId: 'Pout', direction: 'OUT', amount: '10.01' })).body.value).toEqual({
      status: 'FAILED',
      balance: '15.00',
    });
    const out = await transfer({ orderNo: orderNo(), playerId: 'Pout', direction: 'OUT', amount: '15.00' });
    expect(out.body.value).toEqual({ status: 'SUCCESS', balance: '0.00' });
    // A player nobody transferred to has nothing to take out.
    const stranger = await transfer({ orderNo: orderNo(), playerId: 'Pnobody', direction: 'OUT', amount: '1.00' });
    expect(stranger.body.value).toEqual({ status: 'FAILED', balance: '0.00' });
  });

  it('should never take a wallet below zero when OUTs race', async () => {
    await transfer({ orderNo: orderNo(), playerId: 'Prace', direction: 'IN', amount: '10.00' });
    const outs = await Promise.all(
      Array.from({ length: 5 }, () =>
        transfer({ orderNo: orderNo(), playerId: 'Prace', direction: 'OUT', amount: '4.00' }),
      ),
    );
    const statuses = outs.map((out) => out.body.value.status).sort();
    expect(statuses).toEqual(['FAILED', 'FAILED', 'FAILED', 'SUCCESS', 'SUCCESS']);
    expect(await balanceOf('Prace')).toBe('2.00');
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });

  it('should answer the order query, and refuse for good an order it answered NOT_FOUND', async () => {
    const applied = orderNo();
    await transfer({ orderNo: applied, playerId: 'Porder', direction: 'IN', amount: '3.00' });
    expect((await call('order', { orderNo: applied })).body.value).toEqual({ status: 'SUCCESS' });

    // The platform asks about an order that never arrived (lost on the way), and gives the money back.
    const lost = orderNo();
    expect((await call('order', { orderNo: lost })).body).toEqual({ success: true, value: { status: 'NOT_FOUND' } });
    // The request turns up late: it must not apply, or the money would exist twice.
    const late = await transfer({ orderNo: lost, playerId: 'Porder', direction: 'IN', amount: '50.00' });
    expect(late.body.value).toEqual({ status: 'FAILED', balance: '3.00' });
    expect((await call('order', { orderNo: lost })).body.value).toEqual({ status: 'NOT_FOUND' });
    expect(await balanceOf('Porder')).toBe('3.00');
    expect((await call('order', { orderNo: 'bad order' })).body.code).toBe('VALIDATION_FAILED');
  });

  it("should keep each operator's wallets and orders apart", async () => {
    const no = orderNo();
    await transfer({ orderNo: no, playerId: 'Pshared', direction: 'IN', amount: '7.00' }, 'demo');
    // Another merchant may use the same order number and player id: they are its own.
    const other = await transfer({ orderNo: no, playerId: 'Pshared', direction: 'IN', amount: '2.00' }, 'other');
    expect(other.body.value).toEqual({ status: 'SUCCESS', balance: '2.00' });
    expect(await balanceOf('Pshared', 'demo')).toBe('7.00');
    expect(await balanceOf('Pshared', 'other')).toBe('2.00');
    expect((await call('balance', { playerId: 'Pshared', currency: 'USD' })).body.value).toEqual({ balance: '0.00' });
  });
});
