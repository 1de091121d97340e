import { verifyLotteryDraw } from '@platform/game-math';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentsFactory } from '../platform/payments';
import { seamlessClientFactory } from '../platform/seamless-client';
import { roundsFactory } from '../rounds/rounds';
import { describeEachDatabase } from '../test/databases';
import { startFakePlatform, type FakePlatform } from '../test/fake-platform';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';
import { lotteryEngineFactory, type LotteryEngine } from './engine';

/** 08:50:10 UTC = 16:50:10 in the 5D game's time zone (UTC+8): issue 1011 of the day is open until 08:50:50. */
const START = Date.parse('2026-11-27T08:50:10Z');
const CODES = ['lott-ffc1', 'vn-south'];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Always one hit: every digit in the first position (10 tickets of 2.00; a hit pays 9.75x at prize group 1950). */
const SURE_WIN = {
  method: 'd5.position',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unit: '2.00',
  multiple: 1,
};

type Menu = { gameMenus: { gameCode: string; current: { issueNo: string; commitment: string } | null }[] };
type Results = { list: { issueNo: string; seed: string; commitment: string; numbers: string[] }[] };

describeEachDatabase('lottery gateway', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;
  let engine: LotteryEngine;
  /** A second engine on the same database: another process running the same stages. */
  let other: LotteryEngine;

  beforeAll(async () => {
    clock = manualClock(START);
    platform = await startFakePlatform({
      secret: TEST_SECRET,
      now: clock.now,
      vendors: ['RGS', 'LOTT', 'TCG_LOTTO_VN'],
    });
    h = await startHarness(getDb(), {
      clock: clock.clock,
      platform,
      rgs: { lottery: { enabled: false, codes: CODES } },
    });
    engine = h.rgs.rgs.lottery;
    const operators = (code: string) =>
      code === 'demo' ? { platformUrl: platform.url, secret: TEST_SECRET } : undefined;
    const seamless = seamlessClientFactory({ operators, clock: clock.clock, timeoutMs: 1_000 });
    const payments = paymentsFactory({ db: getDb(), seamless, clock: clock.clock, log: quiet });
    const rounds = roundsFactory({
      db: getDb(),
      clock: clock.clock,
      payments,
      randomBytes: h.random.randomBytes,
      verifierUrl: '/verify',
    });
    other = lotteryEngineFactory({
      db: getDb(),
      clock: clock.clock,
      rounds,
      payments,
      randomBytes: h.random.randomBytes,
      log: quiet,
      options: { enabled: false, codes: CODES },
    });
    await engine.runStages();
  });
  afterAll(async () => {
    await h.close();
    await platform.close();
  });

  const bothEnginesTwice = () =>
    Promise.all([engine.runStages(), other.runStages(), engine.runStages(), other.runStages()]);
  const menu = async () =>
    (await h.request<Menu>('GET', '/lgw/games/game_menus?prizeMode=LOTT&device=WEB')).body.value.gameMenus.find(
      (m) => m.gameCode === 'lott-ffc1',
    )!;
  const bet = (session: string, body: unknown) =>
    h.request<{ betId: string; cost: string }>('POST', '/lgw/v1/bets', session, body);
  /** The money movements the platform took for a round: answered calls, one per transaction id (a resend is the same). */
  const callsOf = (roundId: string, op: string) => {
    const seen = new Set<unknown>();
    return platform.callsFor(roundId).filter((c) => {
      if (c.op !== op || c.status !== 200 || seen.has(c.body.transactionId)) return false;
      seen.add(c.body.transactionId);
      return true;
    });
  };

  it('should take bets until the window closes, draw from the published commitment, and settle once on two engines', async () => {
    const published = await menu();
    expect(published.current?.issueNo).toBe('202611271011');
    const a = await h.launch('lott-ffc1', { playerId: 'Plot-a', balance: '1000.00' });
    const placed = await bet(a.session, SURE_WIN);
    expect(placed.status).toBe(201);
    expect(placed.body.value).toMatchObject({ cost: '20.00', count: 10, issueNo: '202611271011' });
    // The client's count and cost are never read: a pick outside the method's rows is refused, nothing debited.
    expect((await bet(a.session, { ...SURE_WIN, picks: [[10], [], [], [], []] })).status).toBe(400);
    expect(platform.balanceOf('Plot-a')).toBe('980.00');

    await clock.advance(41_000); // 08:50:51: the window closed at 08:50:50
    const late = await bet(a.session, SURE_WIN);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('BETTING_CLOSED');
    expect(platform.balanceOf('Plot-a')).toBe('980.00');

    await clock.advance(10_000); // 08:51:01: past the draw
    await bothEnginesTwice();
    const credits = callsOf(placed.body.value.betId, 'credit');
    expect(credits).toHaveLength(1);
    expect(credits[0]!.body.amount).toBe('19.50');
    expect(credits[0]!.vendor).toBe('LOTT');
    expect(platform.balanceOf('Plot-a')).toBe('999.50');

    const results = (await h.request<Results>('GET', '/lgw/games/results?gameCode=lott-ffc1')).body.value.list;
    const drawn = results.find((r) => r.issueNo === '202611271011')!;
    expect(drawn.commitment).toBe(published.current!.commitment);
    const verified = verifyLotteryDraw('digit5', {
      seed: drawn.seed,
      lotteryCode: 'lott-ffc1',
      issueNo: drawn.issueNo,
      commitment: published.current!.commitment,
    });
    expect(verified?.map(String)).toEqual(drawn.numbers);
  });

  it('should refund every bet of a cancelled issue once, however often the cancel runs', async () => {
    const b = await h.launch('lott-ffc1', { playerId: 'Plot-b', balance: '100.00' });
    const first = await bet(b.session, SURE_WIN);
    const second = await bet(b.session, { ...SURE_WIN, multiple: 2 });
    expect(platform.balanceOf('Plot-b')).toBe('40.00');
    const issueNo = (await menu()).current!.issueNo;
    const key = { lotteryCode: 'lott-ffc1', issueNo };
    const [x, y] = await Promise.all([
      engine.settlement.cancelIssue(key, 'test'),
      other.settlement.cancelIssue(key, 'again'),
    ]);
    expect([x.cancelled, y.cancelled].sort()).toEqual([false, true]);
    await bothEnginesTwice();
    expect(callsOf(first.body.value.betId, 'rollback')).toHaveLength(1);
    expect(callsOf(second.body.value.betId, 'rollback')).toHaveLength(1);
    expect(platform.balanceOf('Plot-b')).toBe('100.00');
    await clock.advance(60_000);
    await bothEnginesTwice();
    expect(callsOf(first.body.value.betId, 'credit')).toHaveLength(0);
  });

  it('should stop a win-stop chase at its first win and refund the issues left', async () => {
    const c = await h.launch('lott-ffc1', { playerId: 'Plot-c', balance: '200.00' });
    const chase = await h.request<{ chaseId: string; issues: string[]; total: string }>(
      'POST',
      '/lgw/v1/chases',
      c.session,
      {
        ...SURE_WIN,
        issues: 5,
        winStop: true,
      },
    );
    expect(chase.status).toBe(201);
    expect(chase.body.value.total).toBe('100.00');
    expect(platform.balanceOf('Plot-c')).toBe('100.00');
    await clock.advance(60_000);
    await bothEnginesTwice();
    const rows = await getDb().query<{ state: string; n: bigint }>(
      'SELECT state, count(*) AS n FROM lottery_bets WHERE chase_id = $1 GROUP BY state ORDER BY state',
      [chase.body.value.chaseId],
    );
    expect(rows.rows.map((r) => [r.state, Number(r.n)])).toEqual([
      ['REFUNDED', 4],
      ['SETTLED', 1],
    ]);
    // 200.00 − 5 × 20.00 + 19.50 (the win) + 4 × 20.00 (refunded)
    expect(platform.balanceOf('Plot-c')).toBe('199.50');
    const state = await getDb().query<{ state: string }>('SELECT state FROM lottery_chases WHERE id = $1', [
      chase.body.value.chaseId,
    ]);
    expect(state.rows[0]!.state).toBe('WON_STOPPED');
  });

  it("should settle VN lô per occurrence and đề on the special prize of the southern draw, and keep another's bet out of reach", async () => {
    const v = await h.launch('vn-south', { playerId: 'Plot-v', balance: '5000.00', currency: 'PHP' });
    const lo = [3, 17, 45, 56, 88];
    const loBet = await bet(v.session, { method: 'vns.lo2', picks: [lo], unit: '1.00', multiple: 1 });
    const deBet = await bet(v.session, {
      method: 'vns.de',
      picks: [Array.from({ length: 100 }, (_, i) => i)],
      unit: '1.00',
      multiple: 1,
    });
    expect(loBet.body.value.cost).toBe('90.00'); // 5 points × 18 prizes × 1.00
    expect(deBet.body.value.cost).toBe('100.00');
    const intruder = await h.launch('lott-ffc1', { playerId: 'Plot-x' });
    expect((await h.request('POST', `/lgw/v1/bets/${loBet.body.value.betId}/cancel`, intruder.session)).status).toBe(
      404,
    );

    await clock.advance(Date.parse('2026-11-27T09:15:01Z') - clock.now()); // the southern draw, 16:15 in Vietnam
    await bothEnginesTwice();
    const drawn = (await h.request<Results>('GET', '/lgw/games/results?gameCode=vn-south')).body.value.list[0]!;
    expect(drawn.numbers).toHaveLength(18);
    const occurrences = drawn.numbers.filter((n) => lo.includes(Number(n) % 100)).length;
    const bets = await getDb().query<{ method: string; win_minor: bigint }>(
      `SELECT method, win_minor FROM lottery_bets WHERE player_id = 'Plot-v' ORDER BY method`,
    );
    expect(bets.rows.map((r) => [r.method, r.win_minor])).toEqual([
      ['vns.de', 9_500n],
      ['vns.lo2', BigInt(occurrences) * 9_500n],
    ]);
    // Minutes passed on the test clock in a moment: a credit that met a stale connection is retried, as any would be.
    await clock.advance(2_000);
    await h.rgs.rgs.payments.sweep();
    expect(platform.balanceOf('Plot-v')).toBe(((500_000 - 19_000 + 9_500 + occurrences * 9_500) / 100).toFixed(2));
    expect(
      platform.calls.filter((call) => call.body.playerId === 'Plot-v').every((call) => call.vendor === 'TCG_LOTTO_VN'),
    ).toBe(true);
  });

  it('should take a bet only on the issue the player saw, and name the issue open instead when that one closed', async () => {
    // The clock is past the southern draw: 17:15:03 in the 5D game's time zone, its issue drawn at 17:16 is open.
    type Refusal = { code: string; value: { issueNo: string | null; openIssueNo: string | null; nextIssueNo: string } };
    const w = await h.launch('lott-ffc1', { playerId: 'Plot-w', balance: '100.00' });
    const seen = (await menu()).current!.issueNo;
    const next = String(Number(seen) + 1);
    expect((await bet(w.session, { ...SURE_WIN, issueNo: seen })).status).toBe(201);
    expect(platform.balanceOf('Plot-w')).toBe('80.00');

    await clock.advance(48_000); // 17:15:51: its window closed, the next one opens at the draw
    const late = await h.request<never>('POST', '/lgw/v1/bets', w.session, { ...SURE_WIN, issueNo: seen });
    expect(late.status).toBe(409);
    expect((late.body as unknown as Refusal).value).toEqual({ issueNo: seen, openIssueNo: null, nextIssueNo: next });
    // With no issue named there is still none to take it: nothing moves to the next issue unasked.
    expect((await bet(w.session, SURE_WIN)).status).toBe(409);
    expect(platform.balanceOf('Plot-w')).toBe('80.00');

    // 17:16:01: the next window opened by the clock, before any stage ran; a bet on the closed issue names it.
    await clock.advance(10_000);
    const stale = await h.request<never>('POST', '/lgw/v1/bets', w.session, { ...SURE_WIN, issueNo: seen });
    expect((stale.body as unknown as Refusal).value.openIssueNo).toBe(next);
    const moved = await bet(w.session, { ...SURE_WIN, issueNo: next });
    expect(moved.status).toBe(201);
    expect(platform.balanceOf('Plot-w')).toBe('60.00');
    await bothEnginesTwice();
  });
});
