import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, GameListSchema, GameListValueSchema, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { openPglite } from '../../../db/pglite';
import { testRedisUrl } from '../../../env';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { staffHeaders } from '../../../test/staff-helpers';
import { memberWithSession } from '../../../test/wallet-helpers';
import type { CatalogueAdapter, CatalogueGame } from './index';

/** The database the app sees, counting the statements it sends. */
const counting = (db: Database) => {
  let count = 0;
  const wrapped: Database = {
    kind: db.kind,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      count += 1;
      return db.query<T>(sql, params);
    },
    exec: (sql: string) => db.exec(sql),
    transaction: <T>(fn: Parameters<Database['transaction']>[0]) => {
      count += 1;
      return db.transaction(fn) as Promise<T>;
    },
    close: () => db.close(),
  };
  return { db: wrapped, count: () => count };
};

const syncGame = (gameCode: string, name: string, extra: Partial<CatalogueGame> = {}): CatalogueGame => ({
  gameCode,
  gameType: 'RNG',
  names: { EN: name },
  gameClassify: 'SLOT',
  iconUrl: `/wps/game/art/game/${encodeURIComponent(name)}`,
  minBetMinor: 10n,
  minLineNum: 20,
  ...extra,
});

describeEachDatabase('catalogue cache, staff edits and sync', (getDb) => {
  let app: FastifyInstance;
  let queries: () => number;
  let merchantId: number;
  let vendorList: CatalogueGame[] = [];
  const adapter: CatalogueAdapter = { name: 'TEST', listGames: async () => vendorList };

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const gamesOf = async (params: string) => {
    const res = await get(`${API.game.games}?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    return GameListSchema.parse(res.json().value);
  };
  const patch = async (nodeId: string, body: unknown, headers?: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: OPS_API.game.replace(':nodeId', nodeId),
      headers: headers ?? (await staffHeaders(app, 'content')),
      payload: body as object,
    });
  const nodeIdOf = async (gameCode: string) =>
    String(
      (
        await getDb().query<{ id: bigint }>('SELECT id FROM games WHERE merchant_id = $1 AND game_code = $2', [
          merchantId,
          gameCode,
        ])
      ).rows[0]?.id,
    );

  beforeAll(async () => {
    const wrapped = counting(getDb());
    queries = wrapped.count;
    app = await buildTestApp({ db: wrapped.db, seams: { catalogueAdapters: [adapter] } });
    merchantId = await demoMerchantId(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('should answer a repeated call from memory without the database, until the catalogue changes', async () => {
    const url = `${API.game.games}?vassalage=GG&language=EN`;
    const first = await get(url);
    expect(first.json().value.games.map((game: { gameName: string }) => game.gameName)).toEqual([
      'Ocean King',
      'Golden Lion',
    ]);
    // Same query, other order and ignored keys: one entry.
    const before = queries();
    const second = await get(`${API.game.games}?language=EN&platform=html5-desktop&vassalage=GG&clientType=3`);
    expect(queries()).toBe(before);
    expect(second.body).toBe(first.body);

    // Changed behind the cache's back: invisible until the catalogue announces a change.
    await getDb().query(
      `UPDATE games SET names = names || '{"EN": "Golden Lion Deluxe"}' WHERE merchant_id = $1 AND game_code = 'gg-golden-lion'`,
      [merchantId],
    );
    expect((await get(url)).body).toBe(first.body);
    const edited = await patch(await nodeIdOf('gg-ocean-king'), { sort: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ isHot: true, isNew: false, status: 'ACTIVE', sort: 1 });
    expect((await gamesOf('vassalage=GG&language=EN')).games.map((game) => game.gameName)).toEqual([
      'Ocean King',
      'Golden Lion Deluxe',
    ]);
  });

  it('should answer with a strong ETag and no-cache, and 304 when the client has it', async () => {
    const url = `${API.game.lanes}?language=EN`;
    const res = await get(url);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(url, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // Compressed once per entry; the tag names the same content with a suffix.
    const zipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(`${etag.slice(0, -1)}-gz"`);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(res.body);
    expect(
      (await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) })).statusCode,
    ).toBe(304);

    // A change to the lanes gives a new tag: the old one no longer matches.
    await getDb().query(`UPDATE game_vendors SET status = 'MAINTENANCE' WHERE merchant_id = $1 AND code = 'KY'`, [
      merchantId,
    ]);
    app.catalogue.cache.invalidate(merchantId);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).not.toContain('"KY"');
    await getDb().query(`UPDATE game_vendors SET status = 'ACTIVE' WHERE merchant_id = $1 AND code = 'KY'`, [
      merchantId,
    ]);
    app.catalogue.cache.invalidate(merchantId);
  });

  it('should list only active games of active vendor types of active vendors', async () => {
    const before = await gamesOf('gameType=PVP&pageSize=100');
    expect(before.games.some((game) => game.vassalage === 'KX')).toBe(true);
    await getDb().query(
      `UPDATE game_vendor_types SET status = 'DISABLED' WHERE merchant_id = $1 AND vendor_code = 'KX'`,
      [merchantId],
    );
    await getDb().query(`UPDATE game_vendors SET status = 'MAINTENANCE' WHERE merchant_id = $1 AND code = 'XY'`, [
      merchantId,
    ]);
    app.catalogue.cache.invalidate(merchantId);
    const after = await gamesOf('gameType=PVP&pageSize=100');
    expect(after.games.map((game) => game.vassalage)).not.toContain('KX');
    expect(after.games.map((game) => game.vassalage)).not.toContain('XY');
    expect(after.total).toBe(before.total - 3);
    await getDb().query(
      `UPDATE game_vendor_types SET status = 'ACTIVE' WHERE merchant_id = $1 AND vendor_code = 'KX'`,
      [merchantId],
    );
    await getDb().query(`UPDATE game_vendors SET status = 'ACTIVE' WHERE merchant_id = $1 AND code = 'XY'`, [
      merchantId,
    ]);
    app.catalogue.cache.invalidate(merchantId);
  });

  it('should let staff edit hot, new, status and order, and drop the cached answers', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    const hot = async () =>
      GameListValueSchema.parse((await get(`${API.game.hot}?vassalage=PG`)).json().value).list.map(
        (game) => game.gameCode,
      );
    expect(await hot()).toContain('pg-fortune-tiger');
    const res = await patch(tiger, { isHot: false, isNew: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ nodeId: tiger, isHot: false, isNew: true, status: 'ACTIVE' });
    expect(await hot()).not.toContain('pg-fortune-tiger');
    expect((await gamesOf('filter=NEW&vassalage=PG')).games.map((game) => game.gameCode)).toContain('pg-fortune-tiger');

    await patch(tiger, { status: 'DISABLED' });
    expect((await gamesOf('vassalage=PG&pageSize=100')).games.map((game) => game.gameCode)).not.toContain(
      'pg-fortune-tiger',
    );
    const member = await memberWithSession(app, getDb());
    const launch = await app.inject({
      method: 'POST',
      url: API.game.launch,
      headers: bearer(member.token),
      payload: { nodeId: tiger },
    });
    expect(launch.json().code).toBe('GAME_NOT_FOUND');
    await patch(tiger, { status: 'ACTIVE', isHot: true, isNew: false, sort: -5 });
    expect((await gamesOf('vassalage=PG')).games[0]?.gameCode).toBe('pg-fortune-tiger');
  });

  it('should refuse staff edits without the staff token, of unknown games, and with bad fields', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    expect((await patch(tiger, { isHot: true }, {})).statusCode).toBe(401);
    expect((await patch(tiger, { isHot: true }, { authorization: `Bearer ${'x'.repeat(43)}` })).statusCode).toBe(401);
    expect((await patch(tiger, { isHot: true }, await staffHeaders(app, 'cashier'))).statusCode).toBe(403);
    const unknown = await patch('999999999', { isHot: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('GAME_NOT_FOUND');
    for (const body of [{}, { isHot: 'yes' }, { status: 'GONE' }, { sort: 1.5 }, { names: { EN: 'x' } }]) {
      const res = await patch(tiger, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('should sync a vendor’s list: add, update, disable what is gone, stamp synced_at and drop the cache', async () => {
    await getDb().query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, sync_adapter) VALUES ($1, 'SYNCV', 'Sync', '/x', 'TEST')`,
      [merchantId],
    );
    await getDb().query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url) VALUES ($1, 'SYNCV', 'RNG', '/x')`,
      [merchantId],
    );
    const listed = async () =>
      (await gamesOf('vassalage=SYNCV&language=EN')).games.map((game) => `${game.gameCode}:${game.gameName}`);
    expect(await listed()).toEqual([]);

    vendorList = [syncGame('s-one', 'Sync One'), syncGame('s-two', 'Sync Two', { freeTrial: true })];
    expect(await app.catalogue.sync()).toMatchObject({ vendors: 1, changed: 2, disabled: 0, failed: 0 });
    expect(await listed()).toEqual(['s-one:Sync One', 's-two:Sync Two']);
    const synced = await getDb().query<{ at: Date | null }>(
      `SELECT synced_at AS at FROM game_vendors WHERE merchant_id = $1 AND code = 'SYNCV'`,
      [merchantId],
    );
    expect(synced.rows[0]?.at).toBeInstanceOf(Date);

    // Unchanged list: nothing changes.
    expect(await app.catalogue.sync()).toMatchObject({ vendors: 1, changed: 0, disabled: 0 });

    vendorList = [
      syncGame('s-one', 'Sync One Remastered', { minBetMinor: 50n }),
      syncGame('s-three', 'Sync Three'),
      // A type the vendor does not offer is skipped.
      syncGame('s-live', 'Sync Live', { gameType: 'LIVE', gameClassify: 'LIVE_TABLE' }),
    ];
    expect(await app.catalogue.sync()).toMatchObject({ vendors: 1, changed: 2, disabled: 1 });
    expect(await listed()).toEqual(['s-one:Sync One Remastered', 's-three:Sync Three']);
    expect((await gamesOf('vassalage=SYNCV&minBet=0.10')).games.map((game) => game.gameCode)).toEqual(['s-three']);
    const states = await getDb().query<{ code: string; status: string }>(
      `SELECT game_code AS code, status FROM games WHERE merchant_id = $1 AND vendor_code = 'SYNCV' ORDER BY game_code`,
      [merchantId],
    );
    expect(states.rows).toEqual([
      { code: 's-one', status: 'ACTIVE' },
      { code: 's-three', status: 'ACTIVE' },
      { code: 's-two', status: 'DISABLED' },
    ]);
    // The search finds the new name only.
    expect((await gamesOf('gameName=remastered')).games.map((game) => game.gameCode)).toEqual(['s-one']);

    // Listed again: active again.
    vendorList = [...vendorList, syncGame('s-two', 'Sync Two')];
    expect(await app.catalogue.sync()).toMatchObject({ changed: 1, disabled: 0 });
    expect(await listed()).toContain('s-two:Sync Two');

    // An empty list looks like an outage: nothing is disabled.
    vendorList = [];
    expect(await app.catalogue.sync()).toMatchObject({ vendors: 0, changed: 0, disabled: 0 });
    expect(await listed()).toHaveLength(3);
  });
});

const redisUrl = testRedisUrl();

describe.skipIf(redisUrl === undefined)('catalogue cache across processes over Redis (needs REDIS_TEST_URL)', () => {
  let db: Database;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    db = await openPglite();
    const env = { REDIS_URL: redisUrl ?? '' };
    one = await buildTestApp({ db, env });
    two = await buildTestApp({ db, env });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await db.close();
  });

  it('should drop the cached answers of every node when one of them changes the catalogue', async () => {
    const url = `${API.game.hot}?vassalage=JL`;
    const codes = async (app: FastifyInstance) =>
      GameListValueSchema.parse((await app.inject({ url })).json().value).list.map((game) => game.gameCode);
    expect(await codes(one)).toEqual(['jl-nino-dorado', 'jl-super-ace']);
    const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM games WHERE game_code = 'jl-super-ace'`);
    const res = await two.inject({
      method: 'PATCH',
      url: OPS_API.game.replace(':nodeId', String(rows[0]?.id)),
      headers: await staffHeaders(two, 'content'),
      payload: { isHot: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => codes(one), { timeout: 5_000, interval: 50 }).toEqual(['jl-nino-dorado']);
  });
});
