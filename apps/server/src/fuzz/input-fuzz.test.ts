import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROUTE_DESCRIPTORS } from '@platform/contracts';
import type { Database } from '../db/database';
import { describeEachDatabase } from '../test/databases';
import { clearRateLimits, insertMember, loginOk, publicKeyOf } from '../test/identity-helpers';
import { staffHeaders } from '../test/staff-helpers';
import { buildTestApp } from '../test/test-app';
import { adjust } from '../test/wallet-helpers';
import { fuzzRequestsOf, type FuzzCallers } from './fuzz-requests';

/** The money and identity tables whose rows no refused request may add, change or remove. */
const WATCHED_TABLES = [
  'ledger_accounts',
  'ledger_transfers',
  'deposit_orders',
  'withdraw_orders',
  'withdraw_accounts',
  'withdraw_proofs',
  'adjustment_requests',
  'vendor_transfers',
  'vendor_transactions',
  'members',
  'member_sessions',
  'staff_accounts',
  'staff_sessions',
  'password_reset_tokens',
];

/** Row counts of the watched tables and every ledger account's balance. */
const snapshot = async (db: Database): Promise<Record<string, string>> => {
  const counts: Record<string, string> = {};
  for (const table of WATCHED_TABLES) {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    counts[table] = rows[0]?.n ?? '';
  }
  const { rows } = await db.query<{ account: string; balance: string }>(
    `SELECT merchant_id || ':' || id || ':' || shard AS account, balance_minor::text AS balance
       FROM ledger_accounts ORDER BY merchant_id, id, shard`,
  );
  for (const row of rows) counts[`balance ${row.account}`] = row.balance;
  return counts;
};

/** Requests in flight at once: enough to overlap sealing with the database, few enough for a 2-core machine. */
const CONCURRENCY = 8;

/** The API routes the server registered, as `METHOD path` (HEAD is Fastify's twin of each GET). */
const registeredRoutes = (app: FastifyInstance): string[] =>
  [
    ...new Set(
      app.apiRoutes
        .list()
        .filter(({ method }) => method !== 'HEAD')
        .map(({ method, url }) => `${method} ${url}`),
    ),
  ].sort();

/** The demo merchant's secret with its in-house vendor in this test (the app's resolver hands it out). */
const VENDOR = { merchant: 'demo', vendor: 'RGS', secret: 'fuzz-vendor-secret-0123456789abcdef' };

describeEachDatabase('input fuzz over every route in the contracts', (getDb, engine) => {
  let app: FastifyInstance;
  let callers: FuzzCallers;

  beforeAll(async () => {
    app = await buildTestApp({
      db: getDb(),
      vendorSecret: (merchant, vendor) =>
        merchant === VENDOR.merchant && vendor === VENDOR.vendor ? VENDOR.secret : undefined,
    });
    const agent = await insertMember(getDb(), { userType: 1 });
    const member = await insertMember(getDb(), { parentId: agent.id });
    await adjust(app, member.username, '1000.00');
    await adjust(app, agent.username, '1000.00');
    callers = {
      member: (await loginOk(app, member.username, member.password)).token,
      agent: (await loginOk(app, agent.username, agent.password, { side: 'agent' })).token,
      staff: (await staffHeaders(app, 'owner')).authorization.slice('Bearer '.length),
      publicKey: await publicKeyOf(app),
      vendor: VENDOR,
    };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('should describe exactly the API routes the server registers', () => {
    const described = [...new Set(ROUTE_DESCRIPTORS.map((route) => `${route.method} ${route.path}`))].sort();
    expect(described).toHaveLength(ROUTE_DESCRIPTORS.length);
    expect(registeredRoutes(app)).toEqual(described);
  });

  it('should answer every bad input with a 4xx and leave balances and records as they were', async () => {
    const before = await snapshot(getDb());
    const serverErrors: string[] = [];
    // A route whose every answer is 401 or 403 was never fuzzed past authentication: the test would prove nothing.
    const stoppedAtTheDoor: string[] = [];
    let sent = 0;
    for (const route of ROUTE_DESCRIPTORS) {
      // Limits are not what this test is about: each route starts with a clean slate so it reaches validation.
      await clearRateLimits(getDb());
      const requests = fuzzRequestsOf(app, route, callers, Date.now);
      let passedAuth = false;
      for (let i = 0; i < requests.length; i += CONCURRENCY) {
        const batch = requests.slice(i, i + CONCURRENCY);
        const answers = await Promise.all(batch.map((request) => request.send()));
        answers.forEach((res, index) => {
          if (res.statusCode !== 401 && res.statusCode !== 403) passedAuth = true;
          if (res.statusCode >= 500) {
            const request = batch[index];
            serverErrors.push(`${request?.route} [${request?.label}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        });
        sent += batch.length;
      }
      if (!passedAuth && !/logout$/.test(route.path)) stoppedAtTheDoor.push(`${route.method} ${route.path}`);
    }
    console.log(
      `fuzz [${engine.kind}]: ${sent} requests to ${ROUTE_DESCRIPTORS.length} routes, ${serverErrors.length} server errors`,
    );
    expect(serverErrors).toEqual([]);
    expect(stoppedAtTheDoor).toEqual([]);
    expect(await snapshot(getDb())).toEqual(before);
  }, 300_000);
});
