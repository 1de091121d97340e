import { drawNumbers, formatDraw } from '@platform/game-math';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import type { FakePlatform } from '../test/fake-platform';
import type { Harness } from '../test/harness';
import { closeLotteryHarness, openLotteryHarness } from '../test/lottery-harness';
import type { ManualClock } from '../test/manual-clock';
import { lotteryOf } from './catalogue';
import type { LotteryEngine } from './engine';
import { businessDayOf } from './schedule';
import { drawsOn, stationOf } from './stations';

/**
 * Multi-station VN draws (ADR 0050): each province drawing on a day is the draw of its own station slot lottery, with
 * its own chain, commitment, draw and settlement; a bet on two stations is two bets, one per station's issue.
 */
/** Friday 2026-11-27, 15:50:10 in Vietnam (UTC+7): the southern draw of the day (16:15) takes bets until 16:00. */
const START = Date.parse('2026-11-27T08:50:10Z');
const SOUTHERN_DRAW = Date.parse('2026-11-27T09:15:01Z');
const CODES = ['vn-south', 'vn-south-2', 'vn-south-3', 'vn-south-4', 'vn-central', 'vn-central-2', 'vn-central-3'];

type MenuGame = {
  gameCode: string;
  name: { en: string; ty: string };
  slot: number | null;
  station: string | null;
  current: { issueNo: string; station: string | null } | null;
};
type VnMenu = { regions: { region: string; games: MenuGame[] }[] };
type RegionResults = {
  list: { gameCode: string; slot: number; businessDay: string; issueNo: string; station: string; numbers: string[] }[];
};

describe('VN station slots', () => {
  const slotAt = (code: string, iso: string) => {
    const lottery = lotteryOf(code)!;
    return stationOf(lottery, businessDayOf(lottery, Date.parse(iso)));
  };

  it('should draw a slot only on the weekdays with that many provinces, by the business day in Vietnam time', () => {
    // Saturday has four southern provinces; Friday 23:59 in Vietnam is still Friday, 00:00 is Saturday (17:00 UTC).
    expect(slotAt('vn-south-4', '2026-11-27T16:59:00Z')).toBeNull();
    expect(slotAt('vn-south-4', '2026-11-27T17:00:00Z')).toBe('Hậu Giang');
    expect(slotAt('vn-south-4', '2026-11-28T17:00:00Z')).toBeNull(); // Sunday in Vietnam, Saturday in UTC
    expect(slotAt('vn-south-2', '2026-11-28T10:00:00Z')).toBe('Long An');
    expect(slotAt('vn-central-3', '2026-11-29T10:00:00Z')).toBe('Thừa Thiên Huế'); // Sunday
    // A week from Sunday 2026-11-29: which days each slot draws (0 = Sunday).
    const week = (code: string) => {
      const lottery = lotteryOf(code)!;
      const sunday = businessDayOf(lottery, Date.parse('2026-11-29T05:00:00Z'));
      return [0, 1, 2, 3, 4, 5, 6].filter((d) => drawsOn(lottery, sunday + d));
    };
    expect(week('vn-south-4')).toEqual([6]);
    expect(week('vn-central-3')).toEqual([0, 4, 6]);
    expect(week('vn-south-3')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week('vn-central-2')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week('vn-north')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week('vn-fast-1')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describeEachDatabase('VN multi-station draws', (getDb) => {
  let clock: ManualClock;
  let platform: FakePlatform;
  let h: Harness;
  let engine: LotteryEngine;

  beforeAll(async () => {
    ({ clock, platform, h } = await openLotteryHarness(getDb(), START, ['RGS', 'TCG_LOTTO_VN'], {
      lottery: { enabled: false, codes: CODES },
    }));
    engine = h.rgs.rgs.lottery;
    // Known chain seeds (one per lottery and day scheduled), so the two southern stations' special prizes differ.
    for (let i = 0; i < 12; i += 1) h.random.queue(new Uint8Array(32).fill(0x31 + i * 7));
    await engine.runStages();
  });
  afterAll(() => closeLotteryHarness({ h, platform }));

  it("should schedule each slot's issue only on days with that many provinces, holding it for that province", async () => {
    const { rows } = await getDb().query<{ lottery_code: string; issue_no: string; station: string }>(
      `SELECT lottery_code, issue_no, station FROM lottery_issues WHERE lottery_code = ANY($1::text[])
       ORDER BY lottery_code, issue_no`,
      [CODES],
    );
    expect(rows.map((r) => [r.lottery_code, r.issue_no, r.station])).toEqual([
      ['vn-central', '20261127001', 'Gia Lai'], // Friday: two central provinces
      ['vn-central', '20261128001', 'Đà Nẵng'], // Saturday: three
      ['vn-central-2', '20261127001', 'Ninh Thuận'],
      ['vn-central-2', '20261128001', 'Quảng Ngãi'],
      ['vn-central-3', '20261128001', 'Đắk Nông'],
      ['vn-south', '20261127001', 'Vĩnh Long'], // Friday: three southern provinces
      ['vn-south', '20261128001', 'TP. Hồ Chí Minh'], // Saturday: four
      ['vn-south-2', '20261127001', 'Bình Dương'],
      ['vn-south-2', '20261128001', 'Long An'],
      ['vn-south-3', '20261127001', 'Trà Vinh'],
      ['vn-south-3', '20261128001', 'Bình Phước'],
      ['vn-south-4', '20261128001', 'Hậu Giang'],
    ]);
    // A slot with no draw that day has no hash chain either: nothing is committed for a draw that is not held.
    const chains = await getDb().query<{ lottery_code: string }>(
      `SELECT lottery_code FROM lottery_chains WHERE business_day = '2026-11-27' AND lottery_code = ANY($1::text[])
       ORDER BY lottery_code`,
      [CODES],
    );
    expect(chains.rows.map((r) => r.lottery_code)).toEqual([
      'vn-central',
      'vn-central-2',
      'vn-south',
      'vn-south-2',
      'vn-south-3',
    ]);
  });

  it('should list every station slot in the VN menu, named with the province its issue on offer is held for', async () => {
    const menu = (await h.request<VnMenu>('GET', '/lgw/vn/games/game_menu?prizeMode=VN&device=WEB')).body.value;
    const south = menu.regions.find((r) => r.region === 'south')!.games;
    expect(south.map((g) => [g.gameCode, g.slot, g.name.en, g.name.ty, g.current?.issueNo])).toEqual([
      ['vn-south', 1, 'Vietnam South · Vĩnh Long', 'Timog Vietnam · Vĩnh Long', '20261127001'],
      ['vn-south-2', 2, 'Vietnam South · Bình Dương', 'Timog Vietnam · Bình Dương', '20261127001'],
      ['vn-south-3', 3, 'Vietnam South · Trà Vinh', 'Timog Vietnam · Trà Vinh', '20261127001'],
      // No fourth province on a Friday: its next issue is Saturday's.
      ['vn-south-4', 4, 'Vietnam South · Hậu Giang', 'Timog Vietnam · Hậu Giang', '20261128001'],
    ]);
    const central = menu.regions.find((r) => r.region === 'central')!.games;
    expect(central.map((g) => [g.gameCode, g.station])).toEqual([
      ['vn-central', 'Gia Lai'],
      ['vn-central-2', 'Ninh Thuận'],
      ['vn-central-3', 'Đắk Nông'],
    ]);
  });

  it("should write a bet on two stations as two bets on two issues, each settled against its own station's numbers", async () => {
    // What each station will draw, from its chain's seed (a daily chain's first issue uses the chain's seed itself).
    const drawOf = async (code: string) => {
      const { rows } = await getDb().query<{ seed: string }>(
        `SELECT seed FROM lottery_chains WHERE lottery_code = $1 AND business_day = '2026-11-27'`,
        [code],
      );
      return formatDraw(
        'vnSouth',
        drawNumbers('vnSouth', { seed: rows[0]!.seed, lotteryCode: code, issueNo: '20261127001' }),
      );
    };
    const main = await drawOf('vn-south');
    const second = await drawOf('vn-south-2');
    const special = Number(main[0]) % 100;
    expect(Number(second[0]) % 100).not.toBe(special); // the seeds above were chosen so

    // The player picks both stations: one bet per station, each on its own session, round and debit.
    const player = { playerId: 'Pvn-2dai', balance: '500.00' };
    const sessions = [await h.launch('vn-south', player), await h.launch('vn-south-2', player)];
    const de = { method: 'vns.de', picks: [[special]], unit: '1.00', multiple: 1, issueNo: '20261127001' };
    const placed = [];
    for (const s of sessions) placed.push(await h.request<{ betId: string }>('POST', '/lgw/v1/bets', s.session, de));
    expect(placed.map((p) => p.status)).toEqual([201, 201]);
    expect(platform.balanceOf('Pvn-2dai')).toBe('498.00');
    const written = await getDb().query<{ lottery_code: string; issue_no: string; round_id: string }>(
      `SELECT lottery_code, issue_no, round_id FROM lottery_bets WHERE player_id = 'Pvn-2dai' ORDER BY lottery_code`,
    );
    expect(written.rows.map((r) => [r.lottery_code, r.issue_no])).toEqual([
      ['vn-south', '20261127001'],
      ['vn-south-2', '20261127001'],
    ]);
    const debits = platform.calls.filter((c) => c.op === 'debit' && c.body.playerId === 'Pvn-2dai' && c.status === 200);
    expect(new Set(debits.map((c) => c.body.roundId)).size).toBe(2);

    await clock.advance(SOUTHERN_DRAW - clock.now());
    await engine.runStages();
    await engine.runStages();
    const settled = await getDb().query<{ lottery_code: string; state: string; win_minor: bigint }>(
      `SELECT lottery_code, state, win_minor FROM lottery_bets WHERE player_id = 'Pvn-2dai' ORDER BY lottery_code`,
    );
    expect(settled.rows.map((r) => [r.lottery_code, r.state, r.win_minor])).toEqual([
      ['vn-south', 'SETTLED', 9_500n], // its station's special prize ends in the number picked: 95 × 1.00
      ['vn-south-2', 'SETTLED', 0n], // the same number on the other station's draw: no win
    ]);
    await clock.advance(2_000);
    await h.rgs.rgs.payments.sweep();
    expect(platform.balanceOf('Pvn-2dai')).toBe('593.00');

    // The region's results list each station of the day with its own numbers.
    const results = (await h.request<RegionResults>('GET', '/lgw/vn/games/results?gameCode=vn-south-2')).body.value;
    expect(results.list.map((r) => [r.businessDay, r.issueNo, r.slot, r.station])).toEqual([
      ['2026-11-27', '20261127001', 1, 'Vĩnh Long'],
      ['2026-11-27', '20261127001', 2, 'Bình Dương'],
      ['2026-11-27', '20261127001', 3, 'Trà Vinh'],
    ]);
    expect(results.list[0]!.numbers).toEqual(main);
    expect(results.list[1]!.numbers).toEqual(second);
    expect(results.list[2]!.numbers).toEqual(await drawOf('vn-south-3'));
    // The player's bets name the station each is on.
    type Mine = { list: { gameCode: string; station: string | null; win: string | null }[] };
    const mine = (await h.request<Mine>('GET', '/lgw/v1/bets', sessions[0]!.session)).body.value.list;
    expect(mine.map((b) => [b.gameCode, b.station, b.win]).sort()).toEqual([
      ['vn-south', 'Vĩnh Long', '95.00'],
      ['vn-south-2', 'Bình Dương', '0.00'],
    ]);
  });

  it('should refuse the region results for a lottery that is not a regional VN draw', async () => {
    const fast = await h.request('GET', '/lgw/vn/games/results?gameCode=vn-fast-1');
    expect(fast.status).toBe(404);
    expect((await h.request('GET', '/lgw/vn/games/results?gameCode=nope')).status).toBe(404);
  });
});
