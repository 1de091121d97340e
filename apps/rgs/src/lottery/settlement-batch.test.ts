import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import type { FakePlatform } from '../test/fake-platform';
import type { Harness } from '../test/harness';
import { closeLotteryHarness, openLotteryHarness } from '../test/lottery-harness';
import type { ManualClock } from '../test/manual-clock';

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
