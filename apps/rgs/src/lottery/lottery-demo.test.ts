import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRgs } from '../app';
import { describeEachDatabase } from '../test/databases';
import type { FakePlatform } from '../test/fake-platform';
import type { Harness } from '../test/harness';
import { closeLotteryHarness, lotteryAdminCall, openLotteryHarness } from '../test/lottery-harness';
import type { ManualClock } from '../test/manual-clock';
import { DEMO_LOTTERY } from './demo';

/** Friday 2026-11-27, 16:50:10 in the 5D games' time zone (UTC+8). */
const START = Date.parse('2026-11-27T08:50:10Z');

type OddsView = {
  version: number;
  methods: { method: string; odds: { key: string; odds: string }[] }[];
  versions: { version: number; publishedBy: string | null; note: string | null }[];
};
type IssuesView = { list: { issueNo: string; state: string; cancelReason: string | null }[] };

describeEachDatabase('lottery demo data', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;

  beforeAll(async () => {
    // The embedded demo start: the RGS adds the back office's demo data once it is ready.
    ({ clock, platform, h } = await openLotteryHarness(getDb(), START, ['RGS', 'LOTT'], {
      lottery: { enabled: false, codes: ['lott-ffc1', 'lott-ffc5'] },
      demoData: true,
    }));
  });
  afterAll(() => closeLotteryHarness({ h, platform }));

  /** The back office's reads, signed as the platform signs them. */
  const admin = async <T>(action: string, body: object) =>
    (await lotteryAdminCall<T>({ h, clock }, action, body, { staff: 'ops_owner' })).body.value;
  const counts = async () =>
    (
      await getDb().query<{ versions: number; cancelled: number; log: number }>(
        `SELECT (SELECT count(*)::int FROM lottery_odds_versions) AS versions,
           (SELECT count(*)::int FROM lottery_issues WHERE state = 'CANCELLED') AS cancelled,
           (SELECT count(*)::int FROM lottery_admin_log) AS log`,
      )
    ).rows[0]!;

  it("should show a second odds version and a cancelled issue in the back office's histories, added once", async () => {
    const odds = await admin<OddsView>('odds', { gameCode: DEMO_LOTTERY.oddsGame });
    expect(odds.version).toBe(2);
    expect(odds.versions.map((v) => [v.version, v.publishedBy, v.note])).toEqual([
      [2, 'ops_admin', 'Demo: one-position odds 9.75 → 9.70'],
      [1, null, null],
    ]);
    const position = odds.methods.find((m) => m.method === 'd5.position')!;
    expect(position.odds).toEqual([{ key: 'win', odds: '9.7', rtp: 97 }]);
    // Only that key changed: another method keeps the catalogue's odds.
    expect(odds.methods.find((m) => m.method === 'd5.bsoe')!.odds[0]!.odds).toBe('1.95');

    const history = await admin<IssuesView>('issues', { gameCode: DEMO_LOTTERY.cancelGame });
    const cancelled = history.list.filter((i) => i.state === 'CANCELLED');
    expect(cancelled.map((i) => i.cancelReason)).toEqual(['Demo: draw feed check']);
    // The issue taking bets at the start (16:50:10 in UTC+8: the 5-minute game's issue 203, drawn at 16:55).
    expect(cancelled[0]!.issueNo).toBe('20261127203');
    const log = await getDb().query<{ action: string; staff: string; lottery_code: string }>(
      'SELECT action, staff, lottery_code FROM lottery_admin_log ORDER BY id',
    );
    expect(log.rows.map((r) => [r.action, r.staff, r.lottery_code])).toEqual([
      ['publish-odds', 'ops_admin', 'lott-ffc1'],
      ['cancel-issue', 'ops_admin', 'lott-ffc5'],
    ]);
    expect(await counts()).toEqual({ versions: 1, cancelled: 1, log: 2 });
  });

  it('should add nothing on a second start, nor on a start later in the day, nor without the demo flag', async () => {
    await clock.advance(30 * 60_000); // other issues are open now
    for (const demoData of [true, false]) {
      const again = await buildRgs({
        database: getDb(),
        operators: () => undefined,
        clock: clock.clock,
        crash: { enabled: false },
        lottery: { enabled: false, codes: ['lott-ffc1', 'lott-ffc5'] },
        demoData,
      });
      await again.ready();
      await again.close();
    }
    expect(await counts()).toEqual({ versions: 1, cancelled: 1, log: 2 });
  });
});
