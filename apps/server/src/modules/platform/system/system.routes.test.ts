import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CountryCodeSchema,
  DomainRouteSchema,
  HelpCentreSchema,
  LanguageChangeSchema,
  MenuEntrySchema,
  PermissionConfigSchema,
  RegisterSettingsSchema,
  REGISTER_PATTERNS,
  RESOURCE_KINDS,
  SystemStatusSchema,
  WHITELABEL_MODULES,
  WhitelabelSchema,
  decodeCsPath,
  type WhitelabelNode,
} from '@platform/contracts';
import { demoMerchantTemplate } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

const flatten = (nodes: WhitelabelNode[]): WhitelabelNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.childrenNodes)]);

describeEachDatabase('configuration calls', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());

  const getValue = async <S extends z.ZodType>(
    schema: S,
    url: string,
    headers: Record<string, string> = {},
  ): Promise<z.output<S>> => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, url).toBe(200);
    const body = res.json<{ success: unknown; value: unknown }>();
    expect(body.success).toBe(true);
    return schema.parse(body.value);
  };

  it('should serve the permission configuration of the demo merchant, filled from its rows', async () => {
    const config = await getValue(PermissionConfigSchema, '/wps/system/permission');
    expect(config.status).toEqual({ status: 0, message: null, ip: '127.0.0.1' });
    expect(config.location.ip).toBe('127.0.0.1');
    expect(config.regionRestriction).toEqual({ restricted: false, ip: '127.0.0.1' });
    expect(config.maintenance).toEqual({ enabled: false, message: null });
    expect(config.brand).toMatchObject({ merchantCode: 'demo', name: 'Lucky Star', platform: 'WEB', esportGame: 'TF' });
    expect(config.brand.footerVendorLogos.map((v) => v.code)).toEqual([
      'PG',
      'EG2',
      'PT',
      'JDB',
      'CQ9',
      'FC',
      'JL',
      'BGS',
    ]);
    expect(config.language).toEqual({
      default: 'EN',
      supported: [
        { code: 'EN', locale: 'en-US', label: 'English' },
        { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
      ],
    });
    expect(config.currency).toEqual({ code: 'USD', symbol: '$', scale: 2 });
    expect(config.analytics.gtagId).toBeNull();
    expect(Object.keys(config.resources).sort()).toEqual([...RESOURCE_KINDS].sort());
    expect(config.imageCDNs.length).toBeGreaterThan(0);
    expect(config.launchGameCDNs.length).toBeGreaterThan(0);
    expect(config.customerService.map((c) => c.csType)).toEqual(['LIVECHAT', 'TELEGRAM', 'FACEBOOK']);
    expect(config.menu.filter((m) => m.placement === 'footer-help').map((m) => m.route)).toContain('/help#term');
  });

  it('should put every whitelabel module in the tree, with children, and derive the register flags', async () => {
    const config = await getValue(PermissionConfigSchema, '/wps/system/permission');
    const all = flatten(config.whitelabel);
    expect(all.map((n) => n.modId).sort()).toEqual(Object.values(WHITELABEL_MODULES).sort());
    expect(config.whitelabel.some((n) => n.childrenNodes.length > 0)).toBe(true);
    expect(all.find((n) => n.modId === WHITELABEL_MODULES.FREE_PLAY)?.enabled).toBe(1);
    expect(all.find((n) => n.modId === WHITELABEL_MODULES.PASSWORD_EXPIRY)?.enabled).toBe(0);
    expect(config.register).toMatchObject({
      usernameRegistration: true,
      mobileRegistration: true,
      mobilePasswordRequired: true,
      smsVerification: true,
    });
    const mobile = config.register.fields.find((f) => f.field === 'mobileNum');
    expect(mobile).toMatchObject({
      enabled: true,
      acceptedPattern: REGISTER_PATTERNS.DIGITS_ONLY,
      patternId: 'DIGITS_ONLY',
    });
  });

  it('should obfuscate customer-service paths with a fresh key per response', async () => {
    const stored = demoMerchantTemplate().customerService.map((c) => c.path);
    const first = await getValue(PermissionConfigSchema, '/wps/system/permission');
    const second = await getValue(PermissionConfigSchema, '/wps/system/permission');
    expect(first.customerService.map((c) => decodeCsPath(c.path))).toEqual(stored);
    expect(second.customerService.map((c) => decodeCsPath(c.path))).toEqual(stored);
    expect(first.customerService[0]?.path).not.toBe(second.customerService[0]?.path);
    expect(first.customerService.some((c) => c.path.includes('livechat'))).toBe(false);
  });

  it('should serve each smaller configuration call in its contract shape', async () => {
    expect(await getValue(SystemStatusSchema, '/wps/system/status')).toEqual({
      status: 0,
      message: null,
      ip: '127.0.0.1',
    });
    expect(flatten(await getValue(WhitelabelSchema, '/wps/system/whitelabel'))).toHaveLength(13);
    const register = await getValue(RegisterSettingsSchema, '/wps/system/setting/register');
    expect(register.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['username', 'password', 'captcha']));
    const routes = await getValue(z.array(DomainRouteSchema), '/wps/system/domain/routes');
    expect(routes.map((r) => r.type)).toEqual(expect.arrayContaining(['MAIN', 'AGENT']));
    const menu = await getValue(z.array(MenuEntrySchema), '/wps/system/menu');
    expect(menu.filter((m) => m.placement === 'header').map((m) => m.route)).toEqual([
      '/live',
      '/rng',
      '/fish',
      '/pvp',
      '/sports',
      '/esports',
      '/lott',
      '/promotions',
    ]);
    const countries = await getValue(z.array(CountryCodeSchema), '/wps/system/country/codes');
    expect(countries[0]).toEqual({
      countryCode: 'PH',
      countryDialingCode: '+63',
      flagUrl: '/wps/system/country/flag/PH',
    });
    expect(countries.length).toBeGreaterThanOrEqual(17);
  });

  it('should serve flags as cacheable SVG, and 404 for a code without a flag', async () => {
    const flag = await app.inject({ url: '/wps/system/country/flag/PH' });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toBe('image/svg+xml');
    expect(flag.headers['cache-control']).toContain('max-age=');
    expect(flag.body).toContain('<svg');
    const missing = await app.inject({ url: '/wps/system/country/flag/ZZ' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('should serve the help centre per language, including the terms anchor', async () => {
    const en = await getValue(HelpCentreSchema, '/wps/system/help?lang=EN&device=WEB');
    expect(en.sections.map((s) => s.anchor)).toEqual(['about', 'term', 'privacy', 'responsible']);
    expect(en.sections.find((s) => s.anchor === 'term')?.html).toContain('18 years');
    const ty = await getValue(HelpCentreSchema, '/wps/system/help?lang=TY&device=WEB');
    expect(ty.lang).toBe('TY');
    expect(ty.sections.find((s) => s.anchor === 'term')?.title).toBe('Mga Tuntunin at Kundisyon');
  });

  it('should accept a supported language change', async () => {
    const res = await app.inject({ method: 'PUT', url: '/wps/system/language', payload: { lang: 'TY' } });
    expect(res.statusCode).toBe(200);
    expect(LanguageChangeSchema.parse(res.json().value)).toEqual({ lang: 'TY' });
    expect(res.json().success).toBe(true);
  });
});
