import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  GameListSchema,
  GameListValueSchema,
  VendorGameTypesSchema,
  VendorLanesSchema,
  VendorListSchema,
  type Game,
  type GameList,
} from '@platform/contracts';
import { demoMerchantTemplate, DEMO_CATALOGUE, insertMerchant, seedDemoCatalogue } from '../../../db/seed';
import type { DemoGame } from '../../../db/seed-data/demo-catalogue';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';
import { gamePageQuery, normalizeSearch, containsPattern } from './index';

const ALL = DEMO_CATALOGUE.games;
/** The list order of the games call: sort, then id (ids follow the seed's order). */
const ordered = (games: readonly DemoGame[]) =>
  games
    .map((game) => ({ game, index: ALL.indexOf(game) }))
    .sort((a, b) => (a.game.sort ?? 0) - (b.game.sort ?? 0) || a.index - b.index)
    .map(({ game }) => game.gameCode);
const where = (predicate: (game: DemoGame) => boolean) => ordered(ALL.filter(predicate));

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

describeEachDatabase('catalogue reads', (getDb) => {
  let app: FastifyInstance;
  const games = async (params: Record<string, string | number> = {}, host = 'localhost'): Promise<GameList> => {
    const res = await app.inject({ url: `${API.game.games}?${query(params)}`, headers: { host } });
    expect(res.statusCode, res.body).toBe(200);
    return GameListSchema.parse(res.json().value);
  };
  const codes = (list: { games: Game[] }) => list.games.map((game) => game.gameCode);
  /** Every page of a filtered list, in order. */
  const allCodes = async (params: Record<string, string | number>) => {
    const first = await games({ ...params, pageSize: 100 });
    expect(first.totalPages).toBeLessThanOrEqual(1);
    return codes(first);
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    // A second merchant with the same catalogue, English only and no e-sport vendor: BINGO and the split differ.
    const template = demoMerchantTemplate();
    await getDb().transaction((tx) =>
      insertMerchant(tx, {
        ...template,
        helpSections: template.helpSections.filter((section) => section.lang === 'EN'),
        code: 'solo',
        name: 'Solo',
        hosts: ['solo.test'],
        languages: [{ code: 'EN', locale: 'en-US', label: 'English' }],
        esportGame: 'NONE',
      }),
    );
    await seedDemoCatalogue(getDb(), 'solo');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should list every active game, 42 a page by default, ordered by sort then id, with total and totalPages', async () => {
    const page = await games({ clientType: 3, platform: 'html5-desktop' });
    expect(page.total).toBe(ALL.length);
    expect(page.totalPages).toBe(Math.ceil(ALL.length / 42));
    expect(page.pageNo).toBe(1);
    expect(codes(page)).toEqual(ordered(ALL).slice(0, 42));
    const cafe = (await games({ gameName: 'Café Fortuna' })).games[0];
    expect(cafe).toMatchObject({
      gameName: 'Café Fortuna',
      nodeName: 'Café Fortuna',
      displayName: 'Café Fortuna',
      vassalage: 'PG',
      vendorName: 'PG Soft',
      gameType: 'RNG',
      gameClassify: 'SLOT',
      isHot: 0,
      isNew: 1,
      supportPlay: 0,
      minBet: '0.20',
      minLineNum: 20,
      isGame: '',
    });
    expect(cafe?.nodeId).toMatch(/^\d+$/);
    expect(cafe?.iconUrl).toBe('/wps/game/art/game/Caf%C3%A9%20Fortuna');
  });

  it('should filter by each parameter alone', async () => {
    expect(await allCodes({ gameType: 'LIVE' })).toEqual(where((g) => g.gameType === 'LIVE'));
    expect(await allCodes({ gameType: 'BINGO' })).toEqual(where((g) => g.gameType === 'BINGO'));
    expect(await allCodes({ vassalage: 'PG' })).toHaveLength(24);
    expect(await allCodes({ vassalage: 'KY' })).toEqual(where((g) => g.vendorCode === 'KY'));
    expect(await allCodes({ gameClassify: 'JACKPOT' })).toEqual(['mg-mega-moolah', 'pt-gods-jackpot']);
    expect(await allCodes({ gameClassify: 'JACKPOT' })).toEqual(where((g) => g.gameClassify === 'JACKPOT'));
    expect(await allCodes({ minBet: '0.10' })).toEqual(where((g) => (g.minBetMinor ?? 0n) <= 10n));
    // Decimals beyond the currency's scale are cut, never rounded up: 0.109 is 10 cents.
    expect(await allCodes({ minBet: '0.109' })).toEqual(where((g) => (g.minBetMinor ?? 0n) <= 10n));
    expect(await allCodes({ minBet: '0' })).toEqual([]);
    expect(await allCodes({ minLineNum: 1 })).toEqual(where((g) => (g.minLineNum ?? 0) <= 1));
    expect(await allCodes({ filter: 'NEW' })).toEqual(where((g) => g.isNew === true));
    const hot = await games({ filter: 'HOT', pageSize: 100 });
    expect(codes(hot)).toEqual(where((g) => g.isHot === true));
    expect(hot.games.every((game) => game.isHot === 1)).toBe(true);
  });

  it('should combine every filter', async () => {
    const params = { gameType: 'RNG', vassalage: 'PG', filter: 'HOT', minBet: '0.20', minLineNum: 243 };
    const expected = where(
      (g) =>
        g.gameType === 'RNG' &&
        g.vendorCode === 'PG' &&
        g.isHot === true &&
        (g.minBetMinor ?? 0n) <= 20n &&
        (g.minLineNum ?? 0) <= 243,
    );
    expect(expected).toEqual([
      'pg-fortune-tiger',
      'pg-senorita-spins',
      'pg-lucky-neko',
      'pg-treasures-aztec',
      'pg-fortune-ox',
    ]);
    expect(await allCodes(params)).toEqual(expected);
    expect(await allCodes({ ...params, gameName: 'fortune' })).toEqual(['pg-fortune-tiger', 'pg-fortune-ox']);
    expect(await allCodes({ gameType: 'RNG', gameClassify: 'VIDEO_POKER', vassalage: 'MG' })).toEqual([
      'mg-jacks-better',
    ]);
    expect(await allCodes({ gameType: 'LIVE', vassalage: 'PG' })).toEqual([]);
  });

  it('should page: pageSize 1, the last partial page, past the end, and the largest page', async () => {
    const rng = where((g) => g.gameType === 'RNG');
    const one = await games({ gameType: 'RNG', pageSize: 1, pageNo: 2 });
    expect(codes(one)).toEqual([rng[1]]);
    expect(one.totalPages).toBe(rng.length);
    const lastPageNo = Math.ceil(rng.length / 18);
    const last = await games({ gameType: 'RNG', pageSize: 18, pageNo: lastPageNo });
    expect(rng.length % 18).not.toBe(0);
    expect(codes(last)).toEqual(rng.slice((lastPageNo - 1) * 18));
    expect(last.games.length).toBe(rng.length % 18);
    const past = await games({ gameType: 'RNG', pageSize: 18, pageNo: lastPageNo + 1 });
    expect(past).toMatchObject({ games: [], total: rng.length, totalPages: lastPageNo, pageNo: lastPageNo + 1 });
    const largest = await games({ pageSize: 100 });
    expect(largest.games).toHaveLength(Math.min(100, ALL.length));
    expect(largest.totalPages).toBe(Math.ceil(ALL.length / 100));
  });

  it('should refuse page sizes above 100 or below 1, non-numbers and unknown enum values with VALIDATION_FAILED', async () => {
    const refused: Record<string, string | number>[] = [
      { pageSize: 101 },
      { pageSize: 0 },
      { pageSize: 'ten' },
      { pageNo: 0 },
      { pageNo: 'x' },
      { gameType: 'CASINO' },
      { gameClassify: 'POKIES' },
      { filter: 'TOP' },
      { minBet: '-1' },
      { minBet: '1e3' },
      { minLineNum: 'many' },
      { vassalage: 'pg;drop' },
      { gameName: 'x'.repeat(65) },
    ];
    for (const bad of refused) {
      const res = await app.inject({ url: `${API.game.games}?${query(bad)}` });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });

  it('should search names in every language and codes, ignoring case and accents', async () => {
    expect(await allCodes({ gameName: 'CAFE' })).toEqual(['pg-cafe-fortuna']);
    expect(await allCodes({ gameName: 'café' })).toEqual(['pg-cafe-fortuna']);
    expect(await allCodes({ gameName: 'nino' })).toEqual(['jl-nino-dorado']);
    expect(await allCodes({ gameName: 'NIÑO' })).toEqual(['jl-nino-dorado']);
    expect(await allCodes({ gameName: 'senorita' })).toEqual(['pg-senorita-spins']);
    // Filipino names are searched too, whatever the request language.
    expect(await allCodes({ gameName: 'Kuneho' })).toEqual(['pg-fortune-rabbit']);
    expect(await allCodes({ gameName: 'mg-jacks' })).toEqual(['mg-jacks-better']);
    expect(await allCodes({ gameName: '  dragon   hatch ' })).toEqual(['pg-dragon-hatch']);
    expect(await allCodes({ gameName: 'no such game' })).toEqual([]);
    // An empty search is no search.
    expect((await games({ gameName: '' })).total).toBe(ALL.length);
  });

  it('should take % and _ in a search literally', async () => {
    expect(await allCodes({ gameName: '%' })).toEqual(['pg-hot-reels']);
    expect(await allCodes({ gameName: '100%' })).toEqual(['pg-hot-reels']);
    expect(await allCodes({ gameName: '_' })).toEqual([]);
    expect(await allCodes({ gameName: 'f_rtune' })).toEqual([]);
    expect(await allCodes({ gameName: '\\' })).toEqual([]);
    expect(containsPattern(normalizeSearch('50%_off\\'))).toBe('%50\\%\\_off\\\\%');
  });

  it('should answer names in the requested language, the default for an unsupported one', async () => {
    const find = async (language?: string) =>
      (await games({ gameName: 'fortune tiger', ...(language === undefined ? {} : { language }) })).games[0]?.gameName;
    expect(await find('TY')).toBe('Tigre ng Kapalaran');
    expect(await find('ty')).toBe('Tigre ng Kapalaran');
    expect(await find('EN')).toBe('Fortune Tiger');
    expect(await find('ZZ')).toBe('Fortune Tiger');
    expect(await find()).toBe('Fortune Tiger');
    // The English-only merchant answers in English even when asked for Filipino.
    const solo = await games({ gameName: 'fortune tiger', language: 'TY' }, 'solo.test');
    expect(solo.games[0]?.gameName).toBe('Fortune Tiger');
  });

  it('should keep each merchant to its own games', async () => {
    const demo = await games({ vassalage: 'PG', pageSize: 100 });
    const solo = await games({ vassalage: 'PG', pageSize: 100 }, 'solo.test');
    expect(solo.total).toBe(demo.total);
    const demoIds = new Set(demo.games.map((game) => game.nodeId));
    expect(solo.games.some((game) => demoIds.has(game.nodeId))).toBe(false);
  });

  it('should list hot games in list order, optionally by vendor or type', async () => {
    const hot = async (params: Record<string, string> = {}) => {
      const res = await app.inject({ url: `${API.game.hot}?${query({ isPlatform: '2', ...params })}` });
      expect(res.statusCode, res.body).toBe(200);
      return GameListValueSchema.parse(res.json().value);
    };
    const all = await hot({ language: 'TY' });
    expect(all.list.map((game) => game.gameCode)).toEqual(where((g) => g.isHot === true));
    expect(all.list.length).toBeGreaterThanOrEqual(20);
    expect(all.totalPages).toBe(1);
    expect(all.list.find((game) => game.gameCode === 'pg-fortune-tiger')?.gameName).toBe('Tigre ng Kapalaran');
    expect((await hot({ vassalage: 'PG' })).list.map((game) => game.gameCode)).toEqual(
      where((g) => g.isHot === true && g.vendorCode === 'PG'),
    );
    expect((await hot({ gameType: 'LIVE' })).list.every((game) => game.gameType === 'LIVE')).toBe(true);
    expect((await hot({ gameType: 'LIVE' })).list).toHaveLength(3);
  });

  it('should answer lanes in category order, splitting sports and showing BINGO only with Filipino', async () => {
    const lanes = async (host: string) => {
      const res = await app.inject({ url: `${API.game.lanes}?language=EN`, headers: { host } });
      expect(res.statusCode, res.body).toBe(200);
      return VendorLanesSchema.parse(res.json().value).list;
    };
    const demo = await lanes('localhost');
    expect(demo.map((lane) => lane.gameCategory)).toEqual([
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
      'BINGO',
    ]);
    const cards = (category: string) =>
      demo.find((lane) => lane.gameCategory === category)?.cards.map((card) => card.vassalage);
    expect(cards('SPORTS')).toEqual(['IBC', 'SBT', 'UG']);
    expect(cards('ESPORTS')).toEqual(['TF']);
    expect(cards('COCKFIGHT')).toEqual(['DS88']);
    expect(cards('LIVE')).toEqual(['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP']);
    expect(cards('FISH')).toEqual(['AG', 'BBIN', 'PT', 'CQ9', 'GG', 'RTG']);
    expect(cards('PVP')?.length).toBeGreaterThan(5);
    expect(cards('RNG')?.length).toBeGreaterThan(5);
    expect(cards('LOTT')).toEqual(['LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);
    // The e-lottery lobby (spec §4 prize mode ELOTT): the gateway's two-sided games under the LOTT vendor.
    expect(cards('ELOTT')).toEqual(['LOTT']);
    expect(demo.find((lane) => lane.gameCategory === 'LIVE')?.title).toBe('games.categories.LIVE');
    const ky = demo.find((lane) => lane.gameCategory === 'PVP')?.cards.find((card) => card.vassalage === 'KY');
    expect(ky).toMatchObject({ isGame: 'VASSALAGE', displayName: 'Kaiyuan Gaming', gameType: 'PVP' });
    expect(ky?.lagerIcon).toMatch(/^\/wps\/game\/art\/vendor\//);
    expect(ky?.logo).toMatch(/^\/wps\/game\/art\/logo\//);
    const pg = demo.find((lane) => lane.gameCategory === 'RNG')?.cards.find((card) => card.vassalage === 'PG');
    expect(pg).toMatchObject({ isGame: '', supportDemo: true, isNew: true });

    // English only, no e-sport vendor: TF stays under SPORTS, and there is no BINGO.
    const solo = await lanes('solo.test');
    expect(solo.map((lane) => lane.gameCategory)).toEqual([
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'SPORTS',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
    ]);
    expect(solo.find((lane) => lane.gameCategory === 'SPORTS')?.cards.map((card) => card.vassalage)).toEqual([
      'IBC',
      'SBT',
      'UG',
      'TF',
    ]);
  });

  it('should answer vendor game types and new vendors', async () => {
    const types = VendorGameTypesSchema.parse((await app.inject({ url: API.game.vendorTypes })).json().value);
    expect(types.list.find((entry) => entry.vassalage === 'AG')?.gameTypes).toEqual(['LIVE', 'RNG', 'FISH']);
    expect(types.list.find((entry) => entry.vassalage === 'JL')?.gameTypes).toEqual(['RNG', 'PVP']);
    const fresh = VendorListSchema.parse((await app.inject({ url: API.game.newVendors })).json().value);
    const names = fresh.list.map((card) => `${card.vassalage}:${card.gameType}`);
    // Marked new (PG, DG, WS, TF) or with a new game (CQ9 slots, KY cards, BNG bingo...).
    expect(names).toEqual(
      expect.arrayContaining(['PG:RNG', 'DG:LIVE', 'WS:PVP', 'TF:SPORTS', 'CQ9:RNG', 'KY:PVP', 'BNG:BINGO']),
    );
    expect(names).not.toContain('BG:LIVE');
    expect(names).not.toContain('AG:FISH');
  });

  it('should draw artwork as SVG with a long cache and an ETag, escaping the text', async () => {
    const res = await app.inject({ url: '/wps/game/art/game/Caf%C3%A9%20Fortuna' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('Café Fortuna');
    expect(res.body).toContain('>CF<');
    const again = await app.inject({ url: '/wps/game/art/game/Caf%C3%A9%20Fortuna' });
    expect(again.body).toBe(res.body);
    const etag = String(res.headers.etag);
    expect(
      (await app.inject({ url: '/wps/game/art/game/Caf%C3%A9%20Fortuna', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    const other = await app.inject({ url: '/wps/game/art/game/Lucky%20Neko' });
    expect(other.headers.etag).not.toBe(etag);
    const quoted = await app.inject({ url: `/wps/game/art/vendor/${encodeURIComponent("Play'n GO & Co")}` });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.body).toContain('Play&apos;n GO &amp; Co');
    expect(quoted.body).not.toContain("Play'n");
    for (const bad of [
      '/wps/game/art/script/PG',
      `/wps/game/art/game/${encodeURIComponent('<script>alert(1)</script>')}`,
      `/wps/game/art/game/${encodeURIComponent('a"onload="x')}`,
      `/wps/game/art/logo/${'A'.repeat(65)}`,
    ]) {
      const refused = await app.inject({ url: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    // Every image the seed stores is drawn by this route.
    const { rows } = await getDb().query<{ url: string }>(
      `SELECT icon_url AS url FROM games UNION SELECT logo_url FROM game_vendors UNION SELECT large_icon_url FROM game_vendor_types`,
    );
    for (const { url } of rows) expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  it('should seed idempotently: a second boot adds nothing and keeps an operator’s edits', async () => {
    await getDb().query(`UPDATE games SET is_hot = false WHERE game_code = 'bng-bingo-75'`);
    expect(await seedDemoCatalogue(getDb())).toEqual({ vendors: 0, games: 0, recent: 0 });
    const { rows } = await getDb().query<{ hot: boolean; n: bigint }>(
      `SELECT bool_or(is_hot) AS hot, count(*) AS n FROM games g JOIN merchants m ON m.id = g.merchant_id
       WHERE m.code = 'demo' AND g.game_code = 'bng-bingo-75'`,
    );
    expect(rows[0]).toEqual({ hot: false, n: 1n });
    await getDb().query(`UPDATE games SET is_hot = true WHERE game_code = 'bng-bingo-75'`);
  });

  it('should search through the trigram index games_search', async () => {
    // A merchant with a catalogue the size of a real one (the planner reads a table of 100 rows sequentially). Both
    // engines: the embedded one (no autovacuum) must use the index as well.
    const db = getDb();
    const template = demoMerchantTemplate();
    const merchantId = await db.transaction((tx) =>
      insertMerchant(tx, { ...template, code: 'bulk', name: 'Bulk', hosts: ['bulk.test'] }),
    );
    await db.query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url) VALUES ($1, 'BULK', 'Bulk', '/x')`,
      [merchantId],
    );
    await db.query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url) VALUES ($1, 'BULK', 'RNG', '/x')`,
      [merchantId],
    );
    await db.query(
      `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url, sort, search_text)
       SELECT $1, 'BULK', 'RNG', 'g' || n, jsonb_build_object('EN', 'Game ' || n), 'SLOT', '/x', n,
         CASE WHEN n % 500 = 0 THEN 'fortune wheel ' ELSE 'bulk game ' END || n
       FROM generate_series(1, 5000) AS n`,
      [merchantId],
    );
    // As autovacuum would: merges the GIN pending list and gathers statistics.
    await db.query('VACUUM ANALYZE games');
    await db.query('ANALYZE game_vendors');
    await db.query('ANALYZE game_vendor_types');
    const { sql, params } = gamePageQuery(merchantId, { searchPattern: containsPattern('fortune') }, 42, 0);
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explained = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).toContain('games_search');
    const found = await app.inject({ url: `${API.game.games}?gameName=FORTUNE`, headers: { host: 'bulk.test' } });
    expect(found.json().value.total).toBe(10);
  });
});
