import { parseMoney, VendorBetsAnswerSchema, type VendorBetRound } from '@platform/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRgs } from '../app';
import type { PlayResult } from '../games/context';
import { describeEachDatabase } from '../test/databases';
import { startHarness, TEST_SECRET, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';
import { TRANSFER_SESSION_CHECK_MS } from '../sessions/sessions';
import { orderNo, protocolCaller, walletsMismatchingJournal } from './transfer-test-support';

const minor = (text: string): bigint => parseMoney(text, 2, { allowZero: true });
type Bets = { rounds: VendorBetRound[]; nextCursor: string | null };

describeEachDatabase('transfer mode: games on the RGS-held wallet, and the bet records', (getDb) => {
  let clock: ManualClock;
  let h: Harness;
  let call: ReturnType<typeof protocolCaller>;
  beforeAll(async () => {
    clock = manualClock();
    h = await startHarness(getDb(), {
      clock: clock.clock,
      rgs: {
        operators: (code) =>
          code === 'demo' || code === 'other' ? { platformUrl: h.platform.url, secret: TEST_SECRET } : undefined,
      },
    });
    call = protocolCaller(h);
  });
  afterAll(async () => {
    await h.close();
  });

  /** A transfer-mode player with `amount` moved in by the platform, and a game session on it. */
  const fundedSession = async (playerId: string, game: string, amount: string, merchant = 'demo') => {
    if (amount !== '0.00') {
      const body = { orderNo: orderNo(), playerId, direction: 'IN', amount, currency: 'PHP' };
      expect((await call('transfer', body, { merchant })).body.value).toMatchObject({ status: 'SUCCESS' });
    }
    // The platform's own figure for this player (seamless) is unrelated: 500.00 that the game must not touch.
    return h.launch(game, { playerId, wallet: 'transfer', balance: '500.00', op: merchant });
  };
  const vendorBalance = async (playerId: string) =>
    (await call<{ balance: string }>('balance', { playerId, currency: 'PHP' })).body.value.balance;
  const bets = async (query: Record<string, unknown>, merchant = 'demo') => {
    const answer = await call<Bets>('bets', query, { merchant });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return VendorBetsAnswerSchema.parse(answer.body.value);
  };

  it('should play a slot spin from the RGS-held wallet in one go, with no call to the platform', async () => {
    const { session, balance } = await fundedSession('Ptslot', 'rgs-lucky-lanterns', '100.00');
    expect(balance).toBe('100.00');
    const spin = await h.request<PlayResult>('POST', '/rgs/v1/slot/spin', session, { lineBet: '0.05' });
    expect(spin.status).toBe(200);
    const { round } = spin.body.value;
    expect(round).toMatchObject({ bet: '1.00', state: 'SETTLED', settlement: 'done' });
    const expected = 10_000n - 100n + minor(round.win) + minor(round.jackpotWin);
    expect(minor(spin.body.value.balance!)).toBe(expected);
    expect(minor(await vendorBalance('Ptslot'))).toBe(expected);
    // The platform saw nothing of it: its wallet for this player is untouched.
    expect(h.platform.calls.filter((c) => c.body.playerId === 'Ptslot' && c.op !== 'balance')).toEqual([]);
    expect(h.platform.balanceOf('Ptslot')).toBe('500.00');
    // Fairness and recall are the same as in seamless mode.
    expect(round.fair).toMatchObject({ nonce: 0, serverSeed: null });
    const recall = await h.request<{ rounds: { roundId: string }[] }>('GET', '/rgs/v1/rounds', session);
    expect(recall.body.value.rounds.map((r) => r.roundId)).toEqual([round.roundId]);
    const page = await h.request<{ balance: string }>('GET', '/rgs/v1/session', session);
    expect(page.body.value.balance).toBe(spin.body.value.balance);
    // The journal holds the bet, and the win when there was one, under the round's transaction ids.
    const { rows } = await getDb().query<{ entry_key: string; kind: string }>(
      `SELECT entry_key, kind FROM wallet_entries WHERE round_id = $1 ORDER BY id`,
      [round.roundId],
    );
    expect(rows[0]).toEqual({ entry_key: `${round.roundId}:bet`, kind: 'BET' });
    expect(rows.slice(1).every((row) => row.kind === 'WIN')).toBe(true);
    expect(rows).toHaveLength(1 + (round.win === '0.00' ? 0 : 1) + (round.jackpotWin === '0.00' ? 0 : 1));
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });

  it('should stop a transfer-mode page once the platform ended its game session, within the check interval', async () => {
    const { session, token } = await fundedSession('Ptlogout', 'rgs-dice', '20.00');
    const roll = () =>
      h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, { amount: '1.00', target: 5000, over: true });
    expect((await roll()).status).toBe(200);
    const checks = () => h.platform.calls.filter((c) => c.body.playerId === 'Ptlogout' && c.op === 'balance').length;
    expect(checks()).toBe(0);
    // Past the interval the page asks the platform once, and plays on while the session is live.
    await clock.advance(TRANSFER_SESSION_CHECK_MS + 1);
    expect((await roll()).status).toBe(200);
    expect((await roll()).status).toBe(200);
    expect(checks()).toBe(1);
    // The player logs out of the platform: at the next check the page is refused, and the wallet is not touched.
    h.platform.endSession(token);
    await clock.advance(TRANSFER_SESSION_CHECK_MS + 1);
    const before = await vendorBalance('Ptlogout');
    const refused = await roll();
    expect([refused.status, refused.body.code]).toEqual([401, 'SESSION_EXPIRED']);
    expect(await vendorBalance('Ptlogout')).toBe(before);
  });

  it('should refuse a bet the RGS-held wallet cannot cover, showing its balance, and write no round', async () => {
    const { session } = await fundedSession('Ptpoor', 'rgs-dice', '0.50');
    const roll = await h.request('POST', '/rgs/v1/dice/roll', session, { amount: '1.00', target: 5000, over: true });
    expect(roll.status).toBe(402);
    expect(roll.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', value: { balance: '0.50' } });
    const { rows } = await getDb().query(`SELECT 1 FROM rounds WHERE player_id = 'Ptpoor'`);
    expect(rows).toEqual([]);
    expect(await vendorBalance('Ptpoor')).toBe('0.50');
  });

  it('should refund a transfer-mode bet that is rolled back, and refuse to settle that round afterwards', async () => {
    const { session } = await fundedSession('Ptmines', 'rgs-mines', '10.00');
    const start = await h.request<PlayResult>('POST', '/rgs/v1/mines/start', session, { amount: '2.00', mines: 3 });
    expect(start.body.value.balance).toBe('8.00');
    const roundId = start.body.value.round.roundId;
    // What the crash recovery or a failed resolve does: cancel the round and give the stake back.
    const refund = await h.rgs.rgs.payments.rollBack(`${roundId}:bet`, roundId, 'test');
    expect(refund.balance).toBe('10.00');
    // Twice is still once.
    expect((await h.rgs.rgs.payments.rollBack(`${roundId}:bet`, roundId, 'test')).balance).toBeUndefined();
    const cashOut = await h.request('POST', '/rgs/v1/mines/cashout', session);
    expect(cashOut.status).toBe(409);
    expect(await vendorBalance('Ptmines')).toBe('10.00');
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });

  it('should list settled and cancelled transfer-mode rounds by settle time in [from, to), oldest first, paged', async () => {
    const since = new Date(clock.now() + 1).toISOString();
    await clock.advance(1_000);
    const { session } = await fundedSession('Ptbets', 'rgs-dice', '50.00');
    const rolled: { roundId: string; settledAt: string; win: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
        ...{ amount: '1.00', target: 5000, over: i % 2 === 0 },
      });
      const round = roll.body.value.round;
      rolled.push({ roundId: round.roundId, settledAt: round.settledAt!, win: round.win });
      await clock.advance(1_000);
    }
    // A board cancelled (its stake returned) is reported CANCELLED with no win.
    const mines = await fundedSession('Ptbets', 'rgs-mines', '0.00');
    const board = await h.request<PlayResult>('POST', '/rgs/v1/mines/start', mines.session, {
      amount: '3.00',
      mines: 1,
    });
    const boardId = board.body.value.round.roundId;
    await h.rgs.rgs.payments.rollBack(`${boardId}:bet`, boardId, 'test');
    await clock.advance(1_000);
    // Rounds the platform must not see: a seamless-mode round of the same player, and another operator's.
    const seamless = await h.launch('rgs-dice', { playerId: 'Ptbets', balance: '5.00' });
    await h.request('POST', '/rgs/v1/dice/roll', seamless.session, { amount: '1.00', target: 5000, over: true });
    const stranger = await fundedSession('Ptbets', 'rgs-dice', '5.00', 'other');
    expect(stranger.balance).toBe('5.00'); // the same player id at another operator: another wallet
    const elsewhere = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', stranger.session, {
      ...{ amount: '1.00', target: 5000, over: true },
    });
    const until = new Date(clock.now() + 1).toISOString();

    const all = await bets({ from: since, to: until });
    expect(all.nextCursor).toBeNull();
    expect(all.rounds.map((r) => r.roundId)).toEqual([...rolled.map((r) => r.roundId), boardId]);
    expect(all.rounds[0]).toEqual({
      roundId: rolled[0]!.roundId,
      playerId: 'Ptbets',
      gameCode: 'rgs-dice',
      currency: 'PHP',
      bet: '1.00',
      win: rolled[0]!.win,
      status: 'SETTLED',
      startedAt: expect.any(String),
      settledAt: rolled[0]!.settledAt,
    });
    expect(all.rounds.at(-1)).toMatchObject({ roundId: boardId, status: 'CANCELLED', bet: '3.00', win: '0.00' });
    const theirs = await bets({ from: since, to: until }, 'other');
    expect(theirs.rounds.map((r) => r.roundId)).toEqual([elsewhere.body.value.round.roundId]);

    // from is inclusive, to exclusive.
    const window = await bets({ from: rolled[1]!.settledAt, to: rolled[3]!.settledAt });
    expect(window.rounds.map((r) => r.roundId)).toEqual([rolled[1]!.roundId, rolled[2]!.roundId]);

    // Pages of 2 follow the cursor to the end; the pages add up to the whole window, in order, once each.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await bets({ from: since, to: until, limit: 2, ...(cursor === undefined ? {} : { cursor }) });
      expect(page.rounds.length).toBeLessThanOrEqual(2);
      seen.push(...page.rounds.map((r) => r.roundId));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.rounds.map((r) => r.roundId));
  });

  it('should refuse a bets window that is reversed, longer than 24 hours, or carries a foreign cursor', async () => {
    const from = new Date(clock.now()).toISOString();
    const cases = [
      { from, to: new Date(clock.now() - 1).toISOString() },
      { from, to: new Date(clock.now() + 24 * 60 * 60_000 + 1).toISOString() },
      { from: 'yesterday', to: from },
      { from, to: from, cursor: 'bm90LW91cnM' },
      { from, to: from, limit: 1001 },
    ];
    for (const query of cases) {
      const answer = await call('bets', query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('should refund, at the next start, a bet taken from the wallet whose round the process never decided', async () => {
    const { session } = await fundedSession('Ptcrash', 'rgs-dice', '9.00');
    const roll = await h.request<PlayResult>('POST', '/rgs/v1/dice/roll', session, {
      ...{ amount: '4.00', target: 5000, over: true },
    });
    const roundId = roll.body.value.round.roundId;
    // The state a stop between the bet's transaction and the outcome's leaves: the round DEBITING, its win unpaid.
    await getDb().query(
      `UPDATE rounds SET state = 'DEBITING', settled_at = NULL, outcome = NULL, win_minor = 0 WHERE id = $1`,
      [roundId],
    );
    await getDb().query(`DELETE FROM wallet_entries WHERE round_id = $1 AND kind = 'WIN'`, [roundId]);
    await getDb().query(`UPDATE wallets SET balance_minor = 500 WHERE operator = 'demo' AND player_id = 'Ptcrash'`);
    await clock.advance(1_000);
    const restarted = await buildRgs({
      database: getDb(),
      operators: () => ({ platformUrl: h.platform.url, secret: TEST_SECRET }),
      clock: clock.clock,
      crash: { enabled: false },
    });
    await restarted.ready();
    await restarted.rgs.payments.idle();
    await restarted.close();
    expect(await vendorBalance('Ptcrash')).toBe('9.00');
    const { rows } = await getDb().query<{ state: string }>('SELECT state FROM rounds WHERE id = $1', [roundId]);
    expect(rows[0]?.state).toBe('CANCELLED');
    expect(await walletsMismatchingJournal(getDb(), 'demo')).toEqual([]);
  });
});
