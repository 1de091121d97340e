import type { AddressInfo } from 'node:net';
import {
  crashElapsedForE2,
  crashMultiplierAtE2,
  crashPayoutMinor,
  crashPointE2,
  verifyCrashHash,
} from '@platform/game-math';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoundView } from '../rounds/rounds';
import { attachRgsSocketIo } from '../socket';
import { describeEachDatabase } from '../test/databases';
import { startFakePlatform, type FakePlatform } from '../test/fake-platform';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';
import { orderNo, protocolCaller, walletsMismatchingJournal } from '../transfer/transfer-test-support';
import type { CrashSnapshot } from './engine';

const BETTING_MS = 6_000;
const PAUSE_MS = 3_000;
const minor = (text: string): bigint => BigInt(text.replace('.', ''));

describeEachDatabase('crash', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;
  const options = { crash: { enabled: true, bettingMs: BETTING_MS, pauseMs: PAUSE_MS, chainLength: 200 } };
  beforeAll(async () => {
    clock = manualClock();
    platform = await startFakePlatform({ secret: TEST_SECRET, now: clock.now });
    h = await startHarness(getDb(), { clock: clock.clock, platform, rgs: options });
  });
  afterAll(async () => {
    await h.close();
    await platform.close();
  });
  const settle = () => h.rgs.rgs.crash.idle();
  /** The test peeks at the secret point of the round in play (players cannot). */
  const roundInPlay = async () =>
    (
      await getDb().query<{ round_no: number; crash_e2: number; state: string }>(
        'SELECT round_no, crash_e2, state FROM crash_rounds ORDER BY chain_id DESC, round_no DESC LIMIT 1',
      )
    ).rows[0]!;
  /** From the start of a betting phase to the start of the next one. */
  const playThrough = async () => {
    const round = await roundInPlay();
    await clock.advance(BETTING_MS + crashElapsedForE2(round.crash_e2) + PAUSE_MS, settle);
  };
  const state = async (session: string) =>
    (await h.request<{ round: CrashSnapshot; myBet: unknown }>('GET', '/rgs/v1/crash/state', session)).body.value;

  it('should run a round: bets while betting, cash-outs while running, losing bets closed by endRound at the crash', async () => {
    await settle();
    // A round that lasts past 2.00x, so the cash-outs below happen before the crash.
    while ((await roundInPlay()).crash_e2 < 200) await playThrough();
    const played = await roundInPlay();
    const a = await h.launch('rgs-crash', { playerId: 'Pcrash-a' });
    const b = await h.launch('rgs-crash', { playerId: 'Pcrash-b' });
    const c = await h.launch('rgs-crash', { playerId: 'Pcrash-c' });
    const betA = await h.request<{ round: RoundView }>('POST', '/rgs/v1/crash/bets', a.session, {
      amount: '1.00',
      autoCashout: '1.50',
    });
    expect(betA.status).toBe(200);
    const betB = await h.request<{ round: RoundView }>('POST', '/rgs/v1/crash/bets', b.session, { amount: '2.00' });
    const betC = await h.request<{ round: RoundView }>('POST', '/rgs/v1/crash/bets', c.session, { amount: '1.00' });
    expect(betC.status).toBe(200);
    const twice = await h.request('POST', '/rgs/v1/crash/bets', c.session, { amount: '1.00' });
    expect(twice.status).toBe(409);
    expect(platform.balanceOf('Pcrash-b')).toBe('98.00');

    const betting = await state(a.session);
    expect(betting.round).toMatchObject({ roundNo: played.round_no, phase: 'BETTING', crashE2: null, hash: null });
    expect(betting.round.bets).toHaveLength(3);
    expect(betting.round.startAt - betting.round.bettingAt).toBe(BETTING_MS);
    const early = await h.request('POST', '/rgs/v1/crash/cashout', b.session);
    expect(early.status).toBe(409);

    await clock.advance(BETTING_MS, settle);
    expect((await state(a.session)).round.phase).toBe('RUNNING');
    const late = await h.launch('rgs-crash', { playerId: 'Pcrash-late' });
    const lateBet = await h.request('POST', '/rgs/v1/crash/bets', late.session, { amount: '1.00' });
    expect(lateBet.status).toBe(409);
    expect(lateBet.body.code).toBe('BETTING_CLOSED');
    expect(platform.balanceOf('Pcrash-late')).toBe('100.00');

    const cashoutMs = crashElapsedForE2(120);
    await clock.advance(cashoutMs, settle);
    const cashout = await h.request<{ round: RoundView; balance: string }>('POST', '/rgs/v1/crash/cashout', b.session);
    expect(cashout.status).toBe(200);
    const cashoutE2 = crashMultiplierAtE2(cashoutMs);
    expect(cashout.body.value.round.win).toBe((Number(crashPayoutMinor(200n, cashoutE2)) / 100).toFixed(2));
    expect(cashout.body.value.balance).toBe(platform.balanceOf('Pcrash-b'));
    expect((await h.request('POST', '/rgs/v1/crash/cashout', b.session)).status).toBe(409);

    await clock.advance(crashElapsedForE2(played.crash_e2) - cashoutMs, settle);
    const crashed = await state(a.session);
    expect(crashed.round).toMatchObject({ roundNo: played.round_no, phase: 'CRASHED', crashE2: played.crash_e2 });
    expect(crashed.round.history[0]).toMatchObject({ roundNo: played.round_no, crashE2: played.crash_e2 });

    expect(platform.balanceOf('Pcrash-a')).toBe('100.50');
    expect(minor(platform.balanceOf('Pcrash-b'))).toBe(9_800n + crashPayoutMinor(200n, cashoutE2));
    expect(platform.balanceOf('Pcrash-c')).toBe('99.00');
    const callsA = platform
      .callsFor(betA.body.value.round.roundId)
      .map((call) => [call.op, call.body.amount, call.body.endRound]);
    expect(callsA).toEqual([
      ['debit', '1.00', undefined],
      ['credit', '1.50', true],
    ]);
    const callsC = platform.callsFor(betC.body.value.round.roundId).map((call) => call.op);
    expect(callsC).toEqual(['debit', 'endRound']);
    expect(platform.callsFor(betB.body.value.round.roundId).map((call) => call.op)).toEqual(['debit', 'credit']);

    // The revealed round hash leads to the chain's published terminating hash and gives the crash point.
    const chain = (await h.rgs.inject({ method: 'GET', url: '/rgs/v1/crash/chain' })).json() as {
      value: { chains: { terminatingHash: string; salt: string }[] };
    };
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds?family=crash', c.session);
    const lost = recall.body.value.rounds[0]!;
    expect(lost).toMatchObject({ state: 'SETTLED', win: '0.00', bet: '1.00' });
    expect(lost.crash!.terminatingHash).toBe(chain.value.chains[0]!.terminatingHash);
    expect(verifyCrashHash(lost.crash!.hash!, lost.crash!.terminatingHash, 1_000)).toBe(played.round_no);
    expect(crashPointE2(lost.crash!.hash!, lost.crash!.salt)).toBe(played.crash_e2);
    expect(lost.verifyUrl).toContain(`hash=${lost.crash!.hash}`);
  });

  it('should publish the next round after the pause and keep the crash point secret until the crash', async () => {
    const before = await roundInPlay();
    await clock.advance(PAUSE_MS, settle);
    const next = await roundInPlay();
    expect(next.round_no).toBe(before.round_no + 1);
    const { session } = await h.launch('rgs-crash', { playerId: 'Pcrash-watch' });
    const snapshot = await state(session);
    expect(snapshot.round).toMatchObject({ roundNo: next.round_no, phase: 'BETTING', crashE2: null, hash: null });
  });

  it('should push round events over Socket.IO', async () => {
    await h.rgs.listen({ port: 0, host: '127.0.0.1' });
    attachRgsSocketIo(h.rgs, h.rgs.server);
    const { port } = h.rgs.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/rgs/socket.io', transports: ['websocket'] });
    try {
      const snapshot = await new Promise<CrashSnapshot>((resolve) => socket.once('crash:snapshot', resolve));
      expect(snapshot.phase).toBe('BETTING');
      const running = new Promise<{ roundNo: number; phase: string; startAt: number }>((resolve) =>
        socket.once('crash:round', resolve),
      );
      await clock.advance(BETTING_MS, settle);
      expect(await running).toMatchObject({ roundNo: snapshot.roundNo, phase: 'RUNNING', startAt: snapshot.startAt });
    } finally {
      socket.close();
    }
  });

  it('should continue the chain after a restart and refund the bets of the round it stopped in', async () => {
    // Let the running round end and the next betting phase open.
    const running = await roundInPlay();
    await clock.advance(crashElapsedForE2(running.crash_e2) + PAUSE_MS, settle);
    const interrupted = await roundInPlay();
    expect(interrupted.state).toBe('BETTING');
    const { session } = await h.launch('rgs-crash', { playerId: 'Pcrash-restart' });
    const bet = await h.request<{ round: RoundView }>('POST', '/rgs/v1/crash/bets', session, { amount: '3.00' });
    expect(bet.status).toBe(200);
    expect(platform.balanceOf('Pcrash-restart')).toBe('97.00');
    const chainBefore = (await h.rgs.inject({ method: 'GET', url: '/rgs/v1/crash/chain' })).json() as {
      value: { chains: { id: number; terminatingHash: string }[] };
    };

    await h.rgs.close();
    h = await startHarness(getDb(), { clock: clock.clock, platform, rgs: options });
    await settle();
    await h.rgs.rgs.payments.idle();

    expect(platform.balanceOf('Pcrash-restart')).toBe('100.00');
    const rows = await getDb().query<{ round_no: number; state: string }>(
      'SELECT round_no, state FROM crash_rounds WHERE round_no >= $1 ORDER BY round_no',
      [interrupted.round_no],
    );
    expect(rows.rows).toEqual([
      { round_no: interrupted.round_no, state: 'INTERRUPTED' },
      { round_no: interrupted.round_no + 1, state: 'BETTING' },
    ]);
    const chainAfter = (await h.rgs.inject({ method: 'GET', url: '/rgs/v1/crash/chain' })).json() as typeof chainBefore;
    expect(chainAfter.value.chains).toEqual(chainBefore.value.chains);
    const recall = await h.request<{ rounds: RoundView[] }>('GET', '/rgs/v1/rounds?family=crash', session);
    expect(recall.body.value.rounds[0]).toMatchObject({ roundId: bet.body.value.round.roundId, state: 'CANCELLED' });
  });

  it('should take and pay the crash bets of transfer-mode sessions in the RGS-held wallet, with no platform call', async () => {
    await settle();
    // Into the betting phase of a fresh round (the previous test may have left one running), lasting past 1.50x.
    const running = (await roundInPlay()).round_no;
    while ((await roundInPlay()).round_no === running) await clock.advance(500, settle);
    while ((await roundInPlay()).crash_e2 < 150) await playThrough();
    const call = protocolCaller(h);
    for (const playerId of ['Pcrash-tw', 'Pcrash-tl']) {
      const body = { orderNo: orderNo(), playerId, direction: 'IN', amount: '10.00', currency: 'PHP' };
      expect((await call('transfer', body)).body.value).toMatchObject({ status: 'SUCCESS' });
    }
    const winner = await h.launch('rgs-crash', { playerId: 'Pcrash-tw', wallet: 'transfer' });
    const loser = await h.launch('rgs-crash', { playerId: 'Pcrash-tl', wallet: 'transfer' });
    const won = await h.request<{ round: RoundView; balance: string }>('POST', '/rgs/v1/crash/bets', winner.session, {
      ...{ amount: '2.00', autoCashout: '1.50' },
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.value.balance).toBe('8.00');
    const lost = await h.request<{ round: RoundView; balance: string }>('POST', '/rgs/v1/crash/bets', loser.session, {
      amount: '3.00',
    });
    expect(lost.body.value.balance).toBe('7.00');
    await playThrough();

    const balance = async (playerId: string) =>
      (await call<{ balance: string }>('balance', { playerId, currency: 'PHP' })).body.value.balance;
    expect(minor(await balance('Pcrash-tw'))).toBe(800n + crashPayoutMinor(200n, 150));
    expect(await balance('Pcrash-tl')).toBe('7.00');
    const states = await getDb().query<{ id: string; state: string; win_minor: bigint }>(
      'SELECT id, state, win_minor FROM rounds WHERE id IN ($1, $2) ORDER BY id',
      [won.body.value.round.roundId, lost.body.value.round.roundId],
    );
    expect(states.rows.map((row) => row.state)).toEqual(['SETTLED', 'SETTLED']);
    expect(platform.calls.filter((c) => ['Pcrash-tw', 'Pcrash-tl'].includes(String(c.body.playerId)))).toEqual([]);
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });
});
