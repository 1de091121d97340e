import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PermissionConfigSchema, SystemStatusSchema, successEnvelope } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant, type MerchantTemplate } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

const addMerchant = (db: Database, overrides: Partial<MerchantTemplate>) =>
  db.transaction((tx) => insertMerchant(tx, { ...demoMerchantTemplate(), ...overrides }));

describeEachDatabase('merchant resolution and system status', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() }); // TRUSTED_PROXIES=127.0.0.1/8
    const db = getDb();
    await addMerchant(db, {
      code: 'acme',
      name: 'Acme Casino',
      hosts: ['acme.test', 'www.acme.test'],
      defaultLanguage: 'TY',
      currency: { code: 'PHP', symbol: '₱', scale: 2 },
      customerService: [{ csType: 'LIVECHAT', path: 'https://chat.acme.test/' }],
    });
    await addMerchant(db, { code: 'closed', name: 'Closed', hosts: ['closed.test'] });
    await db.query("UPDATE merchants SET status = 'SUSPENDED' WHERE code = 'closed'");
    await addMerchant(db, { code: 'blocky', name: 'Blocky', hosts: ['blocky.test'] });
    await addMerchant(db, { code: 'allowy', name: 'Allowy', hosts: ['allowy.test'] });
  });
  afterAll(() => app.close());

  const status = async (headers: Record<string, string>, remoteAddress?: string) => {
    const res = await app.inject({ url: '/wps/system/status', headers, ...(remoteAddress ? { remoteAddress } : {}) });
    expect(res.statusCode).toBe(200);
    return successEnvelope(SystemStatusSchema).parse(res.json()).value;
  };
  const permission = async (headers: Record<string, string>) => {
    const res = await app.inject({ url: '/wps/system/permission', headers });
    expect(res.statusCode).toBe(200);
    return successEnvelope(PermissionConfigSchema).parse(res.json()).value;
  };

  describe('by Host', () => {
    it('should give a merchant with its own domain its own configuration', async () => {
      for (const host of ['acme.test', 'ACME.test:8080', 'www.acme.test.']) {
        const config = await permission({ host });
        expect(config.brand.merchantCode, host).toBe('acme');
        expect(config.brand.name).toBe('Acme Casino');
        expect(config.language.default).toBe('TY');
        expect(config.currency.symbol).toBe('₱');
        expect(config.customerService).toHaveLength(1);
      }
    });

    it('should serve the default merchant on localhost and on hosts nobody registered', async () => {
      for (const host of ['localhost:8080', '127.0.0.1', 'unknown.example', '']) {
        expect((await permission({ host })).brand.merchantCode, host).toBe('demo');
      }
    });

    it('should honour X-Forwarded-Host only from a trusted proxy', async () => {
      const viaProxy = await app.inject({
        url: '/wps/system/permission',
        headers: { host: 'localhost', 'x-forwarded-host': 'acme.test' },
      });
      expect(viaProxy.json().value.brand.merchantCode).toBe('acme');
      const spoofed = await app.inject({
        url: '/wps/system/permission',
        headers: { host: 'localhost', 'x-forwarded-host': 'acme.test' },
        remoteAddress: '198.51.100.9',
      });
      expect(spoofed.json().value.brand.merchantCode).toBe('demo');
    });

    it('should refuse a suspended merchant with 403 MERCHANT_CLOSED', async () => {
      const res = await app.inject({ url: '/wps/system/status', headers: { host: 'closed.test' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'MERCHANT_CLOSED' });
    });
  });

  describe('maintenance', () => {
    it('should report status 1 with the message, and win over a region block', async () => {
      const db = getDb();
      // The statements the e2e uses against app.db.
      await db.query(
        "UPDATE merchants SET maintenance_enabled = true, maintenance_message = 'Back at 10:00' WHERE code = 'demo'",
      );
      await db.query(
        "INSERT INTO merchant_region_rules (merchant_id, action, cidr) SELECT id, 'DENY', '203.0.113.7' FROM merchants WHERE code = 'demo'",
      );
      try {
        expect(await status({ 'x-forwarded-for': '203.0.113.7' })).toEqual({
          status: 1,
          message: 'Back at 10:00',
          ip: '203.0.113.7',
        });
        const config = await permission({ 'x-forwarded-for': '203.0.113.7' });
        expect(config.maintenance).toEqual({ enabled: true, message: 'Back at 10:00' });
        expect(config.regionRestriction).toEqual({ restricted: true, ip: '203.0.113.7' });
        expect(config.status.status).toBe(1);
      } finally {
        await db.query(
          "UPDATE merchants SET maintenance_enabled = false, maintenance_message = NULL WHERE code = 'demo'",
        );
        await db.query(
          "DELETE FROM merchant_region_rules WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')",
        );
      }
      expect((await status({})).status).toBe(0);
    });
  });

  describe('region rules', () => {
    beforeAll(async () => {
      await getDb().query(
        `INSERT INTO merchant_region_rules (merchant_id, action, cidr)
         SELECT id, 'DENY', '203.0.113.0/24'::cidr FROM merchants WHERE code = 'blocky'
         UNION ALL SELECT id, 'ALLOW', '198.51.100.0/24'::cidr FROM merchants WHERE code = 'allowy'`,
      );
    });

    it('should restrict a denied client IP forwarded by a trusted proxy, showing that IP', async () => {
      const headers = { host: 'blocky.test', 'x-forwarded-for': '203.0.113.7' };
      expect(await status(headers)).toEqual({ status: 2, message: null, ip: '203.0.113.7' });
      const config = await permission(headers);
      expect(config.regionRestriction).toEqual({ restricted: true, ip: '203.0.113.7' });
      expect(config.location.ip).toBe('203.0.113.7');
    });

    it('should ignore X-Forwarded-For from an untrusted peer', async () => {
      const spoofing = await status({ host: 'blocky.test', 'x-forwarded-for': '198.51.100.1' }, '203.0.113.50');
      expect(spoofing).toEqual({ status: 2, message: null, ip: '203.0.113.50' });
      const hiding = await status({ host: 'blocky.test', 'x-forwarded-for': '203.0.113.7' }, '192.0.2.10');
      expect(hiding).toEqual({ status: 0, message: null, ip: '192.0.2.10' });
    });

    it('should let other IPs through a deny rule', async () => {
      expect((await status({ host: 'blocky.test', 'x-forwarded-for': '192.0.2.1' })).status).toBe(0);
    });

    it('should restrict everyone outside an allow-list', async () => {
      expect((await status({ host: 'allowy.test', 'x-forwarded-for': '198.51.100.77' })).status).toBe(0);
      expect(await status({ host: 'allowy.test', 'x-forwarded-for': '203.0.113.7' })).toEqual({
        status: 2,
        message: null,
        ip: '203.0.113.7',
      });
    });

    it('should apply rules to one merchant only', async () => {
      expect((await status({ host: 'acme.test', 'x-forwarded-for': '203.0.113.7' })).status).toBe(0);
    });
  });

  describe('with no trusted proxies', () => {
    let strict: FastifyInstance;
    beforeAll(async () => {
      strict = await buildTestApp({ db: getDb(), env: { TRUSTED_PROXIES: '' } });
    });
    afterAll(() => strict.close());

    it('should ignore X-Forwarded-For even from loopback', async () => {
      const res = await strict.inject({
        url: '/wps/system/status',
        headers: { host: 'blocky.test', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.json()).toEqual({ success: true, value: { status: 0, message: null, ip: '127.0.0.1' } });
    });
  });
});
