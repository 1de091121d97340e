import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  GameListSchema,
  GameListValueSchema,
  OPS_API,
  OpsVendorListSchema,
  VendorGameTypesSchema,
  VendorLanesSchema,
  type OpsVendor,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';
import { LaunchRefused, type GameLauncher } from './index';

const NO_CREDENTIALS = /^no credentials configured/;

describeEachDatabase('connected vendors only', (getDb) => {
  let app: FastifyInstance;
  let clock = Date.now();
  let member: { token: string };
  /** The secrets the operator entered: the in-house RGS's only, as in the embedded demo. */
  const secrets = new Map<string, string>([['demo:RGS', 'rgs-secret']]);
  let jiliAnswer: () => Promise<{ url: string }> = async () => {
    throw new LaunchRefused('the vendor answered 502 Bad Gateway');
  };
  /** A third-party launcher of the kind issue 6 installs for a vendor of its own: JILI's lobby. */
  const jiliLauncher: GameLauncher = { vendorCode: 'JL', launch: () => jiliAnswer() };

  const games = async (query = 'pageNo=1&pageSize=100') => {
    const res = await app.inject({ url: `${API.game.games}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return GameListSchema.parse(res.json().value).games;
  };
  const vendorsOfGames = async (query?: string) => new Set((await games(query)).map((game) => game.vassalage));
  const opsVendors = async (): Promise<Map<string, OpsVendor>> => {
    const res = await app.inject({ url: OPS_API.vendors, headers: await staffHeaders(app, 'content') });
    expect(res.statusCode, res.body).toBe(200);
    return new Map(OpsVendorListSchema.parse(res.json().value).list.map((vendor) => [vendor.code, vendor]));
  };
  const launch = (token: string, nodeId: string) =>
    app.inject({ method: 'POST', url: API.game.launch, headers: bearer(token), payload: { nodeId } });
  const nodeIdOf = async (gameCode: string) =>
    String(
      (
        await getDb().query<{ id: bigint }>(
          `SELECT g.id FROM games g JOIN merchants m ON m.id = g.merchant_id WHERE m.code = 'demo' AND g.game_code = $1`,
          [gameCode],
        )
      ).rows[0]?.id,
    );

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      seams: { now: () => clock, gameLaunchers: [jiliLauncher] },
      vendorSecret: (merchant, vendor) => secrets.get(`${merchant}:${vendor}`),
      connectVendors: false,
    });
    member = await memberWithSession(app, getDb());
  });
  afterAll(() => app.close());

  it('should list to players only the games of vendors whose credentials are set, and show staff why', async () => {
    // RGS (its secret set) and JILI (a launcher of its own) are connected; the other demo vendors are not.
    expect(await vendorsOfGames()).toEqual(new Set(['RGS', 'JL']));
    expect(await vendorsOfGames('pageNo=1&pageSize=100&gameType=LIVE')).toEqual(new Set());
    const hot = await app.inject({ url: `${API.game.hot}?pageNo=1&pageSize=100` });
    const hotVendors = GameListValueSchema.parse(hot.json().value).list.map((game) => game.vassalage);
    expect(hotVendors.every((vendor) => vendor === 'RGS' || vendor === 'JL')).toBe(true);
    // A search finds nothing of a vendor that is not connected (the demo's PG has "Fortune Tiger").
    expect(await games('pageNo=1&pageSize=100&gameName=fortune%20tiger')).toEqual([]);
    const types = VendorGameTypesSchema.parse((await app.inject({ url: API.game.vendorTypes })).json().value);
    expect(types.list.map((entry) => entry.vassalage).sort()).toEqual(['JL', 'RGS']);
    const lanes = VendorLanesSchema.parse((await app.inject({ url: API.game.lanes })).json().value);
    const cards = lanes.list.flatMap((lane) => lane.cards.map((card) => card.vassalage));
    expect(new Set(cards)).toEqual(new Set(['RGS', 'JL']));

    const vendors = await opsVendors();
    expect(vendors.get('RGS')).toMatchObject({ connected: true, lastLaunchError: null });
    expect(vendors.get('PG')?.connected).toBe(false);
    expect(vendors.get('PG')?.lastLaunchError).toMatch(NO_CREDENTIALS);
    expect(Date.parse(vendors.get('PG')?.lastLaunchErrorAt ?? '')).toBeGreaterThan(0);
  });

  it('should take a vendor off the lobby at once when its launch fails, and list it again after the cool-down', async () => {
    const before = await vendorsOfGames();
    expect(before.has('JL')).toBe(true);
    const failed = await launch(member.token, await nodeIdOf('jl-super-ace'));
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('GAME_UNAVAILABLE');
    // The cached lobby answer is dropped with the change.
    expect((await vendorsOfGames()).has('JL')).toBe(false);
    const jili = (await opsVendors()).get('JL');
    expect(jili).toMatchObject({ connected: false, lastLaunchError: 'the vendor answered 502 Bad Gateway' });
    // A link kept from before does not start the game either, and does not reach the vendor.
    let calls = 0;
    jiliAnswer = async () => {
      calls += 1;
      return { url: 'https://jili.example/lobby' };
    };
    expect((await launch(member.token, await nodeIdOf('jl-super-ace'))).statusCode).toBe(503);
    expect(calls).toBe(0);

    // The check lists it again only once the cool-down has passed; the next launch then works.
    await app.catalogue.checkConnections();
    expect((await vendorsOfGames()).has('JL')).toBe(false);
    clock += 5 * 60_000;
    expect(await app.catalogue.checkConnections()).toEqual({ connected: 1, disconnected: 0 });
    expect((await vendorsOfGames()).has('JL')).toBe(true);
    const ok = await launch(member.token, await nodeIdOf('jl-super-ace'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(calls).toBe(1);
    expect((await opsVendors()).get('JL')).toMatchObject({
      connected: true,
      // The last error stays for staff to read.
      lastLaunchError: 'the vendor answered 502 Bad Gateway',
    });
  });

  it('should connect a vendor as soon as the check finds its credentials and launch address', async () => {
    expect((await vendorsOfGames()).has('PG')).toBe(false);
    secrets.set('demo:PG', 'pg-secret');
    // Credentials alone: the demo's PG still has no launch address.
    await app.catalogue.checkConnections();
    expect((await opsVendors()).get('PG')).toMatchObject({
      connected: false,
      lastLaunchError: 'no launch address (launch_url) configured',
    });
    await getDb().query(
      `UPDATE game_vendors SET launch_url = 'https://pg.example/launch'
       WHERE code = 'PG' AND merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
    );
    expect((await app.catalogue.checkConnections()).connected).toBe(1);
    expect((await vendorsOfGames()).has('PG')).toBe(true);
    const res = await launch(member.token, await nodeIdOf('pg-fortune-tiger'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.url).toMatch(/^https:\/\/[^/]+\/launch\/play\/pg-fortune-tiger\?/);
  });
});
