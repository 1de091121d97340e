import {
  MISSIONS_API,
  MISSIONS_OPS_API,
  POINTS_API,
  POINTS_OPS_API,
  type MissionSummary,
  type RaceList,
} from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedGames } from '../../../test/agent-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const DAY_MS = 86_400_000;

/**
 * Names in the member's language (migration 0053): missions, races and mall items carry an English name and an
 * optional Filipino one; a TY reader gets the Filipino name, EN when there is none, and staff see and must give EN.
 */
describeEachDatabase('mission, race and mall item names in TY', (getDb) => {
  let app: FastifyInstance;
  let games: Awaited<ReturnType<typeof seedGames>>;
  let staff: { authorization: string };
  let member: Awaited<ReturnType<typeof memberWithSession>>;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    games = await seedGames(getDb());
    staff = await staffHeaders(app, 'admin');
    member = await memberWithSession(app, getDb());
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const today = async () => {
    const { rows } = await getDb().query<{ day: string }>(
      'SELECT (now() AT TIME ZONE timezone)::date::text AS day FROM merchant_directory WHERE id = $1',
      [games.merchantId],
    );
    return rows[0]!.day;
  };
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: staff, payload });
  const mission = async (names: Record<string, unknown>) => ({
    ...names,
    ...{ cadence: 'DAILY', metric: 'ROUNDS', gameType: null, target: '3', reward: '1.00', payAs: 'CASH' },
    ...{ turnoverMultiple: 0, startsOn: await today(), endsOn: null },
  });
  const race = (names: Record<string, unknown>) => ({
    ...names,
    ...{ metric: 'VALID_BET', gameType: null, minStake: '', payAs: 'CASH', turnoverMultiple: 0, prizes: ['5.00'] },
    startsAt: new Date(Date.now() + DAY_MS).toISOString(),
    endsAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
  });
  const item = (names: Record<string, unknown>) => ({
    ...names,
    ...{ kind: 'GOODS', description: '', pricePoints: 100, stock: null },
  });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { id: string; name: string };
  };
  const read = async <T>(url: string, language?: string): Promise<T> => {
    const res = await app.inject({
      url: language === undefined ? url : `${url}?language=${language}`,
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as T;
  };
  const nameOf = (list: { id: string; name: string }[], id: string) => list.find((r) => r.id === id)?.name;

  it('should name missions, races and mall items in Filipino to a TY reader, in English where TY is empty', async () => {
    const both = await created(MISSIONS_OPS_API.missions, await mission({ name: 'Spin 3', nameTy: 'Umikot nang 3' }));
    const enOnly = await created(MISSIONS_OPS_API.missions, await mission({ name: 'Spin 3 more', nameTy: '' }));
    expect(both.name).toBe('Spin 3');
    const ty = await read<MissionSummary>(MISSIONS_API.summary, 'ty');
    expect([nameOf(ty.list, both.id), nameOf(ty.list, enOnly.id)]).toEqual(['Umikot nang 3', 'Spin 3 more']);
    const en = await read<MissionSummary>(MISSIONS_API.summary, 'EN');
    expect([nameOf(en.list, both.id), nameOf(en.list, enOnly.id)]).toEqual(['Spin 3', 'Spin 3 more']);

    const r1 = await created(MISSIONS_OPS_API.races, race({ name: 'Wager race', nameTy: 'Karera ng taya' }));
    const r2 = await created(MISSIONS_OPS_API.races, race({ name: 'Plain race' }));
    expect(r1.name).toBe('Wager race');
    const board = await read<RaceList>(MISSIONS_API.leaderboard, 'TY');
    expect([nameOf(board.list, r1.id), nameOf(board.list, r2.id)]).toEqual(['Karera ng taya', 'Plain race']);
    const ranks = (id: string, language?: string) =>
      read<{ name: string }>(MISSIONS_API.rankList.replace(':id', id), language);
    expect([(await ranks(r1.id, 'TY')).name, (await ranks(r1.id)).name]).toEqual(['Karera ng taya', 'Wager race']);
    const staffList = await app.inject({ url: MISSIONS_OPS_API.races, headers: staff });
    expect(nameOf(staffList.json().value.list, r1.id)).toBe('Wager race');

    const hoodie = await created(POINTS_OPS_API.items, item({ name: 'Hoodie', nameTy: 'Hoodie na mainit' }));
    const cap = await created(POINTS_OPS_API.items, item({ name: 'Cap' }));
    const catalogue = await read<{ list: { id: string; name: string }[] }>(POINTS_API.items, 'TY');
    expect([nameOf(catalogue.list, hoodie.id), nameOf(catalogue.list, cap.id)]).toEqual(['Hoodie na mainit', 'Cap']);
    expect(nameOf((await read<typeof catalogue>(POINTS_API.items, 'EN')).list, hoodie.id)).toBe('Hoodie');
    const ops = await app.inject({ url: POINTS_OPS_API.items, headers: staff });
    expect(ops.json().value.list.find((i: { id: string }) => i.id === hoodie.id)).toMatchObject({
      name: 'Hoodie',
      nameTy: 'Hoodie na mainit',
    });

    // A redemption keeps the English name it was redeemed under; a TY reader's list names the item in Filipino.
    for (const [id, name] of [
      [hoodie.id, 'Hoodie'],
      [cap.id, 'Cap'],
    ]) {
      await getDb().query(
        `INSERT INTO mall_redemptions (merchant_id, member_id, request_id, item_id, kind, item_name, points, created_at)
         VALUES ($1, $2, $3, $4, 'GOODS', $5, 100, now())`,
        [games.merchantId, member.id, `names-ty-${id}`, id, name],
      );
    }
    type Redeems = { list: { itemId: string; itemName: string }[] };
    const names = (list: Redeems['list']) =>
      [hoodie.id, cap.id].map((id) => list.find((r) => r.itemId === id)?.itemName);
    expect(names((await read<Redeems>(POINTS_API.redeems, 'TY')).list)).toEqual(['Hoodie na mainit', 'Cap']);
    expect(names((await read<Redeems>(POINTS_API.redeems, 'EN')).list)).toEqual(['Hoodie', 'Cap']);
  });

  it('should refuse a mission, race or mall item without an English name, naming the field, and write nothing', async () => {
    const before = await getDb().query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM missions) + (SELECT count(*) FROM races)
         + (SELECT count(*) FROM mall_items))::integer AS n`,
    );
    const cases = [
      [MISSIONS_OPS_API.missions, await mission({ name: '  ', nameTy: 'Walang Ingles' })],
      [MISSIONS_OPS_API.races, race({ nameTy: 'Walang Ingles' })],
      [POINTS_OPS_API.items, item({ name: '', nameTy: 'Walang Ingles' })],
    ] as const;
    for (const [url, payload] of cases) {
      const res = await post(url, payload);
      expect([res.statusCode, res.json().code], url).toEqual([400, 'VALIDATION_FAILED']);
      const paths = (res.json().value.fields as { path: string }[]).map((f) => f.path);
      expect(paths, url).toEqual(['name']);
    }
    const after = await getDb().query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM missions) + (SELECT count(*) FROM races)
         + (SELECT count(*) FROM mall_items))::integer AS n`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const { rows } = await getDb().query(
      `SELECT 1 FROM missions WHERE name_ty = 'Walang Ingles' UNION ALL SELECT 1 FROM races WHERE name_ty = 'Walang Ingles'
       UNION ALL SELECT 1 FROM mall_items WHERE name_ty = 'Walang Ingles'`,
    );
    expect(rows).toHaveLength(0);
  });
});
