import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlayResult } from '../games/context';
import type { RoundView } from '../rounds/rounds';
import { describeEachDatabase } from '../test/databases';
import { startFakePlatform, type FakePlatform } from '../test/fake-platform';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';

describeEachDatabase('platform calls', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;
  beforeAll(async () => {
    clock = manualClock();
    platform = await startFakePlatform({ secret: TEST_SECRET, now: clock.now });
    h = await startHarness(getDb(), {
      clock: clock.clock,
      platform,
      rgs: { payments: { retryBaseMs: 1_000, retryMaxMs: 8_000, sweepEveryMs: 60_000 }, callTimeoutMs: 300 },
    });
  });
  afterAll(async () => {
    await h.close();
    await platform.close();
  });
  const settle = () => h.rgs.rgs.payments.idle();

  it('should retry a credit that failed with a 5xx with the same transaction id until the platform takes it', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Pretry', balance: '20.00' });
    platform.failNext('credit', 'fail', 2);
    // target 9800 under: the roll is below 98.00 unless it lands in the top 2%; either way a credit is sent.
    const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
      amount: '1.00',
      target: 9800,
      over: false,
    });
    expect(roll.status).toBe(200);
    const round = roll.body.value.round;
    expect(roll.body.value.settlement).toBe('pending');
    expect(roll.body.value.balance).toBe('19.00');
    expect(platform.balanceOf('Pretry')).toBe('19.00');

    await clock.advance(1_000, settle);
    let credits = platform.callsFor(round.roundId).filter((call) => call.op === 'credit');
    expect(credits.map((call) => call.status)).toEqual([503, 503]);
    await clock.advance(2_000, settle);
    credits = platform.callsFor(round.roundId).filter((call) => call.op === 'credit');
    expect(credits.map((call) => call.status)).toEqual([503, 503, 200]);
    expect(new Set(credits.map((call) => call.body.transactionId)).size).toBe(1);
    const win = BigInt(round.win.replace('.', ''));
    expect(BigInt(platform.balanceOf('Pretry').replace('.', ''))).toBe(1_900n + win);
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds', session);
    expect(recall.body.value.rounds[0]!.settlement).toBe('done');
  });

  it('should send the same credit again when the platform applied it but the answer was lost, paying once', async () => {
    const { session } = await h.launch('rgs-plinko', { playerId: 'Plost', balance: '20.00' });
    platform.failNext('credit', 'apply-then-fail');
    const drop = await h.request<PlayResult>('POST', '/rgs/v1/plinko/drop', session, {
      amount: '1.00',
      rows: 8,
      risk: 'low',
    });
    const round = drop.body.value.round;
    await clock.advance(1_000, settle);
    const credits = platform.callsFor(round.roundId).filter((call) => call.op === 'credit');
    expect(credits).toHaveLength(2);
    expect(credits[0]!.body.transactionId).toBe(credits[1]!.body.transactionId);
    const win = BigInt(round.win.replace('.', ''));
    expect(BigInt(platform.balanceOf('Plost').replace('.', ''))).toBe(1_900n + win);
  });

  it('should roll back a debit that got no answer, with a new transaction id referencing it, and refuse the play', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Ptimeout', balance: '20.00' });
    platform.failNext('debit', 'apply-then-hang');
    const roll = await h.request('POST', '/rgs/v1/dice/roll', session, { amount: '5.00', target: 5000, over: true });
    expect(roll.status).toBe(503);
    expect(roll.body.code).toBe('PLATFORM_UNAVAILABLE');
    await settle();
    const debit = platform.calls.find((call) => call.op === 'debit' && call.body.playerId === 'Ptimeout')!;
    const rollback = platform.calls.find((call) => call.op === 'rollback' && call.body.playerId === 'Ptimeout')!;
    expect(rollback.status).toBe(200);
    expect(rollback.body.betTransactionId).toBe(debit.body.transactionId);
    expect(rollback.body.transactionId).not.toBe(debit.body.transactionId);
    expect(platform.balanceOf('Ptimeout')).toBe('20.00');
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds', session);
    expect(recall.body.value.rounds[0]).toMatchObject({ state: 'CANCELLED', win: '0.00' });
    expect(platform.calls.filter((call) => call.op === 'credit' && call.body.playerId === 'Ptimeout')).toHaveLength(0);
  });

  it('should retry a pending credit after a restart (the outbox is in the database)', async () => {
    const { session } = await h.launch('rgs-dice', { playerId: 'Prestart', balance: '20.00' });
    platform.failNext('credit', 'fail');
    const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
      amount: '1.00',
      target: 9800,
      over: false,
    });
    expect(roll.body.value.settlement).toBe('pending');
    await h.rgs.close();
    h = await startHarness(getDb(), {
      clock: clock.clock,
      platform,
      rgs: { payments: { retryBaseMs: 1_000, retryMaxMs: 8_000, sweepEveryMs: 60_000 }, callTimeoutMs: 300 },
    });
    await h.rgs.rgs.payments.idle();
    await clock.advance(1_000, () => h.rgs.rgs.payments.idle());
    const credits = platform.callsFor(roll.body.value.round.roundId).filter((call) => call.op === 'credit');
    expect(credits.map((call) => call.status)).toEqual([503, 200]);
    const win = BigInt(roll.body.value.round.win.replace('.', ''));
    expect(BigInt(platform.balanceOf('Prestart').replace('.', ''))).toBe(1_900n + win);
  });
});
