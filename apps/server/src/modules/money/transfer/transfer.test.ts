import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type RecordPeriod, type TransactionPage } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  clearRateLimits,
  demoMerchantId,
  exhaustLimit,
  insertMember,
  sealed,
  type TestMember,
} from '../../../test/identity-helpers';
import { buildTestApp, clockOf } from '../../../test/test-app';
import { adjust, balanceOf, memberWithSession, requestId, trialToken } from '../../../test/wallet-helpers';
import { manualClock } from '../../../lib/clock';
import { expectSoundLedger } from '../../../test/ledger-helpers';
import { PAYMENT_PASSWORD_RULE } from '../../identity/identity';
import { recordsServiceFactory } from './records.service';
import { transferRepository } from './transfer.repository';
import { TRANSFER_RULE } from './transfer.service';

const PAY = '739146';
const WRONG_PAY = '918273';
const AGENT = 1;

type Caller = Awaited<ReturnType<typeof memberWithSession>>;

describeEachDatabase('transfers up and down the agent tree', (getDb) => {
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
  const toUpline = (caller: Caller, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.wallet.transferUpline, body, { token: caller.token });
  const toDownline = (caller: Caller, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.agent.transferDownline, body, { token: caller.token });
  const records = async (caller: Caller, query: Record<string, string> = {}): Promise<TransactionPage> => {
    const res = await app.inject({
      url: `${API.wallet.transactions}?${new URLSearchParams(query).toString()}`,
      headers: bearer(caller.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as TransactionPage;
  };
  const cash = async (caller: Caller) => (await balanceOf(app, caller.token)).balance;

  /** An agent with a funded, payment-password-protected member below it. */
  const tree = async (funding = '100.00') => {
    const agent = await memberWithSession(app, getDb(), { userType: AGENT });
    const member = await memberWithSession(app, getDb(), { parentId: agent.id });
    await adjust(app, member.username, funding);
    await setPaymentPassword(member);
    return { agent, member };
  };

  it('should move money to the upline once per request id, and show the row to both sides', async () => {
    const { agent, member } = await tree();
    const info = await app.inject({ url: API.wallet.transferUpline, headers: bearer(member.token) });
    expect(info.json().value).toEqual({ upline: { username: agent.username, nickname: null } });

    const body = { amount: '30.50', paymentPassword: PAY, requestId: requestId('up') };
    const first = await toUpline(member, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ to: agent.username, balanceAfter: '69.50', replayed: false });
    const again = await toUpline(member, body);
    expect(again.json().value).toMatchObject({ balanceAfter: '69.50', replayed: true });
    const other = await toUpline(member, { ...body, amount: '1.00' });
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect([await cash(member), await cash(agent)]).toEqual(['69.50', '30.50']);

    const sent = (await records(member, { type: 'TRANSFER' })).list;
    expect(sent).toEqual([
      expect.objectContaining({ code: 'TRANSFER_UPLINE', amount: '-30.50', balanceAfter: '69.50' }),
    ]);
    const received = (await records(agent)).list;
    expect(received).toEqual([
      expect.objectContaining({
        code: 'TRANSFER_UPLINE',
        amount: '+30.50',
        balanceAfter: '30.50',
        reference: `${member.username} → ${agent.username}`,
      }),
    ]);
    await expectSoundLedger(getDb());
  });

  it('should refuse a member without an upline, a missing or wrong payment password, and more than the balance', async () => {
    const loner = await memberWithSession(app, getDb());
    await adjust(app, loner.username, '10.00');
    const none = await toUpline(loner, { amount: '1.00', paymentPassword: PAY, requestId: requestId() });
    expect([none.statusCode, none.json().code]).toEqual([400, 'NO_UPLINE']);
    const info = await app.inject({ url: API.wallet.transferUpline, headers: bearer(loner.token) });
    expect(info.json().value).toEqual({ upline: null });

    const agent = await memberWithSession(app, getDb(), { userType: AGENT });
    const member = await memberWithSession(app, getDb(), { parentId: agent.id });
    await adjust(app, member.username, '20.00');
    const unset = await toUpline(member, { amount: '1.00', paymentPassword: PAY, requestId: requestId() });
    expect([unset.statusCode, unset.json().code]).toEqual([400, 'PAYMENT_PASSWORD_REQUIRED']);
    await setPaymentPassword(member);
    const wrong = await toUpline(member, { amount: '1.00', paymentPassword: '918273', requestId: requestId() });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'PAYMENT_PASSWORD_WRONG']);
    const missing = await toUpline(member, { amount: '1.00', requestId: requestId() });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const tooMuch = await toUpline(member, { amount: '20.01', paymentPassword: PAY, requestId: requestId() });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect([await cash(loner), await cash(member), await cash(agent)]).toEqual(['10.00', '20.00', '0.00']);
    await expectSoundLedger(getDb());
  });

  it('should refuse bad amounts with a code and move nothing', async () => {
    const { agent, member } = await tree('50.00');
    await setPaymentPassword(agent);
    await adjust(app, agent.username, '50.00');
    for (const amount of ['-5', '0', '0.00', '1.001', 'ten', '1e3', '']) {
      const up = await toUpline(member, { amount, paymentPassword: PAY, requestId: requestId() });
      expect([up.statusCode, up.json().code], amount).toEqual([
        400,
        expect.stringMatching(/^(INVALID_AMOUNT|VALIDATION_FAILED)$/),
      ]);
      const down = await toDownline(agent, {
        username: member.username,
        amount,
        paymentPassword: PAY,
        requestId: requestId(),
      });
      expect([down.statusCode, down.json().code], amount).toEqual([
        400,
        expect.stringMatching(/^(INVALID_AMOUNT|VALIDATION_FAILED)$/),
      ]);
    }
    const numeric = await toUpline(member, { amount: 5, paymentPassword: PAY, requestId: requestId() });
    expect(numeric.statusCode).toBe(400);
    expect([await cash(member), await cash(agent)]).toEqual(['50.00', '50.00']);
  });

  it('should let an agent send to a direct and a deeper downline member, and to no one else', async () => {
    const agent = await memberWithSession(app, getDb(), { userType: AGENT });
    const subagent = await memberWithSession(app, getDb(), { userType: 2, parentId: agent.id });
    const deep = await memberWithSession(app, getDb(), { parentId: subagent.id });
    const stranger = await memberWithSession(app, getDb());
    await adjust(app, agent.username, '100.00');
    await setPaymentPassword(agent);

    const direct = await toDownline(agent, {
      username: subagent.username,
      amount: '10.00',
      paymentPassword: PAY,
      requestId: requestId('down'),
    });
    expect(direct.json().value, direct.body).toMatchObject({ to: subagent.username, balanceAfter: '90.00' });
    const body = {
      username: deep.username.toUpperCase(),
      amount: '25.00',
      paymentPassword: PAY,
      requestId: requestId(),
    };
    expect((await toDownline(agent, body)).json().value).toMatchObject({ to: deep.username, balanceAfter: '65.00' });
    expect((await toDownline(agent, body)).json().value).toMatchObject({ replayed: true });

    for (const username of [stranger.username, 'no-such-member-anywhere', agent.username]) {
      const res = await toDownline(agent, { username, amount: '1.00', paymentPassword: PAY, requestId: requestId() });
      expect([res.statusCode, res.json().code], username).toEqual([404, 'NOT_IN_DOWNLINE']);
    }
    // The downline cannot send down to its own upline, and a member is no agent.
    await setPaymentPassword(subagent);
    const upward = await toDownline(subagent, {
      username: agent.username,
      amount: '1.00',
      paymentPassword: PAY,
      requestId: requestId(),
    });
    expect([upward.statusCode, upward.json().code]).toEqual([404, 'NOT_IN_DOWNLINE']);
    const member = await toDownline(deep, {
      username: stranger.username,
      amount: '1',
      paymentPassword: PAY,
      requestId: requestId(),
    });
    expect([member.statusCode, member.json().code]).toEqual([403, 'AGENT_ONLY']);

    expect([await cash(agent), await cash(subagent), await cash(deep), await cash(stranger)]).toEqual([
      '65.00',
      '10.00',
      '25.00',
      '0.00',
    ]);
    expect((await records(deep)).list).toEqual([
      expect.objectContaining({ code: 'TRANSFER_DOWNLINE', amount: '+25.00', balanceAfter: '25.00' }),
    ]);
    await expectSoundLedger(getDb());
  });

  it('should refuse a trial member both transfers and show it only its play money', async () => {
    const trial = { token: await trialToken(app) } as Caller;
    const up = await toUpline(trial, { amount: '1.00', paymentPassword: PAY, requestId: requestId() });
    expect([up.statusCode, up.json().code]).toEqual([403, 'TRIAL_FORBIDDEN']);
    const down = await toDownline(trial, {
      username: 'x',
      amount: '1.00',
      paymentPassword: PAY,
      requestId: requestId(),
    });
    expect(down.statusCode).toBe(403);
    expect((await records(trial, { type: 'PLAY' })).list).toEqual([
      expect.objectContaining({ code: 'PLAY_FUND', amount: '+2000.00', balanceAfter: '2000.00' }),
    ]);
  });

  const exhaust = async (rule: typeof TRANSFER_RULE, memberId: bigint) =>
    exhaustLimit(getDb(), clockOf(app), await demoMerchantId(getDb()), rule, memberId.toString());

  // Issue 16: limits count failures, and never stand between a retry and the answer its first request got.
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
  it('should list every row of the account record with its signed amount and balance after, filtered and paged', async () => {
    const { agent, member } = await tree('100.00');
    await adjust(app, member.username, '15.25', 'DEBIT');
    const sent = await toUpline(member, { amount: '40.00', paymentPassword: PAY, requestId: requestId() });
    expect(sent.statusCode, sent.body).toBe(200);
    await adjust(app, member.username, '5.00');
    const other = await memberWithSession(app, getDb());

    const all = await records(member);
    expect(all.totalPages).toBe(1);
    expect(all.list.map((row) => [row.code, row.amount, row.balanceAfter])).toEqual([
      ['CORRECTION', '+5.00', '49.75'],
      ['TRANSFER_UPLINE', '-40.00', '44.75'],
      ['CORRECTION', '-15.25', '84.75'],
      ['CORRECTION', '+100.00', '100.00'],
    ]);
    expect((await records(member, { type: 'ADJUSTMENT' })).list).toHaveLength(3);
    expect((await records(member, { type: 'TRANSFER' })).list).toHaveLength(1);
    expect((await records(member, { type: 'DEPOSIT' })).list).toEqual([]);
    expect((await records(member, { period: 'YESTERDAY' })).list).toEqual([]);
    expect((await records(member, { period: 'LAST_7_DAYS' })).list).toHaveLength(4);

    const first = await records(member, { pageSize: '3', pageNo: '1' });
    const second = await records(member, { pageSize: '3', pageNo: '2' });
    expect([first.totalPages, first.list.length, second.list.length]).toEqual([2, 3, 1]);
    expect([...first.list, ...second.list].map((row) => row.id)).toEqual(all.list.map((row) => row.id));

    const day = all.list[0]?.time.slice(0, 10) ?? '';
    const today = new Date(Date.parse(`${day}T00:00:00Z`));
    const around = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const custom = { period: 'CUSTOM', startDate: around(-2), endDate: around(2) };
    expect((await records(member, custom)).list).toHaveLength(4);
    expect((await records(member, { ...custom, startDate: around(-20), endDate: around(-10) })).list).toEqual([]);

    // Another member sees none of these rows, and the agent sees only its side of the transfer.
    expect((await records(other)).list).toEqual([]);
    expect((await records(agent)).list.map((row) => row.amount)).toEqual(['+40.00']);
    await expectSoundLedger(getDb());
  });

  it('should place rows in the merchant calendar days of the period as the clock moves on', async () => {
    const member = await memberWithSession(app, getDb());
    await adjust(app, member.username, '7.00');
    const row = (await records(member)).list[0];
    expect(row).toBeDefined();
    const { rows } = await getDb().query<{ currencyCode: string; currencyScale: number; playCurrency: string }>(
      `SELECT currency_code AS "currencyCode", currency_scale AS "currencyScale", play_currency AS "playCurrency"
       FROM merchants WHERE id = $1`,
      [await demoMerchantId(getDb())],
    );
    const merchant = { id: await demoMerchantId(getDb()), ...rows[0]! };
    const clock = manualClock(Date.parse(row?.time ?? ''));
    const service = recordsServiceFactory({ repository: transferRepository(getDb()), now: clock.clock });
    const seen = async (period: RecordPeriod) =>
      (await service.list(merchant, { memberId: member.id, type: 0 }, { type: 'ALL', period, pageNo: 1, pageSize: 20 }))
        .list.length;
    const DAY = 86_400_000;
    expect([await seen('TODAY'), await seen('YESTERDAY')]).toEqual([1, 0]);
    clock.advance(DAY);
    expect([await seen('TODAY'), await seen('YESTERDAY'), await seen('LAST_7_DAYS')]).toEqual([0, 1, 1]);
    clock.advance(6 * DAY);
    expect([await seen('YESTERDAY'), await seen('LAST_7_DAYS'), await seen('LAST_30_DAYS')]).toEqual([0, 0, 1]);
    clock.advance(23 * DAY);
    expect([await seen('LAST_30_DAYS')]).toEqual([0]);
  });

  it('should refuse bad record queries with a code', async () => {
    const member = await memberWithSession(app, getDb());
    const bad: Record<string, string>[] = [
      { pageSize: '51' },
      { pageSize: '0' },
      { pageNo: '0' },
      { type: 'EVERYTHING' },
      { period: 'LAST_YEAR' },
      { period: 'CUSTOM' },
      { period: 'CUSTOM', startDate: '2026-01-10', endDate: '2026-01-09' },
      { period: 'CUSTOM', startDate: '2026-01-01', endDate: '2026-04-01' },
      { period: 'CUSTOM', startDate: '2026-02-30', endDate: '2026-03-01' },
    ];
    for (const query of bad) {
      const res = await app.inject({
        url: `${API.wallet.transactions}?${new URLSearchParams(query).toString()}`,
        headers: bearer(member.token),
      });
      expect([res.statusCode, res.json().code], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const ninety = await records(member, { period: 'CUSTOM', startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(ninety.list).toEqual([]);
    const guest = await app.inject({ url: API.wallet.transactions });
    expect(guest.statusCode).toBe(401);
  });
});
