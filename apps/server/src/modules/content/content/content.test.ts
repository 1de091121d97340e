import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API,
  BannerListSchema,
  NoticeGroupsSchema,
  successEnvelope,
  WinnerBoardSchema,
  type Banner,
  type Winner,
} from '@platform/contracts';
import { seedDemoContent } from '../../../db/seed-content';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { insertBanner, insertGame, insertWin, wipeContent } from './content.test-support';

const HOUR_MS = 60 * 60_000;

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { 'x-forwarded-for': '127.0.0.1', ...headers } });

const bannersOf = async (app: FastifyInstance, query: string): Promise<Banner[]> => {
  const res = await get(app, `${API.content.banners}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(BannerListSchema).parse(res.json()).value.list;
};

const winnersOf = async (app: FastifyInstance, query = ''): Promise<Winner[]> => {
  const res = await get(app, `${API.game.winners}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(WinnerBoardSchema).parse(res.json()).value.list;
};

describeEachDatabase('demo content seed', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());

  it('should give the home lobby three banners (promotions, slots, one without a link) and one per other group', async () => {
    const home = await bannersOf(app, 'groupName=w_home&language=EN');
    expect(home.map((b) => b.url)).toEqual(['/promotions', '/rng', null]);
    for (const banner of home) expect(banner.imageUrl).toMatch(/^\/banners\/[a-z-]+\.svg$/);
    for (const group of ['w_reg', 'w_forget', 'w_leftmenu']) {
      expect(await bannersOf(app, `groupName=${group}`), group).toHaveLength(1);
    }
  });

  it('should give guests and members more than nine popup items each, in both languages', async () => {
    for (const language of ['EN', 'TY']) {
      const res = await get(app, `${API.content.notices}?types=B,PL,PU,PR,H&language=${language}`);
      const guest = successEnvelope(NoticeGroupsSchema).parse(res.json()).value;
      expect(guest.popup.length + guest.promotion.length, language).toBeGreaterThanOrEqual(10);
      expect(guest.player.length).toBeGreaterThan(0);
      expect(guest.promotion.every((n) => n.promotionType !== null && n.execution === 'B')).toBe(true);
      // The future grand opening and the expired summer bonus are not live.
      const titles = [...guest.popup, ...guest.promotion].map((n) => n.title);
      expect(titles.some((title) => /sportsbook/i.test(title))).toBe(false);
    }
    const rows = await getDb().query<{ execution: string; n: bigint }>(
      `SELECT execution, count(*) AS n FROM notices WHERE type IN ('PU', 'PR') AND language = 'EN'
         AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now()) GROUP BY execution`,
    );
    const live = Object.fromEntries(rows.rows.map((row) => [row.execution, Number(row.n)]));
    expect(live.A).toBeGreaterThanOrEqual(10);
    expect(live.F).toBe(1);
  });

  it('should fill the winner board with distinct amounts, largest first, across the categories', async () => {
    const board = await winnersOf(app, 'limitNum=50');
    expect(board.length).toBeGreaterThanOrEqual(30);
    const amounts = board.map((w) => Number(w.winAmount));
    expect(new Set(amounts).size).toBe(amounts.length);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const { rows } = await getDb().query<{ types: bigint }>(
      'SELECT count(DISTINCT g.game_type) AS types FROM game_wins w JOIN games g ON g.id = w.game_id',
    );
    expect(Number(rows[0]?.types)).toBeGreaterThanOrEqual(5);
  });

  it('should add nothing when it runs again', async () => {
    expect(await seedDemoContent(getDb(), Date.now)).toEqual({ banners: 0, notices: 0, wins: 0 });
  });
});

describeEachDatabase('banners', (getDb) => {
  const clock = manualClock();
  const start = clock.now();
  let app: FastifyInstance;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    const db = getDb();
    const merchantId = await demoMerchantId(db);
    // Every fixture is written before the first request: the answers are cached.
    await wipeContent(db, merchantId);
    const add = async (title: string, fixture: Omit<Parameters<typeof insertBanner>[2], 'title'>) => {
      ids[title] = await insertBanner(db, merchantId, { title, ...fixture });
    };
    await add('Second by sort', { sort: 2, url: '/rng' });
    await add('First by sort', { sort: 1, url: 'https://www.example.com/promo' });
    await add('Also second, later id', { sort: 2 });
    await add('English only', { sort: 3, language: 'EN' });
    await add('Filipino only', { sort: 3, language: 'TY' });
    await add('Switched off', { sort: 0, enabled: false });
    await add('Starts in two hours', { sort: 4, startsAtMs: start + 2 * HOUR_MS });
    await add('Ended an hour ago', { sort: 4, startsAtMs: start - 5 * HOUR_MS, endsAtMs: start - HOUR_MS });
    await add('Ends in three hours', { sort: 5, startsAtMs: start - HOUR_MS, endsAtMs: start + 3 * HOUR_MS });
    await add('Register banner', { groupName: 'w_reg' });
  });
  afterAll(() => app.close());

  it('should list the live, enabled banners of the group for the language, by sort then id', async () => {
    const list = await bannersOf(app, 'groupName=w_home&language=EN');
    expect(list.map((b) => b.title)).toEqual([
      'First by sort',
      'Second by sort',
      'Also second, later id',
      'English only',
      'Ends in three hours',
    ]);
    expect(list[0]).toMatchObject({
      id: ids['First by sort'],
      groupName: 'w_home',
      url: 'https://www.example.com/promo',
    });
    expect(list[2]?.url).toBeNull();
  });

  it('should show banners of every language and of the asked language only', async () => {
    const titles = (await bannersOf(app, 'groupName=w_home&language=TY')).map((b) => b.title);
    expect(titles).toContain('Filipino only');
    expect(titles).not.toContain('English only');
    expect(titles).toContain('First by sort');
    // No language: the merchant's default (EN).
    expect((await bannersOf(app, 'groupName=w_home')).map((b) => b.title)).toContain('English only');
    expect((await bannersOf(app, 'groupName=w_home&language=ty')).map((b) => b.title)).toContain('Filipino only');
  });

  it('should keep each group apart', async () => {
    expect((await bannersOf(app, 'groupName=w_reg')).map((b) => b.title)).toEqual(['Register banner']);
    expect(await bannersOf(app, 'groupName=w_forget')).toEqual([]);
  });

  it('should follow the schedule as time passes', async () => {
    clock.set(start + 2 * HOUR_MS + 60_000);
    let titles = (await bannersOf(app, 'groupName=w_home&language=EN')).map((b) => b.title);
    expect(titles).toContain('Starts in two hours');
    expect(titles).toContain('Ends in three hours');
    clock.set(start + 3 * HOUR_MS + 60_000);
    titles = (await bannersOf(app, 'groupName=w_home&language=EN')).map((b) => b.title);
    expect(titles).toContain('Starts in two hours');
    expect(titles).not.toContain('Ends in three hours');
    clock.set(start);
  });

  it('should refuse an unknown or missing group and a language the site lacks', async () => {
    for (const query of ['groupName=w_nope', '', 'groupName=']) {
      const res = await get(app, `${API.content.banners}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const res = await get(app, `${API.content.banners}?groupName=w_home&language=VI`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_LANGUAGE' });
  });

  it('should answer 304 to a browser that already has the current answer', async () => {
    const url = `${API.content.banners}?groupName=w_home&language=EN`;
    const first = await get(app, url);
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(app, url, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get(app, url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });
});

describeEachDatabase('winner board', (getDb) => {
  let app: FastifyInstance;
  const names = {
    live: 'livewinner_ana',
    rng: 'slotqueen_bea',
    esports: 'esport_carlo',
    cockfight: 'sabong_dan',
    sports: 'football_eli',
    other: 'pesowinner',
    disabled: 'ghostplayer',
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    const db = getDb();
    const merchantId = await demoMerchantId(db);
    await wipeContent(db, merchantId);
    const game = (vendor: string, gameType: string, code: string, titles: Record<string, string>, status?: string) =>
      insertGame(db, merchantId, { vendor, gameType, code, names: titles, status });
    const live = await game('ZLIVE', 'LIVE', 'zt_baccarat', { EN: 'Speed Baccarat', TY: 'Mabilis na Baccarat' });
    const slot = await game('ZSLOT', 'RNG', 'zt_dragon', { EN: 'Dragon Gold' });
    const esport = await game('TF', 'SPORTS', 'zt_esport', { EN: 'Esports Arena' });
    const cockfight = await game('DS88', 'SPORTS', 'zt_sabong', { EN: 'Sabong Live' });
    const football = await game('ZSPORT', 'SPORTS', 'zt_football', { EN: 'Football Match' });
    const gone = await game('ZSLOT', 'RNG', 'zt_gone', { EN: 'Retired Slot' }, 'DISABLED');
    // 25 slot wins (more than the default 20), one of each other kind.
    for (let i = 0; i < 25; i += 1) {
      await insertWin(db, merchantId, { gameId: slot, customerName: `${names.rng}${i}`, winMinor: 1000n + BigInt(i) });
    }
    await insertWin(db, merchantId, { gameId: live, customerName: names.live, winMinor: 1_234_567n });
    await insertWin(db, merchantId, { gameId: esport, customerName: names.esports, winMinor: 900_000n });
    await insertWin(db, merchantId, { gameId: cockfight, customerName: names.cockfight, winMinor: 800_000n });
    await insertWin(db, merchantId, { gameId: football, customerName: names.sports, winMinor: 5n });
    await insertWin(db, merchantId, {
      gameId: slot,
      customerName: names.other,
      winMinor: 99_999_999n,
      currency: 'PHP',
    });
    await insertWin(db, merchantId, { gameId: gone, customerName: names.disabled, winMinor: 50_000_000n });
  });
  afterAll(() => app.close());

  it('should list the largest wins first, 20 by default, with the amount in the currency scale', async () => {
    const board = await winnersOf(app);
    expect(board).toHaveLength(20);
    expect(board.slice(0, 3).map((w) => w.winAmount)).toEqual(['12345.67', '9000.00', '8000.00']);
    expect(board[0]).toMatchObject({ gameName: 'Speed Baccarat', iconUrl: '/icons/zt_baccarat.svg' });
    const amounts = board.map((w) => Number(w.winAmount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    expect(board[3]?.winAmount).toBe('10.24');
  });

  it('should leave out wins in another currency and on games that are switched off', async () => {
    const body = (await get(app, `${API.game.winners}?limitNum=50`)).body;
    expect(body).not.toContain('999999.99');
    expect(body).not.toContain('Retired Slot');
    expect(JSON.parse(body).value.list).toHaveLength(29);
  });

  it('should honour limitNum and refuse more than 50', async () => {
    expect(await winnersOf(app, 'limitNum=5')).toHaveLength(5);
    for (const limit of ['51', '0', 'lots']) {
      const res = await get(app, `${API.game.winners}?limitNum=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('should filter by category, e-sports and cock-fighting apart from sports', async () => {
    const gameNames = async (category: string) =>
      (await winnersOf(app, `gameCategory=${category}&limitNum=50`)).map((w) => w.gameName);
    expect(await gameNames('LIVE')).toEqual(['Speed Baccarat']);
    expect(await gameNames('ESPORTS')).toEqual(['Esports Arena']);
    expect(await gameNames('COCKFIGHT')).toEqual(['Sabong Live']);
    expect(await gameNames('SPORTS')).toEqual(['Football Match']);
    expect(new Set(await gameNames('RNG'))).toEqual(new Set(['Dragon Gold']));
    expect(await gameNames('FISH')).toEqual([]);
    expect((await get(app, `${API.game.winners}?gameCategory=POKER`)).statusCode).toBe(400);
  });

  it('should name games in the asked language, in English when there is no translation', async () => {
    const board = await winnersOf(app, 'language=TY&limitNum=2');
    expect(board.map((w) => w.gameName)).toEqual(['Mabilis na Baccarat', 'Esports Arena']);
  });

  it('should never send a winner name unmasked', async () => {
    const body = (await get(app, `${API.game.winners}?limitNum=50`)).body;
    for (const name of [...Object.values(names), `${names.rng}24`]) expect(body).not.toContain(name);
    const board = await winnersOf(app, 'limitNum=50');
    expect(board.find((w) => w.gameName === 'Speed Baccarat')?.customerName).toBe('li***na');
    expect(board.find((w) => w.gameName === 'Football Match')?.customerName).toBe('fo***li');
    for (const winner of board) expect(winner.customerName).toContain('***');
  });

  it('should answer 304 to a browser that already has the current board', async () => {
    const first = await get(app, API.game.winners);
    const again = await get(app, API.game.winners, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
