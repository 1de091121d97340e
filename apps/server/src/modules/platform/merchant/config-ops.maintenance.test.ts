import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SYSTEM_STATUS, type OpsMaintenance, OPS_API } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { openPglite } from '../../../db/pglite';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { testRedisUrl } from '../../../env';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { auditOf, configCall, fieldErrors, permissionOf, valueOf } from './config-ops.test-support';

const ACME_HOST = 'acme-config.test';
const HOUR_MS = 3_600_000;

describeEachDatabase('maintenance and region rules in the back office', (getDb) => {
  let app: FastifyInstance;
  const clock = manualClock();
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_config', name: 'Acme', hosts: [ACME_HOST] }),
    );
  });
  afterAll(() => app.close());

  const maintenance = (body: Record<string, unknown>) =>
    configCall(app, 'PUT', OPS_API.config.maintenance, {
      enabled: true,
      messages: {},
      startsAt: null,
      endsAt: null,
      ...body,
    });

  describe('maintenance', () => {
    it('should show players the maintenance page in their language, and the site again when switched off', async () => {
      expect((await permissionOf(app)).status.status).toBe(SYSTEM_STATUS.NORMAL);
      const stored = valueOf<OpsMaintenance>(
        await maintenance({ messages: { EN: 'Back at 10:00 UTC', TY: 'Babalik kami ng 10:00 UTC' } }),
      );
      expect(stored).toMatchObject({ enabled: true, active: true, startsAt: null, endsAt: null });

      const english = await permissionOf(app);
      expect(english.status).toMatchObject({ status: SYSTEM_STATUS.MAINTENANCE, message: 'Back at 10:00 UTC' });
      expect(english.maintenance).toEqual({ enabled: true, message: 'Back at 10:00 UTC' });
      const filipino = await permissionOf(app, { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' });
      expect(filipino.status.message).toBe('Babalik kami ng 10:00 UTC');
      // A language the site lacks falls back to the default language's message.
      expect((await permissionOf(app, { 'accept-language': 'de-DE' })).status.message).toBe('Back at 10:00 UTC');
      // The other merchant is not in maintenance.
      expect((await permissionOf(app, { host: ACME_HOST })).status.status).toBe(SYSTEM_STATUS.NORMAL);

      const [on] = await auditOf(getDb(), 'maintenance');
      expect(on).toMatchObject({
        staffRole: 'admin',
        before: { enabled: false, active: false },
        after: { enabled: true, active: true, messages: { EN: 'Back at 10:00 UTC', TY: 'Babalik kami ng 10:00 UTC' } },
      });

      valueOf(await maintenance({ enabled: false, messages: { EN: 'Back at 10:00 UTC' } }));
      expect((await permissionOf(app)).status).toMatchObject({ status: SYSTEM_STATUS.NORMAL, message: null });
      const [off] = await auditOf(getDb(), 'maintenance');
      expect(off).toMatchObject({
        before: { enabled: true },
        after: { enabled: false, messages: { EN: 'Back at 10:00 UTC' } },
      });
    });

    it('should show planned maintenance only inside its window', async () => {
      const start = new Date(clock.now() + HOUR_MS).toISOString();
      const end = new Date(clock.now() + 2 * HOUR_MS).toISOString();
      const stored = valueOf<OpsMaintenance>(
        await maintenance({ messages: { EN: 'Planned upgrade' }, startsAt: start, endsAt: end }),
      );
      expect(stored).toMatchObject({ enabled: true, active: false, startsAt: start, endsAt: end });
      expect((await permissionOf(app)).status.status).toBe(SYSTEM_STATUS.NORMAL);

      clock.advance(HOUR_MS);
      expect((await permissionOf(app)).status).toMatchObject({ status: 1, message: 'Planned upgrade' });
      expect(valueOf<OpsMaintenance>(await configCall(app, 'GET', OPS_API.config.maintenance)).active).toBe(true);
      clock.advance(HOUR_MS);
      expect((await permissionOf(app)).status.status).toBe(SYSTEM_STATUS.NORMAL);
      valueOf(await maintenance({ enabled: false }));
    });

    it('should refuse a window that is over or backwards and a message in a language the site lacks', async () => {
      const audits = (await auditOf(getDb(), 'maintenance')).length;
      const past = new Date(clock.now() - HOUR_MS).toISOString();
      expect(fieldErrors(await maintenance({ endsAt: past, messages: { EN: 'x', JA: 'y' } }))).toEqual([
        'messages.JA: is not a language of this site',
        'endsAt: is already past',
      ]);
      const backwards = await maintenance({
        startsAt: new Date(clock.now() + 2 * HOUR_MS).toISOString(),
        endsAt: new Date(clock.now() + HOUR_MS).toISOString(),
      });
      expect(fieldErrors(backwards)).toEqual(['endsAt: must be after the start']);
      expect(fieldErrors(await maintenance({ messages: { EN: 'x'.repeat(501) } }))).toEqual([
        'messages.EN: must be at most 500 characters',
      ]);
      expect((await permissionOf(app)).status.status).toBe(SYSTEM_STATUS.NORMAL);
      expect(await auditOf(getDb(), 'maintenance')).toHaveLength(audits);
    });

    it('should not let a session of one merchant change another merchant', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: OPS_API.config.maintenance,
        headers: { ...(await staffHeaders(app, 'admin')), host: ACME_HOST },
        payload: { enabled: true, messages: {}, startsAt: null, endsAt: null },
      });
      expect(res.statusCode).toBe(401);
      expect((await permissionOf(app, { host: ACME_HOST })).status.status).toBe(SYSTEM_STATUS.NORMAL);
    });
  });

  describe('region rules', () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('should block and allow players by IP range as the rules say', async () => {
      const rules = [
        { action: 'DENY', cidr: '203.0.113.0/24', note: 'abuse' },
        { action: 'DENY', cidr: '2001:db8::/32', note: null },
      ];
      const stored = valueOf<{ rules: unknown[] }>(await configCall(app, 'PUT', OPS_API.config.regionRules, { rules }));
      expect(stored.rules).toEqual(rules);
      expect((await permissionOf(app, from('203.0.113.9'))).status).toMatchObject({ status: 2, ip: '203.0.113.9' });
      expect((await permissionOf(app, from('198.51.100.1'))).status.status).toBe(SYSTEM_STATUS.NORMAL);

      valueOf(
        await configCall(app, 'PUT', OPS_API.config.regionRules, {
          rules: [{ action: 'ALLOW', cidr: '198.51.100.0/24', note: '' }],
        }),
      );
      expect((await permissionOf(app, from('198.51.100.1'))).status.status).toBe(SYSTEM_STATUS.NORMAL);
      expect((await permissionOf(app, from('192.0.2.1'))).status.status).toBe(SYSTEM_STATUS.REGION_RESTRICTED);
      const [entry] = await auditOf(getDb(), 'region-rules');
      expect(entry).toMatchObject({
        before: { rules },
        after: { rules: [{ action: 'ALLOW', cidr: '198.51.100.0/24', note: null }] },
      });

      valueOf(await configCall(app, 'PUT', OPS_API.config.regionRules, { rules: [] }));
      expect((await permissionOf(app, from('192.0.2.1'))).status.status).toBe(SYSTEM_STATUS.NORMAL);
    });

    it('should refuse ranges that are not networks or not addresses, naming the network meant', async () => {
      const audits = (await auditOf(getDb(), 'region-rules')).length;
      const res = await configCall(app, 'PUT', OPS_API.config.regionRules, {
        rules: [
          { action: 'DENY', cidr: '203.0.113.0/24', note: null },
          { action: 'DENY', cidr: '203.0.113.7/24', note: null },
          { action: 'BLOCK', cidr: 'PH', note: null },
        ],
      });
      expect(fieldErrors(res)).toEqual([
        'rules.2.action: must be ALLOW or DENY',
        'rules.2.cidr: must be an IP address or a network such as 203.0.113.0/24',
      ]);
      const hostBits = await configCall(app, 'PUT', OPS_API.config.regionRules, {
        rules: [{ action: 'DENY', cidr: '203.0.113.7/24', note: null }],
      });
      expect(fieldErrors(hostBits)).toEqual(['rules.0.cidr: has host bits set; the network is 203.0.113.0/24']);
      expect(valueOf<{ rules: unknown[] }>(await configCall(app, 'GET', OPS_API.config.regionRules)).rules).toEqual([]);
      expect(await auditOf(getDb(), 'region-rules')).toHaveLength(audits);
    });
  });
});

const redisUrl = testRedisUrl();

describe.skipIf(redisUrl === undefined)(
  'configuration changes across processes over Redis (needs REDIS_TEST_URL)',
  () => {
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

    it('should drop every node’s cached answers in a language that one node switched off', async () => {
      const banners = (app: FastifyInstance) =>
        app.inject({ url: `${API.content.banners}?groupName=w_home&language=TY` }).then((res) => res.statusCode);
      expect(await banners(one)).toBe(200);
      const res = await two.inject({
        method: 'PUT',
        url: OPS_API.config.languages,
        headers: await staffHeaders(two, 'admin'),
        payload: {
          defaultLanguage: 'EN',
          languages: [
            { code: 'EN', enabled: true },
            { code: 'TY', enabled: false },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(() => banners(one), { timeout: 5_000, interval: 50 }).toBe(400);
    });
  },
);
