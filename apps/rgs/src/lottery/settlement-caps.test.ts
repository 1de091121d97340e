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

/**
 * The per-issue payout cap across settlement batches: an issue settles one bet per transaction here, so a player's
 * wins are added up from what earlier transactions recorded (lottery_issue_wins), not only within one batch.
 */
describeEachDatabase('lottery per-issue cap across settlement batches', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;

  beforeAll(async () => {
    ({ clock, platform, h } = await openLotteryHarness(getDb(), START, ['RGS', 'LOTT'], {
      lottery: { enabled: false, codes: ['lott-ffc1'], settleBatch: 1 },
    }));
    await h.rgs.rgs.lottery.runStages();
    // Staff's cap: 25.00 a player on one issue (a bet alone still pays its 19.50).
    await getDb().query(
      `INSERT INTO lottery_settings (lottery_code, suspended, updated_at, max_win_per_issue_minor)
       VALUES ('lott-ffc1', false, now(), 2500)
       ON CONFLICT (lottery_code) DO UPDATE SET max_win_per_issue_minor = 2500`,
    );
  });
  afterAll(() => closeLotteryHarness({ h, platform }));

  const bet = async (session: string): Promise<void> => {
    const placed = await h.request<{ betId: string }>('POST', '/lgw/v1/bets', session, SURE_WIN);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  };

  it('should pay a player at most the issue cap over bets settled in different transactions, and others in full', async () => {
    const capped = await h.launch('lott-ffc1', { playerId: 'Pcap-a', balance: '100.00' });
    const other = await h.launch('lott-ffc1', { playerId: 'Pcap-b', balance: '100.00' });
    for (let i = 0; i < 3; i++) await bet(capped.session);
    await bet(other.session);
    await clock.advance(60_000);
    await h.rgs.rgs.lottery.runStages();

    const { rows } = await getDb().query<{ player_id: string; win_minor: bigint; capped_from_minor: bigint | null }>(
      `SELECT player_id, win_minor, capped_from_minor FROM lottery_bets WHERE player_id IN ('Pcap-a', 'Pcap-b')
       AND state = 'SETTLED' ORDER BY seq`,
    );
    expect(
      rows.map((r) => [
        r.player_id,
        Number(r.win_minor),
        r.capped_from_minor === null ? null : Number(r.capped_from_minor),
      ]),
    ).toEqual([
      ['Pcap-a', 1950, null],
      ['Pcap-a', 550, 1950],
      ['Pcap-a', 0, 1950],
      ['Pcap-b', 1950, null],
    ]);
    // The player's balance: 100.00 - 3 × 20.00 + 25.00; the other's: 100.00 - 20.00 + 19.50.
    expect(platform.balanceOf('Pcap-a')).toBe('65.00');
    expect(platform.balanceOf('Pcap-b')).toBe('99.50');
    const wins = await getDb().query<{ player_id: string; won_minor: bigint }>(
      `SELECT player_id, won_minor FROM lottery_issue_wins WHERE player_id IN ('Pcap-a', 'Pcap-b') ORDER BY player_id`,
    );
    expect(wins.rows.map((r) => [r.player_id, Number(r.won_minor)])).toEqual([
      ['Pcap-a', 2500],
      ['Pcap-b', 1950],
    ]);
  });
});
