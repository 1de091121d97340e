import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { TEST_SECRET, type Harness } from '../test/harness';
import { closeLotteryHarness, lotteryAdminCall, openLotteryHarness } from '../test/lottery-harness';
import type { FakePlatform } from '../test/fake-platform';
import type { ManualClock } from '../test/manual-clock';
import { lotteryOf } from './catalogue';
import type { LotteryEngine } from './engine';
import { businessDayOf } from './schedule';
import { stationOf, stationsOf } from './stations';

/** Friday 2026-11-27, 16:50:10 in the 5D game's time zone (UTC+8): issue 1011 is open until 08:50:50 UTC. */
const START = Date.parse('2026-11-27T08:50:10Z');
const CODES = ['lott-ffc1', 'vn-south', 'vn-central'];
/** One hit whatever is drawn: 10 tickets of 2.00, paying the first position's odds once. */
const SURE_WIN = {
  method: 'd5.position',
  picks: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
  unit: '2.00',
  multiple: 1,
};

type OddsView = {
  version: number;
  methods: { method: string; odds: { key: string; odds: string }[] }[];
  versions: { version: number; bets: number }[];
};
type PnlRow = {
  issueNo: string;
  currency: string;
  bets: number;
  stakes: string;
  payouts: string;
  refunds: string;
  net: string;
};

describeEachDatabase('lottery back office', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;
  let engine: LotteryEngine;

  beforeAll(async () => {
    ({ clock, platform, h } = await openLotteryHarness(getDb(), START, ['RGS', 'LOTT', 'TCG_LOTTO_VN'], {
      lottery: { enabled: false, codes: CODES },
    }));
    engine = h.rgs.rgs.lottery;
    await engine.runStages();
  });
  afterAll(() => closeLotteryHarness({ h, platform }));

  /** The platform server's call, signed with the merchant's LOTT secret (or another, to see it refused). */
  const admin = <T>(action: string, body: object, secret = TEST_SECRET) =>
    lotteryAdminCall<T>({ h, clock }, action, body, { staff: 'ops.lee', secret });
  const bet = (session: string, body: unknown) =>
    h.request<{ betId: string; issueNo: string; cost: string }>('POST', '/lgw/v1/bets', session, body);
  const openIssue = async () =>
    (
      await getDb().query<{ issue_no: string }>(
        `SELECT issue_no FROM lottery_issues WHERE lottery_code = 'lott-ffc1' AND opens_at <= $1 AND closes_at > $1`,
        [new Date(clock.now())],
      )
    ).rows[0]!.issue_no;
  const answered = (roundId: string, op: string) => {
    const seen = new Set<unknown>();
    return platform.callsFor(roundId).filter((c) => {
      if (c.op !== op || c.status !== 200 || seen.has(c.body.transactionId)) return false;
      seen.add(c.body.transactionId);
      return true;
    });
  };

  it('should refuse an unsigned or wrongly signed call', async () => {
    expect((await admin('lotteries', {}, 'not-the-secret-not-the-secret-not-the-secret')).status).toBe(401);
    const unsigned = await h.rgs.inject({ method: 'POST', url: '/lgw/admin/v1/lotteries', payload: { staff: 'x' } });
    expect(unsigned.statusCode).toBe(401);
    const listed = await admin<{ gameCode: string; suspended: boolean }[]>('lotteries', {});
    expect(listed.status).toBe(200);
    expect(listed.body.value.find((l) => l.gameCode === 'lott-ffc1')?.suspended).toBe(false);
  });

  it('should refuse bets and chases on a suspended game with LOTTERY_SUSPENDED and write nothing, then take them again', async () => {
    const p = await h.launch('lott-ffc1', { playerId: 'Pops-s', balance: '100.00' });
    expect((await admin('suspend', { gameCode: 'lott-ffc1', suspended: true })).status).toBe(400); // no reason
    expect((await admin('suspend', { gameCode: 'lott-ffc1', suspended: true, reason: 'feed check' })).status).toBe(200);
    const refused = await bet(p.session, SURE_WIN);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LOTTERY_SUSPENDED');
    const chase = await h.request('POST', '/lgw/v1/chases', p.session, { ...SURE_WIN, issues: 3, winStop: false });
    expect(chase.status).toBe(409);
    expect(platform.balanceOf('Pops-s')).toBe('100.00');
    const written = await getDb().query<{ n: bigint }>(
      `SELECT (SELECT count(*) FROM lottery_bets WHERE player_id = 'Pops-s') + (SELECT count(*) FROM rounds
         WHERE player_id = 'Pops-s') + (SELECT count(*) FROM lottery_chases WHERE player_id = 'Pops-s') AS n`,
    );
    expect(Number(written.rows[0]!.n)).toBe(0);
    type Menu = { gameMenus: { gameCode: string; suspended: boolean }[] };
    const menu = await h.request<Menu>('GET', '/lgw/games/game_menus?prizeMode=LOTT');
    expect(menu.body.value.gameMenus.find((m) => m.gameCode === 'lott-ffc1')?.suspended).toBe(true);

    expect((await admin('suspend', { gameCode: 'lott-ffc1', suspended: false })).status).toBe(200);
    expect((await bet(p.session, SURE_WIN)).status).toBe(201);
    expect(platform.balanceOf('Pops-s')).toBe('80.00');
    const log = await getDb().query<{ action: string; staff: string }>(
      `SELECT action, staff FROM lottery_admin_log WHERE lottery_code = 'lott-ffc1' ORDER BY id`,
    );
    expect(log.rows.map((r) => r.action)).toEqual(['suspend', 'resume']);
    expect(log.rows.every((r) => r.staff === 'ops.lee')).toBe(true);
  });

  it('should refund every bet of a cancelled issue once when staff cancel it twice at once and again', async () => {
    const p = await h.launch('lott-ffc1', { playerId: 'Pops-c', balance: '100.00' });
    const issueNo = await openIssue();
    const first = await bet(p.session, { ...SURE_WIN, issueNo });
    const second = await bet(p.session, { ...SURE_WIN, issueNo, multiple: 2 });
    expect(platform.balanceOf('Pops-c')).toBe('40.00');
    const cancel = () =>
      admin<{ cancelled: boolean }>('issues/cancel', { gameCode: 'lott-ffc1', issueNo, reason: 'feed' });
    const answers = await Promise.all([cancel(), cancel()]);
    const again = await cancel();
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect([...answers, again].filter((a) => a.body.value.cancelled)).toHaveLength(1);
    await engine.runStages();
    expect(answered(first.body.value.betId, 'rollback')).toHaveLength(1);
    expect(answered(second.body.value.betId, 'rollback')).toHaveLength(1);
    expect(platform.balanceOf('Pops-c')).toBe('100.00');
    const log = await getDb().query(`SELECT 1 FROM lottery_admin_log WHERE action = 'cancel-issue' AND issue_no = $1`, [
      issueNo,
    ]);
    expect(log.rows).toHaveLength(1);
    type Issues = { list: { issueNo: string; state: string; cancellable: boolean }[] };
    const history = await admin<Issues>('issues', { gameCode: 'lott-ffc1' });
    expect(history.body.value.list.find((i) => i.issueNo === issueNo)).toMatchObject({ state: 'CANCELLED' });
  });

  it('should price new bets with a newly published odds version and settle older bets with the odds they kept', async () => {
    const p = await h.launch('lott-ffc1', { playerId: 'Pops-o', balance: '1000.00' });
    await clock.advance(60_000); // the next issue's window
    await engine.runStages();
    const issueNo = await openIssue();
    const before = await bet(p.session, { ...SURE_WIN, issueNo });
    const view = (await admin<OddsView>('odds', { gameCode: 'lott-ffc1' })).body.value;
    expect(view.version).toBe(1);
    const table = Object.fromEntries(
      view.methods.map((m) => [m.method, Object.fromEntries(m.odds.map((o) => [o.key, o.odds]))]),
    );
    const position = table['d5.position']!;
    const key = Object.keys(position)[0]!;
    expect(position[key]).toBe('9.75');
    // Above 100% return is refused; so is a table built on a version no longer in force.
    const tooRich = { ...table, 'd5.position': { ...position, [key]: '10.5' } };
    expect((await admin('odds/publish', { gameCode: 'lott-ffc1', basedOnVersion: 1, odds: tooRich })).status).toBe(400);
    const cheaper = { ...table, 'd5.position': { ...position, [key]: '5' } };
    const published = await admin<{ version: number }>('odds/publish', {
      gameCode: 'lott-ffc1',
      basedOnVersion: 1,
      odds: cheaper,
      note: 'risk review',
    });
    expect(published.body.value.version).toBe(2);
    expect((await admin('odds/publish', { gameCode: 'lott-ffc1', basedOnVersion: 1, odds: cheaper })).status).toBe(409);
    const after = await bet(p.session, { ...SURE_WIN, issueNo });

    await clock.advance(60_000);
    await engine.runStages();
    await engine.runStages();
    const rows = await getDb().query<{ round_id: string; odds_version: number; win_minor: bigint }>(
      `SELECT round_id, odds_version, win_minor FROM lottery_bets WHERE player_id = 'Pops-o'`,
    );
    const byId = new Map(rows.rows.map((r) => [r.round_id, r]));
    expect(byId.get(before.body.value.betId)).toMatchObject({ odds_version: 1, win_minor: 1950n });
    expect(byId.get(after.body.value.betId)).toMatchObject({ odds_version: 2, win_minor: 1000n });
    const versions = (await admin<OddsView>('odds', { gameCode: 'lott-ffc1' })).body.value.versions;
    expect(versions.map((v) => [v.version, v.bets])).toEqual([
      [2, 1],
      [1, expect.any(Number)],
    ]);
  });

  it("should cap a bet's payout at the cap staff set, and sum each issue's stakes, payouts and refunds as the bets and the platform's calls do", async () => {
    const p = await h.launch('lott-ffc1', { playerId: 'Pops-p', balance: '1000.00' });
    const q = await h.launch('lott-ffc1', { playerId: 'Pops-q', balance: '1000.00' });
    const caps = await admin('caps', { gameCode: 'lott-ffc1', maxWinPerBet: '8.00', maxWinPerIssue: '500.00' });
    expect(caps.status).toBe(200);
    expect((await admin('caps', { gameCode: 'lott-ffc1', maxWinPerBet: '9.00', maxWinPerIssue: '1.00' })).status).toBe(
      400,
    );
    const issueNo = await openIssue();
    const placed = [
      await bet(p.session, { ...SURE_WIN, issueNo }),
      await bet(q.session, { ...SURE_WIN, issueNo, multiple: 3 }),
      await bet(q.session, { method: 'd5.bsoe', picks: [[0], [], [], [], []], unit: '2.00', multiple: 1, issueNo }),
    ];
    const refunded = await bet(p.session, { ...SURE_WIN, issueNo });
    expect(placed.every((b) => b.status === 201) && refunded.status === 201).toBe(true);
    expect((await h.request('POST', `/lgw/v1/bets/${refunded.body.value.betId}/cancel`, p.session)).status).toBe(200);
    await clock.advance(60_000);
    await engine.runStages();
    await engine.runStages();

    const ids = [...placed, refunded].map((b) => b.body.value.betId);
    const wins = await getDb().query<{ win_minor: bigint | null }>(
      `SELECT win_minor FROM lottery_bets WHERE round_id = $1`,
      [placed[0]!.body.value.betId],
    );
    expect(wins.rows[0]!.win_minor).toBe(800n); // 9.75 × 2.00 = 19.50, capped at 8.00
    const pnl = (await admin<{ list: PnlRow[] }>('pnl', { gameCode: 'lott-ffc1' })).body.value.list;
    const row = pnl.find((r) => r.issueNo === issueNo)!;
    const cents = (text: string) => Math.round(Number(text) * 100);
    const sum = (op: string) =>
      ids.flatMap((id) => answered(id, op)).reduce((total, call) => total + cents(String(call.body.amount)), 0);
    expect(row.bets).toBe(4);
    expect(cents(row.stakes)).toBe(sum('debit'));
    expect(cents(row.payouts)).toBe(sum('credit'));
    expect(cents(row.refunds)).toBe(2000);
    expect(cents(row.net)).toBe(cents(row.stakes) - cents(row.payouts) - cents(row.refunds));
    const direct = await getDb().query<{ stakes: bigint; payouts: bigint }>(
      `SELECT sum(cost_minor)::bigint AS stakes, coalesce(sum(win_minor), 0)::bigint AS payouts FROM lottery_bets
       WHERE lottery_code = 'lott-ffc1' AND issue_no = $1 AND operator = 'demo'`,
      [issueNo],
    );
    expect(BigInt(cents(row.stakes))).toBe(direct.rows[0]!.stakes);
    expect(BigInt(cents(row.payouts))).toBe(direct.rows[0]!.payouts);
  });

  it('should hold each regional VN draw for the weekday’s main station of its Vietnamese business day', async () => {
    const issues = await getDb().query<{ lottery_code: string; issue_no: string; station: string | null }>(
      `SELECT lottery_code, issue_no, station FROM lottery_issues
       WHERE lottery_code IN ('vn-south', 'vn-central') ORDER BY lottery_code, issue_no`,
    );
    expect(issues.rows.map((r) => [r.lottery_code, r.issue_no, r.station])).toEqual([
      ['vn-central', '20261127001', 'Gia Lai'], // Friday
      ['vn-central', '20261128001', 'Đà Nẵng'], // Saturday
      ['vn-south', '20261127001', 'Vĩnh Long'],
      ['vn-south', '20261128001', 'TP. Hồ Chí Minh'],
    ]);
    type Results = { list: { issueNo: string; station: string | null }[] };
    await clock.advance(Date.parse('2026-11-27T09:15:01Z') - clock.now());
    await engine.runStages();
    const results = await h.request<Results>('GET', '/lgw/games/results?gameCode=vn-south');
    expect(results.body.value.list[0]).toMatchObject({ issueNo: '20261127001', station: 'Vĩnh Long' });
  });
});

describe('VN station rotation', () => {
  const south = lotteryOf('vn-south')!;
  const at = (iso: string) => stationOf(south, businessDayOf(south, Date.parse(iso)));

  it('should follow the weekday in Vietnam time, not the UTC day', () => {
    // Sunday 23:59 in Vietnam (16:59 UTC): Sunday's stations.
    expect(at('2026-11-29T16:59:00Z')).toBe('Tiền Giang');
    // Monday 00:30 in Vietnam while it is still Sunday in UTC: Monday's.
    expect(at('2026-11-29T17:30:00Z')).toBe('TP. Hồ Chí Minh');
    expect(stationsOf(south, businessDayOf(south, Date.parse('2026-12-02T09:00:00Z')))).toEqual([
      'Đồng Nai',
      'Cần Thơ',
      'Sóc Trăng',
    ]);
    expect(stationOf(lotteryOf('vn-fast-1')!, 20_000)).toBeNull();
    expect(stationOf(lotteryOf('lott-ffc1')!, 20_000)).toBeNull();
  });
});
