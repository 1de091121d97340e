import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { orderNo, protocolCaller, walletsMismatchingJournal } from './transfer-test-support';

const LIMIT = 3;
const WINDOW_MS = 60_000;

describeEachDatabase('transfer protocol rate limit', (getDb) => {
  let h: Harness;
  let call: ReturnType<typeof protocolCaller>;
  beforeAll(async () => {
    h = await startHarness(getDb(), {
      rgs: {
        transferRateLimit: { max: LIMIT, timeWindowMs: WINDOW_MS },
        operators: (code) =>
          code === 'demo' || code === 'other' ? { platformUrl: 'http://127.0.0.1:9', secret: TEST_SECRET } : undefined,
      },
    });
    call = protocolCaller(h);
  });
  afterAll(async () => {
    await h.close();
  });

  const transferIn = (merchant: string, playerId: string, order = orderNo(), signature?: string) =>
    call<{ status: string; balance: string }>(
      'transfer',
      { orderNo: order, playerId, direction: 'IN', amount: '10.00', currency: 'PHP' },
      { merchant, ...(signature === undefined ? {} : { signature }) },
    );
  const storedBalance = async (operator: string, playerId: string): Promise<string | undefined> =>
    (
      await getDb().query<{ balance: string }>(
        `SELECT balance_minor::text AS balance FROM wallets WHERE operator = $1 AND player_id = $2`,
        [operator, playerId],
      )
    ).rows[0]?.balance;
  const orderExists = async (operator: string, order: string): Promise<boolean> =>
    (await getDb().query(`SELECT 1 FROM transfer_orders WHERE operator = $1 AND order_no = $2`, [operator, order])).rows
      .length > 0;

  it('should answer the call past the limit 429 RATE_LIMITED with Retry-After, and move nothing', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await transferIn('demo', 'Prate');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.value.status).toBe('SUCCESS');
    }
    expect(await storedBalance('demo', 'Prate')).toBe('3000');

    const refusedOrder = orderNo();
    const refused = await transferIn('demo', 'Prate', refusedOrder);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, code: 'RATE_LIMITED', message: expect.any(String) });
    const retryAfterSeconds = Number(refused.headers['retry-after']);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(WINDOW_MS / 1000);

    // Nothing moved and nothing was recorded: the order is unknown, so the platform's order query can settle it later.
    expect(await orderExists('demo', refusedOrder)).toBe(false);
    expect(await storedBalance('demo', 'Prate')).toBe('3000');
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
    // The limit counts every op of the operator.
    const order = await call('order', { orderNo: refusedOrder }, { merchant: 'demo' });
    expect([order.status, order.body.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('should count each operator on its own, and not count calls that fail the signature check', async () => {
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const forged = await transferIn('other', 'Pforged', orderNo(), '0'.repeat(64));
      expect([forged.status, forged.body.code]).toEqual([401, 'SIGNATURE_INVALID']);
    }
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await transferIn('other', 'Pother')).status).toBe(200);
    }
    expect((await transferIn('other', 'Pother')).status).toBe(429);
    expect(await storedBalance('other', 'Pother')).toBe('3000');
    expect(await storedBalance('other', 'Pforged')).toBeUndefined();
  });
});
