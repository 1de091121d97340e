import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API,
  BETS_CUSTOM_DAYS_MAX,
  BetRecordPageSchema,
  BetRoundDetailSchema,
  MemberInfoSchema,
  successEnvelope,
  type BetRecordPage,
} from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import {
  insertManyRounds,
  insertRound,
  insertTransaction,
  insertVendorGame,
  localMidnightMs,
  upsertVendor,
} from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession, trialToken } from '../../../test/wallet-helpers';
import { BETS_COUNT_CAP } from './index';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describeEachDatabase('betting record', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  // Frozen: "today" is one merchant day for the whole suite, whatever the wall clock does meanwhile.
  const clock = manualClock();
  /** The merchant's local midnight that began "today" (Asia/Manila for the demo merchant, 16:00 UTC). */
  let midnight: number;

  const list = async (token: string, query: Record<string, string | number> = {}): Promise<BetRecordPage> => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await app.inject({ url: `${API.game.bets}?${search.toString()}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(BetRecordPageSchema).parse(res.json()).value;
  };
  const detailUrl = (vendor: string, roundId: string) =>
    API.game.betDetail.replace(':vendor', vendor).replace(':roundId', encodeURIComponent(roundId));
  const ids = (page: BetRecordPage) => page.list.map((round) => round.roundId);

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.clock } });
    merchantId = await demoMerchantId(getDb());
    midnight = await localMidnightMs(getDb(), merchantId, clock.now());
    await upsertVendor(getDb(), merchantId, { code: 'BT_SLOTS', displayName: 'Bet Test Slots' });
    await upsertVendor(getDb(), merchantId, {
      code: 'BT_LIVE',
      displayName: 'Bet Test Live',
      replayUrl: 'https://replay.example/rounds/{round}?from=platform',
    });
    await insertVendorGame(getDb(), merchantId, {
      ...{ vendor: 'BT_SLOTS', gameType: 'RNG', code: 'bt-dragon' },
      names: { EN: 'Lucky Dragon', TY: 'Masuwerteng Dragon' },
    });
    await insertVendorGame(getDb(), merchantId, {
      ...{ vendor: 'BT_LIVE', gameType: 'LIVE', code: 'bt-baccarat' },
      names: { EN: 'Speed Baccarat' },
    });
  });
  afterAll(() => app.close());

  it('should list only the member own rounds of today, newest first, with names, vendors and totals', async () => {
    const member = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const base = { memberId: member.id, startedAtMs: midnight + HOUR_MS };
    await insertRound(getDb(), merchantId, {
      ...base,
      ...{ vendor: 'BT_SLOTS', roundId: 'own-1', gameCode: 'bt-dragon', betMinor: 1_000n, winMinor: 2_550n },
    });
    await insertRound(getDb(), merchantId, {
      ...{ ...base, startedAtMs: midnight + 2 * HOUR_MS },
      ...{ vendor: 'BT_LIVE', roundId: 'own-2', gameCode: 'bt-baccarat', betMinor: 500n },
    });
    await insertRound(getDb(), merchantId, {
      ...{ memberId: other.id, startedAtMs: midnight + HOUR_MS },
      ...{ vendor: 'BT_SLOTS', roundId: 'other-1', gameCode: 'bt-dragon', betMinor: 99_900n },
    });

    const page = await list(member.token);
    expect(ids(page)).toEqual(['own-2', 'own-1']);
    expect(page.list[1]).toMatchObject({
      vendor: 'BT_SLOTS',
      vendorName: 'Bet Test Slots',
      gameCode: 'bt-dragon',
      gameName: 'Lucky Dragon',
      gameType: 'RNG',
      bet: '10.00',
      win: '25.50',
      validBet: '10.00',
      profit: '+15.50',
      status: 'SETTLED',
      currency: 'USD',
      play: false,
      betTime: new Date(midnight + HOUR_MS).toISOString(),
    });
    expect(page.list[0]).toMatchObject({ gameName: 'Speed Baccarat', profit: '-5.00', win: '0.00' });
    expect(page.totals).toEqual({ rounds: 2, bet: '15.00', win: '25.50', validBet: '15.00', profit: '+10.50' });
    expect(page.totalPages).toBe(1);

    // The request language, with EN for a game that has no name in it.
    const ty = await list(member.token, { language: 'ty' });
    expect(ty.list.map((round) => round.gameName)).toEqual(['Speed Baccarat', 'Masuwerteng Dragon']);

    // The other member sees its own round only.
    expect(ids(await list(other.token))).toEqual(['other-1']);
  });

  it('should filter by vendor, game type and status, with totals over the filtered rounds', async () => {
    const member = await memberWithSession(app, getDb());
    const at = (hours: number) => midnight + hours * HOUR_MS;
    const rounds = [
      { roundId: 'f-slot-won', vendor: 'BT_SLOTS', gameCode: 'bt-dragon', betMinor: 200n, winMinor: 1_000n },
      { roundId: 'f-slot-open', vendor: 'BT_SLOTS', gameCode: 'bt-dragon', betMinor: 300n, status: 'OPEN' as const },
      {
        ...{ roundId: 'f-slot-cancelled', vendor: 'BT_SLOTS', gameCode: 'bt-dragon', betMinor: 400n },
        ...{ validBetMinor: 0n, status: 'CANCELLED' as const },
      },
      { roundId: 'f-live-lost', vendor: 'BT_LIVE', gameCode: 'bt-baccarat', betMinor: 5_000n },
    ];
    for (const [i, round] of rounds.entries()) {
      await insertRound(getDb(), merchantId, { ...round, memberId: member.id, startedAtMs: at(i + 1) });
    }
    expect(ids(await list(member.token, { vendor: 'BT_LIVE' }))).toEqual(['f-live-lost']);
    expect(ids(await list(member.token, { gameType: 'RNG' }))).toEqual([
      'f-slot-cancelled',
      'f-slot-open',
      'f-slot-won',
    ]);
    expect(ids(await list(member.token, { gameType: 'LIVE' }))).toEqual(['f-live-lost']);
    expect(ids(await list(member.token, { gameType: 'FISH' }))).toEqual([]);
    const open = await list(member.token, { status: 'OPEN' });
    expect(ids(open)).toEqual(['f-slot-open']);
    expect(open.list[0]?.settledAt).toBeNull();

    // A cancelled round: its bet was refunded, so it neither counts as turnover nor as a loss.
    const cancelled = await list(member.token, { status: 'CANCELLED' });
    expect(cancelled.list[0]).toMatchObject({ bet: '4.00', validBet: '0.00', profit: '0.00' });
    const slots = await list(member.token, { vendor: 'BT_SLOTS', status: 'SETTLED' });
    expect(slots.totals).toEqual({ rounds: 1, bet: '2.00', win: '10.00', validBet: '2.00', profit: '+8.00' });
    const all = await list(member.token);
    expect(all.totals).toEqual({ rounds: 4, bet: '59.00', win: '10.00', validBet: '55.00', profit: '-45.00' });

    for (const bad of [{ vendor: 'bt-slots' }, { gameType: 'POKER' }, { status: 'WON' }, { pageSize: 51 }]) {
      const search = new URLSearchParams(Object.entries(bad).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await app.inject({ url: `${API.game.bets}?${search.toString()}`, headers: bearer(member.token) });
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('should place rounds in the merchant calendar days on either side of its midnight', async () => {
    const member = await memberWithSession(app, getDb());
    const round = (roundId: string, startedAtMs: number) =>
      insertRound(getDb(), merchantId, {
        ...{ vendor: 'BT_SLOTS', roundId, gameCode: 'bt-dragon', betMinor: 100n },
        ...{ memberId: member.id, startedAtMs },
      });
    await round('p-today-first', midnight);
    await round('p-yesterday-last', midnight - 1);
    await round('p-six-days', midnight - 6 * DAY_MS + 1);
    await round('p-seven-days', midnight - 6 * DAY_MS - 1);
    await round('p-thirty-days', midnight - 29 * DAY_MS);
    await round('p-thirty-one-days', midnight - 29 * DAY_MS - 1);

    expect(ids(await list(member.token))).toEqual(['p-today-first']);
    expect(ids(await list(member.token, { period: 'TODAY' }))).toEqual(['p-today-first']);
    expect(ids(await list(member.token, { period: 'YESTERDAY' }))).toEqual(['p-yesterday-last']);
    expect(ids(await list(member.token, { period: 'LAST_7_DAYS' }))).toEqual([
      'p-today-first',
      'p-yesterday-last',
      'p-six-days',
    ]);
    const thirty = await list(member.token, { period: 'LAST_30_DAYS' });
    expect(ids(thirty)).toEqual(['p-today-first', 'p-yesterday-last', 'p-six-days', 'p-seven-days', 'p-thirty-days']);
    expect(thirty.totals.rounds).toBe(5);

    // Custom days are the merchant's local dates: yesterday alone holds exactly the round a millisecond before midnight.
    const localDate = (ms: number) => new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 10); // Asia/Manila, no DST
    const yesterday = localDate(midnight - DAY_MS);
    expect(ids(await list(member.token, { period: 'CUSTOM', startDate: yesterday, endDate: yesterday }))).toEqual([
      'p-yesterday-last',
    ]);
    const wide = {
      period: 'CUSTOM',
      startDate: localDate(midnight - (BETS_CUSTOM_DAYS_MAX - 1) * DAY_MS),
      endDate: localDate(midnight),
    };
    expect((await list(member.token, wide)).totals.rounds).toBe(6);

    const tooWide = { ...wide, startDate: localDate(midnight - BETS_CUSTOM_DAYS_MAX * DAY_MS) };
    const bad = [
      tooWide,
      { period: 'CUSTOM' },
      { period: 'CUSTOM', startDate: yesterday, endDate: localDate(midnight - 2 * DAY_MS) },
      { period: 'CUSTOM', startDate: '2026-02-30', endDate: '2026-03-01' },
      { period: 'LAST_YEAR' },
    ];
    for (const query of bad) {
      const res = await app.inject({
        url: `${API.game.bets}?${new URLSearchParams(query).toString()}`,
        headers: bearer(member.token),
      });
      expect([res.statusCode, res.json().code], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('should page rounds, stop serving pages past the counting cap, and still total every round', async () => {
    const member = await memberWithSession(app, getDb());
    const count = BETS_COUNT_CAP + 30;
    await insertManyRounds(getDb(), merchantId, {
      ...{ vendor: 'BT_SLOTS', memberId: member.id, gameCode: 'bt-dragon', count, prefix: 'many-' },
      fromMs: midnight + 20 * HOUR_MS,
    });
    const first = await list(member.token, { pageSize: 50 });
    expect(ids(first).slice(0, 3)).toEqual(['many-1', 'many-2', 'many-3']);
    expect(first.list).toHaveLength(50);
    expect(first.totalPages).toBe(BETS_COUNT_CAP / 50);
    expect(first.totals).toEqual({
      rounds: count,
      bet: `${count}.00`,
      win: `${count / 2}.00`,
      validBet: `${count}.00`,
      profit: `-${count / 2}.00`,
    });
    const second = await list(member.token, { pageSize: 50, pageNo: 2 });
    expect(ids(second)[0]).toBe('many-51');
    const last = await list(member.token, { pageSize: 50, pageNo: BETS_COUNT_CAP / 50 });
    expect(last.list).toHaveLength(50);
    expect(ids(last).at(-1)).toBe(`many-${BETS_COUNT_CAP}`);
    const beyond = await list(member.token, { pageSize: 50, pageNo: BETS_COUNT_CAP / 50 + 1 });
    expect(beyond.list).toEqual([]);
    expect(beyond.totals.rounds).toBe(count);
  });

  it('should show a round with its transactions and replay link, and 404 another member round as a missing one', async () => {
    const member = await memberWithSession(app, getDb());
    const other = await memberWithSession(app, getDb());
    const roundId = 'live/42 #a';
    const t0 = midnight + 3 * HOUR_MS;
    await insertRound(getDb(), merchantId, {
      ...{ vendor: 'BT_LIVE', roundId, gameCode: 'bt-baccarat', memberId: member.id, startedAtMs: t0 },
      ...{ betMinor: 3_000n, validBetMinor: 2_000n, winMinor: 4_000n },
    });
    const tx = (transactionId: string, kind: 'BET' | 'WIN' | 'ROLLBACK' | 'END_ROUND', atMs: number) => ({
      ...{ vendor: 'BT_LIVE', transactionId, kind, memberId: member.id, roundId, atMs },
    });
    await insertTransaction(getDb(), merchantId, { ...tx('b1', 'BET', t0), amountMinor: 2_000n, status: 'SETTLED' });
    await insertTransaction(getDb(), merchantId, {
      ...tx('b2', 'BET', t0 + 1),
      amountMinor: 1_000n,
      status: 'ROLLED_BACK',
    });
    await insertTransaction(getDb(), merchantId, {
      ...tx('r1', 'ROLLBACK', t0 + 2),
      ...{ amountMinor: 1_000n, status: 'DONE', betTransactionId: 'b2' },
    });
    await insertTransaction(getDb(), merchantId, {
      ...tx('w1', 'WIN', t0 + 3),
      ...{ amountMinor: 4_000n, status: 'DONE', betTransactionId: 'b1' },
    });
    await insertTransaction(getDb(), merchantId, { ...tx('e1', 'END_ROUND', t0 + 4), amountMinor: 0n, status: 'DONE' });
    await insertTransaction(getDb(), merchantId, {
      ...tx('ghost', 'BET', t0 + 5),
      amountMinor: 0n,
      status: 'TOMBSTONE',
    });

    const res = await app.inject({ url: detailUrl('BT_LIVE', roundId), headers: bearer(member.token) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = successEnvelope(BetRoundDetailSchema).parse(res.json()).value;
    expect(detail).toMatchObject({ roundId, vendorName: 'Bet Test Live', bet: '30.00', validBet: '20.00' });
    expect(detail.profit).toBe('+20.00');
    expect(detail.transactions.map((t) => [t.transactionId, t.kind, t.amount, t.status])).toEqual([
      ['b1', 'BET', '20.00', 'SETTLED'],
      ['b2', 'BET', '10.00', 'ROLLED_BACK'],
      ['r1', 'ROLLBACK', '10.00', 'DONE'],
      ['w1', 'WIN', '40.00', 'DONE'],
    ]);
    expect(detail.replayUrl).toBe('https://replay.example/rounds/live%2F42%20%23a?from=platform');

    // A vendor without a replay page: null.
    await insertRound(getDb(), merchantId, {
      ...{ vendor: 'BT_SLOTS', roundId: 'no-replay', gameCode: 'bt-dragon', memberId: member.id },
      ...{ startedAtMs: t0, betMinor: 100n },
    });
    const plain = await app.inject({ url: detailUrl('BT_SLOTS', 'no-replay'), headers: bearer(member.token) });
    expect(plain.json().value).toMatchObject({ replayUrl: null, transactions: [] });

    // Another member: the same answer as for a round that does not exist.
    const foreign = await app.inject({ url: detailUrl('BT_LIVE', roundId), headers: bearer(other.token) });
    const missing = await app.inject({ url: detailUrl('BT_LIVE', 'no-such-round'), headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Round not found' });
    expect(ids(await list(other.token))).not.toContain(roundId);

    const guest = await app.inject({ url: detailUrl('BT_LIVE', roundId) });
    expect(guest.statusCode).toBe(401);
    const guestList = await app.inject({ url: API.game.bets });
    expect([guestList.statusCode, guestList.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it('should show a trial member its play-money rounds, marked play, and a member never its play rounds', async () => {
    const token = await trialToken(app, clock.clock);
    const info = await app.inject({ url: API.member.info, headers: bearer(token) });
    const trialId = BigInt(successEnvelope(MemberInfoSchema).parse(info.json()).value.id);
    const base = { vendor: 'BT_SLOTS', gameCode: 'bt-dragon', startedAtMs: midnight + HOUR_MS, betMinor: 100n };
    await insertRound(getDb(), merchantId, {
      ...base,
      ...{ roundId: 'trial-play', memberId: trialId, play: true, currency: 'XPL', winMinor: 500n },
    });
    const page = await list(token);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ roundId: 'trial-play', play: true, currency: 'XPL', win: '5.00' });
    expect(page.totals).toMatchObject({ rounds: 1, profit: '+4.00' });
    const detail = await app.inject({ url: detailUrl('BT_SLOTS', 'trial-play'), headers: bearer(token) });
    expect(detail.json().value).toMatchObject({ play: true });

    // Real-money totals are never mixed with play money.
    const member = await memberWithSession(app, getDb());
    await insertRound(getDb(), merchantId, { ...base, roundId: 'real', memberId: member.id });
    await insertRound(getDb(), merchantId, { ...base, roundId: 'demo', memberId: member.id, play: true });
    expect(ids(await list(member.token))).toEqual(['real']);
  });

  it('should refuse a member reading the record faster than the rate limit with 429', async () => {
    const member = await memberWithSession(app, getDb());
    // The clock is frozen, so no unit comes back during the test: the 61st read in the minute is refused.
    for (let i = 0; i < 60; i += 1) {
      const res = await app.inject({ url: API.game.bets, headers: bearer(member.token) });
      expect(res.statusCode).toBe(200);
    }
    const refused = await app.inject({ url: API.game.bets, headers: bearer(member.token) });
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    // Another member is not affected.
    const other = await memberWithSession(app, getDb());
    expect((await app.inject({ url: API.game.bets, headers: bearer(other.token) })).statusCode).toBe(200);
  });
});
