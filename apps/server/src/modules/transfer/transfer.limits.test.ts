import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import { describeEachDatabase } from '../../test/databases';
import {
  clearRateLimits,
  demoMerchantId,
  exhaustLimit,
  insertMember,
  sealed,
  type TestMember,
} from '../../test/identity-helpers';
import { buildTestApp, clockOf } from '../../test/test-app';
import { adjust, balanceOf, memberWithSession, requestId } from '../../test/wallet-helpers';
import { PAYMENT_PASSWORD_RULE } from '../identity/account.service';
import { expectSoundLedger } from '../ledger/ledger.test-support';
import { TRANSFER_RULE } from './transfer.service';

const PAY = '739146';
const WRONG_PAY = '918273';
const AGENT = 1;

type Caller = Awaited<ReturnType<typeof memberWithSession>>;

/** Issue 16: limits count failures, and never stand between a retry and the answer its first request got. */
describeEachDatabase('transfer limits', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const setPaymentPassword = async (caller: Caller) => {
    const res = await sealed(
      app,
      'PUT',
      API.member.paymentPassword,
      { loginPassword: caller.password, newPaymentPassword: PAY, confirmPaymentPassword: PAY },
      { token: caller.token },
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  const toDownline = (caller: Caller, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.agent.transferDownline, body, { token: caller.token });
  const toUpline = (caller: Caller, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.wallet.transferUpline, body, { token: caller.token });
  const exhaust = async (rule: typeof TRANSFER_RULE, memberId: bigint) =>
    exhaustLimit(getDb(), clockOf(app), await demoMerchantId(getDb()), rule, memberId.toString());

  it('should let an agent pay fifty downline members in a row, and count only wrong payment passwords', async () => {
    const agent = await memberWithSession(app, getDb(), { userType: AGENT });
    await adjust(app, agent.username, '100.00');
    await setPaymentPassword(agent);
    const downline: TestMember[] = [];
    for (let i = 0; i < 50; i += 1) downline.push(await insertMember(getDb(), { parentId: agent.id }));
    for (const [i, member] of downline.entries()) {
      const res = await toDownline(agent, {
        username: member.username,
        amount: '1.00',
        paymentPassword: PAY,
        requestId: requestId('pay'),
      });
      expect(res.statusCode, `payment ${i + 1}: ${res.body}`).toBe(200);
    }
    expect((await balanceOf(app, agent.token)).balance).toBe('50.00');
    // Wrong guesses do count: five, then a wait, with nothing moved.
    const guess = (paymentPassword: string) =>
      toDownline(agent, { username: downline[0]!.username, amount: '1.00', paymentPassword, requestId: requestId() });
    for (let i = 0; i < PAYMENT_PASSWORD_RULE.limit; i += 1) {
      expect((await guess(WRONG_PAY)).json().code).toBe('PAYMENT_PASSWORD_WRONG');
    }
    const held = await guess(PAY);
    expect([held.statusCode, held.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await balanceOf(app, agent.token)).balance).toBe('50.00');
    await expectSoundLedger(getDb());
  });

  it('should answer a retry of an applied transfer with its first result while the limiters are exhausted', async () => {
    const agent = await memberWithSession(app, getDb(), { userType: AGENT });
    const member = await memberWithSession(app, getDb(), { parentId: agent.id });
    await adjust(app, member.username, '100.00');
    await setPaymentPassword(member);
    const body = { amount: '30.00', paymentPassword: PAY, requestId: requestId('up') };
    const first = await toUpline(member, body);
    expect(first.statusCode, first.body).toBe(200);

    await exhaust(TRANSFER_RULE, member.id);
    await exhaust(PAYMENT_PASSWORD_RULE, member.id);
    // A new request is refused, so the limits really are used up...
    const fresh = await toUpline(member, { ...body, requestId: requestId('up') });
    expect([fresh.statusCode, fresh.json().code]).toEqual([429, 'RATE_LIMITED']);
    // ...and the retry of the applied one still gets its first answer, nothing moved again.
    const retry = await toUpline(member, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().value).toEqual({ ...first.json().value, replayed: true });
    // The same key with another request is still refused as a conflict, not let through.
    const other = await toUpline(member, { ...body, amount: '31.00' });
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect([(await balanceOf(app, member.token)).balance, (await balanceOf(app, agent.token)).balance]).toEqual([
      '70.00',
      '30.00',
    ]);
    await expectSoundLedger(getDb());
  });
});
