import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { roundsFactory } from '../rounds/rounds';
import { describeEachDatabase } from '../test/databases';
import type { FakePlatform } from '../test/fake-platform';
import type { Harness } from '../test/harness';
import { closeLotteryHarness, openLotteryHarness } from '../test/lottery-harness';
import type { ManualClock } from '../test/manual-clock';
import { settlementFactory } from './settlement';

/** 08:50:10 UTC: issue 1011 of the 1-minute 5D game is open until 08:50:50 and drawn at 08:51:00. */
const START = Date.parse('2026-11-27T08:50:10Z');
/** Always one hit: every digit in the first position (10 tickets of 2.00; the hit pays 19.50). */
const SURE_WIN = {
  method: 'd5.position',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unit: '2.00',
  multiple: 1,
};
/** Never a hit: no digit picked in any position but one, and there only digits that lose half the time. */
const ONE_DIGIT = { method: 'd5.position', picks: [[], [], [], [], [7]], unit: '2.00', multiple: 1 };

/**
 * The lottery's settlement through the seamless batch call (ADR 0047): the winners' credits and the losers' endRounds
 * of an issue go in signed batches, a batch without an answer is retried with the same transaction ids,
 * and a platform without the batch call gets single calls.
 */
describeEachDatabase('lottery settlement in batch calls', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;

  beforeAll(async () => {
    ({ clock, platform, h } = await openLotteryHarness(getDb(), START, ['RGS', 'LOTT'], {
      lottery: { enabled: false, codes: ['lott-ffc1'] },
      payments: { retryBaseMs: 1_000, sweepEveryMs: 600_000 },
    }));
    await h.rgs.rgs.lottery.runStages();
  });
  afterAll(() => closeLotteryHarness({ h, platform }));

  const bet = async (session: string, body: unknown): Promise<string> => {
    const placed = await h.request<{ betId: string }>('POST', '/lgw/v1/bets', session, body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.value.betId;
  };
  /** The answered money calls of a round other than its bet. */
  const settlementsOf = (roundId: string) =>
    platform.callsFor(roundId).filter((c) => c.op !== 'debit' && c.status === 200);
  /** Bets on the open issue from `players`, then the clock past its draw and the stages run once. */
  const playIssue = async (prefix: string) => {
    const players = await Promise.all(
      ['a', 'b', 'c'].map((p) => h.launch('lott-ffc1', { playerId: `P${prefix}${p}`, balance: '100.00' })),
    );
    const winners = [await bet(players[0]!.session, SURE_WIN), await bet(players[1]!.session, SURE_WIN)];
    const other = await bet(players[2]!.session, ONE_DIGIT);
    await clock.advance(60_000);
    await h.rgs.rgs.lottery.runStages();
    return { players, winners, other };
  };

  it('should credit the winners and end the other rounds of an issue in one batch call, once each', async () => {
    const before = platform.batches.length;
    const { winners, other } = await playIssue('b1');
    // Draw to credited in the same stage run: the credits answered before runStages returned.
    expect(platform.balanceOf('Pb1a')).toBe('99.50');
    expect(platform.balanceOf('Pb1b')).toBe('99.50');
    // The credits first, then the endRounds (one batch, or two when a credit waits).
    const batches = platform.batches.slice(before);
    expect(batches.every((b) => b.status === 200)).toBe(true);
    expect(batches.reduce((sum, b) => sum + b.items, 0)).toBe(3);
    expect(batches.length).toBeLessThanOrEqual(2);
    for (const roundId of [...winners, other]) {
      const calls = settlementsOf(roundId);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ batch: true, vendor: 'LOTT' });
    }
    expect(settlementsOf(winners[0]!)[0]).toMatchObject({ op: 'credit', body: { amount: '19.50', endRound: true } });
    const otherCall = settlementsOf(other)[0]!;
    expect(otherCall.op === 'endRound' || (otherCall.op === 'credit' && otherCall.body.amount === '19.50')).toBe(true);
    // Running the stages again sends nothing more.
    await h.rgs.rgs.lottery.runStages();
    expect(platform.batches.length).toBe(before + batches.length);
  });

  it('should retry the items of a batch that got no answer under the same ids, and pay once', async () => {
    platform.failNext('batch', 'apply-then-fail');
    const { winners } = await playIssue('b2');
    // Applied by the platform, but the RGS never heard: still pending on its side.
    expect(platform.balanceOf('Pb2a')).toBe('99.50');
    const pending = await getDb().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM platform_calls WHERE round_id = ANY($1::text[]) AND status = 'PENDING'`,
      [winners],
    );
    expect(pending.rows[0]!.n).toBe(2);
    await clock.advance(1_000, () => h.rgs.rgs.payments.idle());
    await h.rgs.rgs.payments.idle();
    const done = await getDb().query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM platform_calls WHERE round_id = ANY($1::text[]) AND op <> 'debit'
       GROUP BY status`,
      [winners],
    );
    expect(done.rows).toEqual([{ status: 'DONE', n: 2 }]);
    // The retry went under the batch item's id and was answered as a duplicate: the player was paid once.
    const calls = platform.callsFor(winners[0]!).filter((c) => c.op === 'credit');
    expect(calls.map((c) => [c.batch ?? false, c.status, c.body.transactionId])).toEqual([
      [true, 503, `${winners[0]}:win`],
      [true, 200, `${winners[0]}:win`],
    ]);
    expect(platform.balanceOf('Pb2a')).toBe('99.50');
  });

  it('should price a batch again without a bet that left PLACED between its read and its update', async () => {
    // An earlier issue's settled winner, slipped into the first read of the next batch as if it were still PLACED:
    // the update skips it, so the batch is rolled back and read again, and nothing of the slipped bet is counted.
    const earlier = await playIssue('b4');
    const stale = earlier.winners[0]!;
    const db = getDb();
    let slipped = 0;
    const slipping: Database = {
      ...db,
      query: db.query.bind(db),
      exec: db.exec.bind(db),
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query: (async (sql: string, params?: readonly unknown[]) => {
              const result = await tx.query(sql, params);
              if (slipped === 0 && sql.includes('FROM lottery_bets') && sql.includes("state = 'PLACED' AND seq >")) {
                slipped += 1;
                const row = await tx.query(
                  `SELECT round_id, operator, player_id, method, picks, unit_minor, multiple, odds, chase_id,
                     seq::text AS seq FROM lottery_bets WHERE round_id = $1`,
                  [stale],
                );
                return { rows: [...row.rows, ...result.rows] as never[] };
              }
              return result;
            }) as typeof tx.query,
          }),
        ),
    };
    const payments = h.rgs.rgs.payments;
    const rounds = roundsFactory({
      db,
      clock: clock.clock,
      payments,
      randomBytes: () => new Uint8Array(16),
      verifierUrl: '',
    });
    const settlement = settlementFactory({ db: slipping, clock: clock.clock, rounds, payments });
    const players = await Promise.all(
      ['a', 'b'].map((p) => h.launch('lott-ffc1', { playerId: `Pb5${p}`, balance: '100.00' })),
    );
    const winner = await bet(players[0]!.session, SURE_WIN);
    const other = await bet(players[1]!.session, ONE_DIGIT);
    await clock.advance(60_000);
    const { rows: drawn } = await db.query<{ issue_no: string }>(
      `SELECT issue_no FROM lottery_bets WHERE round_id = $1`,
      [winner],
    );
    const issueNo = drawn[0]!.issue_no;
    const staleBefore = await db.query(`SELECT state, win_minor, settled_at FROM lottery_bets WHERE round_id = $1`, [
      stale,
    ]);
    await h.rgs.rgs.lottery.issues.openAndClose();
    await h.rgs.rgs.lottery.issues.drawDue();
    await settlement.settleIssue({ lotteryCode: 'lott-ffc1', issueNo });
    expect(slipped).toBe(1);
    // The issue's own bets settled once, the winner paid once; the slipped bet as it was, with no new call.
    const { rows: settled } = await db.query<{ round_id: string; state: string }>(
      `SELECT round_id, state FROM lottery_bets WHERE lottery_code = 'lott-ffc1' AND issue_no = $1 ORDER BY seq`,
      [issueNo],
    );
    expect(settled).toEqual([
      { round_id: winner, state: 'SETTLED' },
      { round_id: other, state: 'SETTLED' },
    ]);
    expect(platform.balanceOf('Pb5a')).toBe('99.50');
    expect(settlementsOf(winner)).toHaveLength(1);
    expect(settlementsOf(stale)).toHaveLength(1);
    const staleAfter = await db.query(`SELECT state, win_minor, settled_at FROM lottery_bets WHERE round_id = $1`, [
      stale,
    ]);
    expect(staleAfter.rows).toEqual(staleBefore.rows);
    // The per-issue wins count the issue's own bets only (the slipped bet's player won nothing on this issue).
    const wonOn = (table: string) =>
      db.query<{ player_id: string; won: string }>(
        table === 'wins'
          ? `SELECT player_id, won_minor::text AS won FROM lottery_issue_wins
             WHERE lottery_code = 'lott-ffc1' AND issue_no = $1 ORDER BY player_id`
          : `SELECT player_id, sum(win_minor)::text AS won FROM lottery_bets
             WHERE lottery_code = 'lott-ffc1' AND issue_no = $1 AND win_minor > 0 GROUP BY player_id ORDER BY player_id`,
        [issueNo],
      );
    const wins = (await wonOn('wins')).rows;
    expect(wins).toEqual((await wonOn('bets')).rows);
    expect(wins.map((w) => w.player_id)).toContain('Pb5a');
    expect(wins.map((w) => w.player_id)).not.toContain('Pb4a');
  });

  it('should send single calls to a platform without the batch call', async () => {
    platform.takeBatches(false);
    const before = platform.batches.length;
    const { winners, other } = await playIssue('b3');
    expect(platform.balanceOf('Pb3a')).toBe('99.50');
    expect(platform.batches.length).toBe(before);
    for (const roundId of [...winners, other]) {
      expect(settlementsOf(roundId).map((c) => c.batch ?? false)).toEqual([false]);
    }
  });
});
