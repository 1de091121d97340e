import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  GameListSchema,
  OpsGamePageSchema,
  OpsVendorListSchema,
  VendorLanesSchema,
  OPS_API,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

describeEachDatabase('vendors and games in the back office', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  let content: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    merchantId = await demoMerchantId(getDb());
    content = await staffHeaders(app, 'content');
  });
  afterAll(() => app.close());

  const opsGames = async (query: string) => {
    const res = await app.inject({ url: `${OPS_API.games}?${query}`, headers: content });
    expect(res.statusCode, res.body).toBe(200);
    return OpsGamePageSchema.parse(res.json().value);
  };
  const lobbyCodes = async (query: string) => {
    const res = await app.inject({ url: `${API.game.games}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return GameListSchema.parse(res.json().value).games.map((game) => game.gameCode);
  };
  const laneVendors = async () =>
    VendorLanesSchema.parse((await app.inject({ url: API.game.lanes })).json().value).list.flatMap((lane) =>
      lane.cards.map((card) => card.vassalage),
    );
  const nodeIdOf = async (gameCode: string) => {
    const { list } = await opsGames(`search=${encodeURIComponent(gameCode)}`);
    const game = list.find((g) => g.gameCode === gameCode);
    if (game === undefined) throw new Error(`no game ${gameCode}`);
    return game.nodeId;
  };
  const patchGame = (nodeId: string, body: unknown, headers = content) =>
    app.inject({ method: 'PATCH', url: OPS_API.game.replace(':nodeId', nodeId), headers, payload: body as object });
  const patchVendor = (code: string, body: unknown, headers = content) =>
    app.inject({ method: 'PATCH', url: OPS_API.vendor.replace(':code', code), headers, payload: body as object });
  const auditOf = async (action: string, targetId: string) =>
    (
      await getDb().query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM staff_audit_log WHERE merchant_id = $1 AND action = $2 AND target_id = $3 ORDER BY id`,
        [merchantId, action, targetId],
      )
    ).rows;

  it('should take a disabled game out of the lobby answer at once, and bring it back, each change audited', async () => {
    const tiger = await nodeIdOf('pg-fortune-tiger');
    expect(await lobbyCodes('vassalage=PG&pageSize=100')).toContain('pg-fortune-tiger');
    const res = await patchGame(tiger, { status: 'DISABLED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      nodeId: tiger,
      status: 'DISABLED',
      vendorCode: 'PG',
      name: 'Fortune Tiger',
    });
    expect(await lobbyCodes('vassalage=PG&pageSize=100')).not.toContain('pg-fortune-tiger');
    // Staff still see it, by status.
    expect((await opsGames('vendor=PG&status=DISABLED')).list.map((game) => game.gameCode)).toEqual([
      'pg-fortune-tiger',
    ]);

    await patchGame(tiger, { status: 'ACTIVE', isHot: false, isNew: true, sort: -10 });
    expect((await lobbyCodes('vassalage=PG&pageSize=100'))[0]).toBe('pg-fortune-tiger');
    expect(await lobbyCodes('vassalage=PG&filter=HOT&pageSize=100')).not.toContain('pg-fortune-tiger');
    const entries = await auditOf('game.update', tiger);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      before: { gameCode: 'pg-fortune-tiger', status: 'ACTIVE', isHot: true },
      after: { status: 'DISABLED', isHot: true },
    });
    expect(entries[1]?.after).toEqual({
      gameCode: 'pg-fortune-tiger',
      status: 'ACTIVE',
      isHot: false,
      isNew: true,
      sort: -10,
    });
  });

  it('should list games of every status with search, filters and bounded pages', async () => {
    const page = await opsGames('vendor=PG&pageSize=10&pageNo=2');
    expect(page).toMatchObject({ pageNo: 2, total: 24, totalPages: 3 });
    expect(page.list).toHaveLength(10);
    expect((await opsGames('search=CAFE')).list.map((game) => game.gameCode)).toEqual(['pg-cafe-fortuna']);
    const hotNew = await opsGames('vendor=PG&hot=true&isNew=false&gameType=RNG&pageSize=100');
    expect(hotNew.list.length).toBeGreaterThan(0);
    expect(hotNew.list.every((game) => game.isHot && !game.isNew && game.vendorCode === 'PG')).toBe(true);
    expect((await opsGames('vendor=PG&pageNo=99')).list).toEqual([]);
    expect((await opsGames('vendor=PG&pageNo=99')).total).toBe(24);
    for (const query of ['pageSize=101', 'status=GONE', 'hot=yes', 'vendor=p g']) {
      const res = await app.inject({ url: `${OPS_API.games}?${query}`, headers: content });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('should reorder several games at once, all or nothing', async () => {
    const lion = await nodeIdOf('gg-golden-lion');
    const king = await nodeIdOf('gg-ocean-king');
    const order = (items: unknown) =>
      app.inject({ method: 'PUT', url: OPS_API.gameOrder, headers: content, payload: { items } });
    const res = await order([
      { nodeId: lion, sort: 101 },
      { nodeId: king, sort: 102 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ updated: 2 });
    expect(await lobbyCodes('vassalage=GG')).toEqual(['gg-golden-lion', 'gg-ocean-king']);
    expect(await auditOf('game.update', lion)).toHaveLength(1);

    const unknown = await order([
      { nodeId: king, sort: -5 },
      { nodeId: '999999999', sort: 0 },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(await lobbyCodes('vassalage=GG')).toEqual(['gg-golden-lion', 'gg-ocean-king']);
    const twice = await order([
      { nodeId: king, sort: 1 },
      { nodeId: king, sort: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().value.fields[0].path).toBe('items');
  });

  it('should list vendors and put one in maintenance, which hides it from the lobby until it is active again', async () => {
    const vendors = OpsVendorListSchema.parse(
      (await app.inject({ url: OPS_API.vendors, headers: content })).json().value,
    ).list;
    expect(vendors.find((vendor) => vendor.code === 'PG')).toMatchObject({
      status: 'ACTIVE',
      isNew: true,
      gameTypes: ['RNG'],
      games: 24,
      activeGames: 24,
    });
    expect(await laneVendors()).toContain('GG');
    const res = await patchVendor('GG', { status: 'MAINTENANCE', isNew: true, sort: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ code: 'GG', status: 'MAINTENANCE', isNew: true, sort: 3 });
    expect(await laneVendors()).not.toContain('GG');
    expect(await lobbyCodes('vassalage=GG')).toEqual([]);
    expect(await auditOf('vendor.update', 'GG')).toEqual([
      {
        before: { status: 'ACTIVE', isNew: false, sort: expect.any(Number) },
        after: { status: 'MAINTENANCE', isNew: true, sort: 3 },
      },
    ]);
    await patchVendor('GG', { status: 'ACTIVE' });
    expect(await laneVendors()).toContain('GG');

    expect((await patchVendor('NOPE', { status: 'ACTIVE' })).statusCode).toBe(404);
    for (const body of [{}, { status: 'OFF' }, { sort: 'first' }, { displayName: 'x' }]) {
      expect((await patchVendor('GG', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('should let only staff with games.manage in', async () => {
    const finance = await staffHeaders(app, 'finance');
    expect((await app.inject({ url: OPS_API.vendors })).statusCode).toBe(401);
    expect((await app.inject({ url: OPS_API.vendors, headers: finance })).statusCode).toBe(403);
    expect((await app.inject({ url: OPS_API.games, headers: finance })).statusCode).toBe(403);
    expect((await patchVendor('GG', { status: 'DISABLED' }, finance)).statusCode).toBe(403);
    expect((await patchGame(await nodeIdOf('gg-golden-lion'), { status: 'DISABLED' }, finance)).statusCode).toBe(403);
    expect(await laneVendors()).toContain('GG');
  });
});
