import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, FavouriteListSchema, GameListValueSchema, MAX_FAVOURITES } from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant, seedDemoCatalogue } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, demoMerchantId, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession, trialToken } from '../../../test/wallet-helpers';
import type { GameLauncher } from './index';

type Launched = { gameCode: string; play: boolean; currency: string; memberId: bigint };

describeEachDatabase('favourites, recent games and launch', (getDb) => {
  let app: FastifyInstance;
  let clock = Date.now();
  const launched: Launched[] = [];
  /** A launcher like issue 6's, for PG: answers a URL and remembers the call. */
  const pgLauncher: GameLauncher = {
    vendorCode: 'PG',
    launch: async ({ game, play, currency, memberId }) => {
      launched.push({ gameCode: game.gameCode, play, currency, memberId });
      return { url: `https://games.example/pg/${game.gameCode}?play=${play}` };
    },
  };
  let merchantId: number;
  let alice: { token: string; id: bigint };
  let bob: { token: string; id: bigint };

  const nodeIdOf = async (gameCode: string, merchantCode = 'demo'): Promise<string> => {
    const { rows } = await getDb().query<{ id: bigint }>(
      'SELECT g.id FROM games g JOIN merchants m ON m.id = g.merchant_id WHERE m.code = $1 AND g.game_code = $2',
      [merchantCode, gameCode],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no game ${gameCode}`);
    return id.toString();
  };
  const favourite = async (method: 'POST' | 'DELETE', token: string | null, body: Record<string, unknown>) => {
    clock += 1_000;
    return app.inject({
      method,
      url: API.game.favourites,
      headers: token === null ? {} : bearer(token),
      payload: body,
    });
  };
  const favourites = async (token: string, params = 'pageNo=1&pageSize=999') => {
    const res = await app.inject({ url: `${API.game.favourites}?${params}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return FavouriteListSchema.parse(res.json().value);
  };
  const recent = async (token: string, params = 'pageNo=1&pageSize=12') => {
    const res = await app.inject({ url: `${API.game.recent}?${params}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return GameListValueSchema.parse(res.json().value);
  };
  const launch = (token: string | null, nodeId: string) =>
    app.inject({
      method: 'POST',
      url: API.game.launch,
      headers: token === null ? {} : bearer(token),
      payload: { nodeId },
    });
  const launchOk = async (token: string, gameCode: string) => {
    clock += 1_000;
    const res = await launch(token, await nodeIdOf(gameCode));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { url: string };
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: () => clock, gameLaunchers: [pgLauncher] } });
    merchantId = await demoMerchantId(getDb());
    alice = await memberWithSession(app, getDb());
    bob = await memberWithSession(app, getDb());
    const template = demoMerchantTemplate();
    await getDb().transaction((tx) => insertMerchant(tx, { ...template, code: 'other', hosts: ['other.test'] }));
    await seedDemoCatalogue(getDb(), 'other');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should ask guests to log in for favourites, recent games and launch', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    for (const res of [
      await app.inject({ url: API.game.favourites }),
      await favourite('POST', null, { nodeId: tiger, vendor: 'PG', gameType: 'RNG' }),
      await favourite('DELETE', null, { nodeId: tiger, vendor: 'PG', gameType: 'RNG' }),
      await app.inject({ url: API.game.recent }),
      await launch(null, tiger),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it('should add and remove favourites idempotently, answering ids as strings', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    const baccarat = await nodeIdOf('baccarat');
    const add = { nodeId: tiger, vendor: 'PG', gameType: 'RNG' };
    const first = await favourite('POST', alice.token, add);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.ids).toEqual([tiger]);
    expect((await favourite('POST', alice.token, add)).json().value.ids).toEqual([tiger]);
    await favourite('POST', alice.token, { nodeId: baccarat, vendor: 'AG', gameType: 'LIVE' });

    const list = await favourites(alice.token, 'pageNo=1&pageSize=999&language=TY');
    expect(list.ids).toEqual([baccarat, tiger]);
    expect(list.content.map((game) => game.gameCode)).toEqual(['baccarat', 'pg-fortune-tiger']);
    expect(list.content[1]?.gameName).toBe('Tigre ng Kapalaran');
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1 });
    const live = await favourites(alice.token, 'gameType=LIVE');
    expect(live.content.map((game) => game.gameCode)).toEqual(['baccarat']);
    expect(live.ids).toEqual([baccarat, tiger]);
    const paged = await favourites(alice.token, 'pageNo=2&pageSize=1');
    expect(paged).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(paged.content.map((game) => game.gameCode)).toEqual(['pg-fortune-tiger']);

    const removed = await favourite('DELETE', alice.token, add);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().value.ids).toEqual([baccarat]);
    expect((await favourite('DELETE', alice.token, add)).json().value.ids).toEqual([baccarat]);
    expect((await favourites(alice.token)).ids).toEqual([baccarat]);
    expect(
      (await app.inject({ url: `${API.game.favourites}?pageSize=1000`, headers: bearer(alice.token) })).statusCode,
    ).toBe(400);
  });

  it("should never show or change another member's favourites", async () => {
    const neko = await nodeIdOf('pg-lucky-neko');
    const body = { nodeId: neko, vendor: 'PG', gameType: 'RNG' };
    await favourite('POST', alice.token, body);
    const before = await favourites(alice.token);
    expect(before.ids).toContain(neko);
    expect((await favourites(bob.token)).ids).toEqual([]);
    const bobRemoves = await favourite('DELETE', bob.token, body);
    expect(bobRemoves.statusCode).toBe(200);
    expect(bobRemoves.json().value.ids).toEqual([]);
    expect((await favourites(alice.token)).ids).toEqual(before.ids);
    // Bob adding the same game is his own favourite; Alice's list does not change.
    expect((await favourite('POST', bob.token, body)).json().value.ids).toEqual([neko]);
    expect((await favourites(alice.token)).ids).toEqual(before.ids);
  });

  it('should refuse unknown, mismatched and other merchants’ games with GAME_NOT_FOUND', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    for (const body of [
      { nodeId: '999999999', vendor: 'PG', gameType: 'RNG' },
      { nodeId: tiger, vendor: 'JL', gameType: 'RNG' },
      { nodeId: tiger, vendor: 'PG', gameType: 'LIVE' },
      { nodeId: await nodeIdOf('pg-fortune-tiger', 'other'), vendor: 'PG', gameType: 'RNG' },
    ]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await favourite(method, alice.token, body);
        expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(404);
        expect(res.json().code).toBe('GAME_NOT_FOUND');
      }
    }
    for (const body of [{ nodeId: 'abc', vendor: 'PG', gameType: 'RNG' }, { nodeId: tiger, vendor: 'PG' }, {}]) {
      expect((await favourite('POST', alice.token, body)).statusCode).toBe(400);
    }
  });

  it('should refuse a favourite beyond the maximum, and limit how often a member writes', async () => {
    const carol = await memberWithSession(app, getDb());
    await getDb().query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url) VALUES ($1, 'MANY', 'Many', '/x');
       `.trim(),
      [merchantId],
    );
    await getDb().query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url) VALUES ($1, 'MANY', 'RNG', '/x')`,
      [merchantId],
    );
    await getDb().query(
      `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url, search_text)
       SELECT $1, 'MANY', 'RNG', 'm' || n, jsonb_build_object('EN', 'Many ' || n), 'SLOT', '/x', 'many ' || n
       FROM generate_series(1, $2::int) AS n`,
      [merchantId, MAX_FAVOURITES],
    );
    await getDb().query(
      `INSERT INTO game_favourites (merchant_id, member_id, game_id)
       SELECT $1, $2, id FROM games WHERE merchant_id = $1 AND vendor_code = 'MANY'`,
      [merchantId, carol.id],
    );
    const full = await favourite('POST', carol.token, {
      nodeId: await nodeIdOf('pg-fortune-tiger'),
      vendor: 'PG',
      gameType: 'RNG',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'FAVOURITES_FULL', value: { max: MAX_FAVOURITES } });
    // One already kept is still fine (idempotent).
    expect(
      (await favourite('POST', carol.token, { nodeId: await nodeIdOf('m1'), vendor: 'MANY', gameType: 'RNG' }))
        .statusCode,
    ).toBe(200);
    expect((await favourites(carol.token)).ids).toHaveLength(MAX_FAVOURITES);

    await clearRateLimits(getDb());
    const body = { nodeId: await nodeIdOf('pg-fortune-ox'), vendor: 'PG', gameType: 'RNG' };
    const statuses: number[] = [];
    // A burst of 60 a minute: with the clock standing still, the 61st call is refused.
    for (let i = 0; i < 61; i += 1) {
      const res = await app.inject({
        method: 'DELETE',
        url: API.game.favourites,
        headers: bearer(bob.token),
        payload: body,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await clearRateLimits(getDb());
  });

  it('should launch through the vendor launcher and record the game as the newest recent one', async () => {
    const dave = await memberWithSession(app, getDb());
    const { url } = await launchOk(dave.token, 'pg-fortune-tiger');
    expect(url).toBe('https://games.example/pg/pg-fortune-tiger?play=false');
    expect(launched.at(-1)).toEqual({ gameCode: 'pg-fortune-tiger', play: false, currency: 'USD', memberId: dave.id });
    await launchOk(dave.token, 'pg-lucky-neko');
    await launchOk(dave.token, 'pg-candy-burst');
    await launchOk(dave.token, 'pg-fortune-tiger');
    const list = await recent(dave.token, 'pageNo=1&pageSize=12&language=TY');
    expect(list.list.map((game) => game.gameCode)).toEqual(['pg-fortune-tiger', 'pg-candy-burst', 'pg-lucky-neko']);
    expect(list.list[0]?.gameName).toBe('Tigre ng Kapalaran');
    expect(list.totalPages).toBe(1);
    // Another member's launches are not in this list.
    expect((await recent(bob.token)).list).toEqual([]);
  });

  it('should keep the 12 newest recent games and filter them by type and vendor', async () => {
    const erin = await memberWithSession(app, getDb());
    const { rows } = await getDb().query<{ code: string }>(
      `SELECT game_code AS code FROM games WHERE merchant_id = $1 AND vendor_code = 'PG' ORDER BY sort, id LIMIT 14`,
      [merchantId],
    );
    for (const { code } of rows) await launchOk(erin.token, code);
    const newest = rows.map((row) => row.code).reverse();
    const list = await recent(erin.token);
    expect(list.list.map((game) => game.gameCode)).toEqual(newest.slice(0, 12));
    expect((await recent(erin.token, 'pageNo=2&pageSize=5')).list.map((game) => game.gameCode)).toEqual(
      newest.slice(5, 10),
    );
    expect((await recent(erin.token, 'pageNo=1&pageSize=5')).totalPages).toBe(3);
    expect((await recent(erin.token, 'gameType=LIVE')).list).toEqual([]);
    expect((await recent(erin.token, 'gameType=RNG&vassalage=PG')).list).toHaveLength(12);
    const tooMany = await app.inject({ url: `${API.game.recent}?pageSize=13`, headers: bearer(erin.token) });
    expect(tooMany.statusCode).toBe(400);
  });

  it('should show the demo member’s seeded recent games on a fresh start', async () => {
    const { token } = await loginOk(app, 'demo_member', 'Demo#2026');
    expect((await recent(token)).list.map((game) => game.gameCode)).toEqual([
      'pg-fortune-tiger',
      'jl-super-ace',
      'pg-lucky-neko',
      'ag-fishing-king',
    ]);
  });

  it('should refuse games that are gone, vendors under maintenance, and vendors without a launcher', async () => {
    const frank = await memberWithSession(app, getDb());
    const unknown = await launch(frank.token, '999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('GAME_NOT_FOUND');
    expect((await launch(frank.token, await nodeIdOf('pg-fortune-tiger', 'other'))).json().code).toBe('GAME_NOT_FOUND');

    await getDb().query(
      `UPDATE games SET status = 'DISABLED' WHERE merchant_id = $1 AND game_code = 'pg-dragon-hatch'`,
      [merchantId],
    );
    const disabled = await launch(frank.token, await nodeIdOf('pg-dragon-hatch'));
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().code).toBe('GAME_NOT_FOUND');

    await getDb().query(`UPDATE game_vendors SET status = 'MAINTENANCE' WHERE merchant_id = $1 AND code = 'PG'`, [
      merchantId,
    ]);
    try {
      const maintenance = await launch(frank.token, await nodeIdOf('pg-lucky-neko'));
      expect(maintenance.statusCode).toBe(503);
      expect(maintenance.json().code).toBe('GAME_UNAVAILABLE');
    } finally {
      await getDb().query(`UPDATE game_vendors SET status = 'ACTIVE' WHERE merchant_id = $1 AND code = 'PG'`, [
        merchantId,
      ]);
    }

    // No credentials for AG (issue 6): unavailable, nothing is recorded, and AG is no longer connected.
    const noLauncher = await launch(frank.token, await nodeIdOf('ag-lucky-dragon'));
    expect(noLauncher.statusCode).toBe(503);
    expect(noLauncher.json().code).toBe('GAME_UNAVAILABLE');
    expect((await recent(frank.token)).list).toEqual([]);

    // Installed at run time, AG is listed again by the connection check after the cool-down, and launches.
    app.catalogue.launchers.register({ vendorCode: 'AG', launch: async () => ({ url: '/ag-lobby' }) });
    expect((await launch(frank.token, await nodeIdOf('ag-lucky-dragon'))).statusCode).toBe(503);
    clock += 5 * 60_000;
    expect((await app.catalogue.checkConnections()).connected).toBe(1);
    expect((await launchOk(frank.token, 'ag-lucky-dragon')).url).toBe('/ag-lobby');
    expect((await recent(frank.token)).list.map((game) => game.gameCode)).toEqual(['ag-lucky-dragon']);
  });

  it('should let a trial member launch only vendors with a demo, with play money', async () => {
    const token = await trialToken(app, () => clock);
    const noDemo = await launch(token, await nodeIdOf('jl-super-ace'));
    // JILI has a demo; JDB has none.
    expect(noDemo.statusCode).toBe(503);
    const jdb = await launch(token, await nodeIdOf('jdb-lucky-seven'));
    expect(jdb.statusCode).toBe(403);
    expect(jdb.json().code).toBe('DEMO_NOT_SUPPORTED');
    const { url } = await launchOk(token, 'pg-wild-bandito');
    expect(url).toBe('https://games.example/pg/pg-wild-bandito?play=true');
    expect(launched.at(-1)).toMatchObject({ gameCode: 'pg-wild-bandito', play: true });
    expect(launched.at(-1)?.currency).not.toBe('');
  });
});
