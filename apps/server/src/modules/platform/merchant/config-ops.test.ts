import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  decodeCsPath,
  RegisterSettingsSchema,
  successEnvelope,
  WhitelabelSchema,
  WHITELABEL_MODULES as W,
  type OpsRegisterSettings,
  type OpsWhitelabelNode,
  type WhitelabelNode,
  OPS_API,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { auditOf, configCall, fieldErrors, permissionOf, valueOf } from './config-ops.test-support';

const flatten = (nodes: readonly (OpsWhitelabelNode | WhitelabelNode)[]): Map<string, boolean> =>
  new Map(
    nodes.flatMap((node) => [
      [node.modId, node.enabled === true || node.enabled === 1] as [string, boolean],
      ...flatten(node.childrenNodes),
    ]),
  );
const effectiveOf = (nodes: readonly OpsWhitelabelNode[]): Map<string, boolean> =>
  new Map(
    nodes.flatMap((node) => [[node.modId, node.effective] as [string, boolean], ...effectiveOf(node.childrenNodes)]),
  );

describeEachDatabase('configuration staff API', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());

  const playerWhitelabel = async () => {
    const res = await app.inject({ url: API.system.whitelabel });
    return successEnvelope(WhitelabelSchema).parse(res.json()).value;
  };

  describe('access', () => {
    it('should refuse callers without a staff session and roles without config.manage, and write nothing', async () => {
      const body = { changes: [{ modId: W.FREE_PLAY, enabled: false }] };
      const none = await app.inject({ method: 'PATCH', url: OPS_API.config.whitelabel, payload: body });
      expect(none.statusCode).toBe(401);
      for (const role of ['cashier', 'content', 'support'] as const) {
        const res = await app.inject({
          method: 'PATCH',
          url: OPS_API.config.whitelabel,
          headers: await staffHeaders(app, role),
          payload: body,
        });
        expect(res.statusCode, role).toBe(403);
        const read = await app.inject({ url: OPS_API.config.maintenance, headers: await staffHeaders(app, role) });
        expect(read.statusCode, role).toBe(403);
      }
      expect(flatten(await playerWhitelabel()).get(W.FREE_PLAY)).toBe(true);
      expect(await auditOf(getDb(), 'whitelabel')).toEqual([]);
    });

    it('should let an owner manage the configuration too', async () => {
      const res = await app.inject({ url: OPS_API.config.languages, headers: await staffHeaders(app, 'owner') });
      expect(valueOf<{ defaultLanguage: string }>(res).defaultLanguage).toBe('EN');
    });
  });

  describe('whitelabel flags', () => {
    it('should show the tree the player side builds, with stored and effective flags', async () => {
      const tree = valueOf<{ modules: OpsWhitelabelNode[] }>(await configCall(app, 'GET', OPS_API.config.whitelabel));
      const player = await playerWhitelabel();
      expect(tree.modules.map((node) => node.modId)).toEqual(player.map((node) => node.modId));
      expect(effectiveOf(tree.modules)).toEqual(flatten(player));
      const sms = tree.modules.find((node) => node.modId === W.SMS_LOGIN);
      expect(sms?.childrenNodes.map((node) => node.modId)).toEqual([W.FORGOT_BY_MOBILE]);
    });

    it('should switch a branch off for players, keep the child’s own flag, and audit the change', async () => {
      const res = await configCall(app, 'PATCH', OPS_API.config.whitelabel, {
        changes: [{ modId: W.SMS_LOGIN, enabled: false }],
      });
      const tree = valueOf<{ modules: OpsWhitelabelNode[] }>(res);
      const child = tree.modules.find((n) => n.modId === W.SMS_LOGIN)?.childrenNodes[0];
      expect(child).toMatchObject({ modId: W.FORGOT_BY_MOBILE, enabled: true, effective: false });
      const player = flatten(await playerWhitelabel());
      expect(player.get(W.SMS_LOGIN)).toBe(false);
      expect(player.get(W.FORGOT_BY_MOBILE)).toBe(false);
      const [entry] = await auditOf(getDb(), 'whitelabel');
      expect(entry).toMatchObject({
        staffRole: 'admin',
        targetId: 'whitelabel',
        before: { [W.SMS_LOGIN]: true },
        after: { [W.SMS_LOGIN]: false },
      });
    });

    it('should refuse to switch a module on under a parent that is off, and unknown modules, writing nothing', async () => {
      await configCall(app, 'PATCH', OPS_API.config.whitelabel, {
        changes: [{ modId: W.FORGOT_BY_MOBILE, enabled: false }],
      });
      const audits = (await auditOf(getDb(), 'whitelabel')).length;
      const res = await configCall(app, 'PATCH', OPS_API.config.whitelabel, {
        changes: [
          { modId: W.FREE_PLAY, enabled: false },
          { modId: W.FORGOT_BY_MOBILE, enabled: true },
          { modId: 'NOPE3', enabled: true },
        ],
      });
      expect(fieldErrors(res)).toEqual([
        'changes.2.modId: is not a module of this site',
        `changes.1.enabled: cannot be switched on while ${W.SMS_LOGIN} is off`,
      ]);
      expect(flatten(await playerWhitelabel()).get(W.FREE_PLAY)).toBe(true);
      expect(await auditOf(getDb(), 'whitelabel')).toHaveLength(audits);

      // Parent and child together is fine: the parent is on after the change.
      const both = await configCall(app, 'PATCH', OPS_API.config.whitelabel, {
        changes: [
          { modId: W.FORGOT_BY_MOBILE, enabled: true },
          { modId: W.SMS_LOGIN, enabled: true },
        ],
      });
      expect(effectiveOf(valueOf<{ modules: OpsWhitelabelNode[] }>(both).modules).get(W.FORGOT_BY_MOBILE)).toBe(true);
      expect(flatten(await playerWhitelabel()).get(W.FORGOT_BY_MOBILE)).toBe(true);
    });
  });

  describe('register settings', () => {
    const current = async () => valueOf<OpsRegisterSettings>(await configCall(app, 'GET', OPS_API.config.register));
    const playerFields = async () => {
      const res = await app.inject({ url: API.system.registerSettings });
      return successEnvelope(RegisterSettingsSchema).parse(res.json()).value.fields;
    };

    it('should change what the registration form shows, requires and in which order, with its rule and message', async () => {
      const { fields } = await current();
      const email = fields.find((f) => f.field === 'email');
      const others = fields.filter((f) => f.field !== 'email');
      const changed = {
        ...email,
        required: true,
        acceptedPattern: '^[^@\\s]+@example\\.com$',
        patternId: 'EMAIL',
        minLength: 8,
      };
      const res = await configCall(app, 'PUT', OPS_API.config.register, { fields: [changed, ...others] });
      expect(valueOf<OpsRegisterSettings>(res).fields[0]).toMatchObject({ field: 'email', required: true });
      const player = await playerFields();
      expect(player[0]).toEqual({
        field: 'email',
        enabled: true,
        required: true,
        acceptedPattern: '^[^@\\s]+@example\\.com$',
        patternId: 'EMAIL',
        minLength: 8,
        maxLength: 100,
      });
      expect(player.map((f) => f.field)).toEqual([changed, ...others].map((f) => f.field));
      const [entry] = await auditOf(getDb(), 'register');
      expect((entry?.before as OpsRegisterSettings).fields.find((f) => f.field === 'email')?.required).toBe(false);
      expect((entry?.after as OpsRegisterSettings).fields[0]?.required).toBe(true);
    });

    it('should refuse slow or broken patterns, bad lengths and a partial list field by field, writing nothing', async () => {
      const { fields } = await current();
      const before = await playerFields();
      const audits = (await auditOf(getDb(), 'register')).length;
      const edited = fields.map((f) => {
        if (f.field === 'email') return { ...f, acceptedPattern: '^([a-z]+)*@x$' };
        if (f.field === 'qqNum') return { ...f, acceptedPattern: '^[0-9' };
        if (f.field === 'line') return { ...f, minLength: 60, maxLength: 50 };
        if (f.field === 'wechat') return { ...f, enabled: false, required: true };
        return f;
      });
      const errors = fieldErrors(await configCall(app, 'PUT', OPS_API.config.register, { fields: edited }));
      const at = (name: string) => edited.findIndex((f) => f.field === name);
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^fields\\.${at('email')}\\.acceptedPattern: must not repeat a group`)),
          `fields.${at('qqNum')}.acceptedPattern: is not a valid regular expression`,
          `fields.${at('line')}.maxLength: must not be below the minimum length`,
          `fields.${at('wechat')}.required: a hidden field cannot be required`,
        ]),
      );
      const partial = fieldErrors(
        await configCall(app, 'PUT', OPS_API.config.register, {
          fields: [...fields.filter((f) => f.field !== 'idNumber'), { ...fields[0], field: 'shoeSize' }],
        }),
      );
      expect(partial).toEqual([
        `fields.${fields.length - 1}.field: is not a field of this site`,
        'fields: must list every entry; missing idNumber',
      ]);
      expect(await playerFields()).toEqual(before);
      expect(await auditOf(getDb(), 'register')).toHaveLength(audits);
    });
  });

  describe('languages', () => {
    const set = (defaultLanguage: string, en: boolean, ty: boolean) =>
      configCall(app, 'PUT', OPS_API.config.languages, {
        defaultLanguage,
        languages: [
          { code: 'EN', enabled: en },
          { code: 'TY', enabled: ty },
        ],
      });

    it('should switch a language off for players and back on, keeping its help centre', async () => {
      const cached = await app.inject({ url: `${API.content.banners}?groupName=w_home&language=TY` });
      expect(cached.statusCode).toBe(200);
      valueOf(await set('EN', true, false));
      const config = await permissionOf(app);
      expect(config.language.supported.map((l) => l.code)).toEqual(['EN']);
      expect(config.brand.supportedLanguages).toEqual(['EN']);
      // The cached banner answer in TY is gone with the language.
      const banners = await app.inject({ url: `${API.content.banners}?groupName=w_home&language=TY` });
      expect(banners.statusCode).toBe(400);
      expect(banners.json().code).toBe('UNSUPPORTED_LANGUAGE');
      expect((await app.inject({ url: `${API.system.help}?lang=TY&device=WEB` })).statusCode).toBe(400);

      valueOf(await set('EN', true, true));
      const help = await app.inject({ url: `${API.system.help}?lang=TY&device=WEB` });
      expect(help.statusCode).toBe(200);
      expect(help.json().value.sections.length).toBeGreaterThan(0);
      const [entry] = await auditOf(getDb(), 'languages');
      expect(entry?.before).toMatchObject({
        languages: [
          { code: 'EN', enabled: true },
          { code: 'TY', enabled: false },
        ],
      });
      expect(entry?.after).toMatchObject({
        languages: [
          { code: 'EN', enabled: true },
          { code: 'TY', enabled: true },
        ],
      });
    });

    it('should make another language the default and order the menu', async () => {
      const res = await configCall(app, 'PUT', OPS_API.config.languages, {
        defaultLanguage: 'TY',
        languages: [
          { code: 'TY', enabled: true },
          { code: 'EN', enabled: true },
        ],
      });
      expect(valueOf<{ defaultLanguage: string }>(res).defaultLanguage).toBe('TY');
      const config = await permissionOf(app);
      expect(config.language.default).toBe('TY');
      expect(config.language.supported.map((l) => l.code)).toEqual(['TY', 'EN']);
      valueOf(await set('EN', true, true));
      expect((await permissionOf(app)).language.default).toBe('EN');
    });

    it('should refuse to switch off the default, the last language, or an unknown one, writing nothing', async () => {
      const audits = (await auditOf(getDb(), 'languages')).length;
      expect(fieldErrors(await set('EN', false, true))).toEqual([
        'languages.0.enabled: the default language cannot be disabled',
      ]);
      expect(fieldErrors(await set('EN', false, false))).toContain(
        'languages: at least one language must stay enabled',
      );
      const unknown = await configCall(app, 'PUT', OPS_API.config.languages, {
        defaultLanguage: 'EN',
        languages: [
          { code: 'EN', enabled: true },
          { code: 'JA', enabled: true },
        ],
      });
      expect(fieldErrors(unknown)).toEqual([
        'languages.1.code: is not a language of this site',
        'languages: must list every entry; missing TY',
      ]);
      expect((await permissionOf(app)).language.supported.map((l) => l.code)).toEqual(['EN', 'TY']);
      expect(await auditOf(getDb(), 'languages')).toHaveLength(audits);
    });
  });

  describe('resources and customer service', () => {
    it('should replace the social and app links players get, in order', async () => {
      const resources = [
        { kind: 'TELEGRAM', labelNameEn: 'Telegram', url: 'https://t.example/lucky' },
        { kind: 'Android', labelNameEn: 'Android app', url: 'https://download.example/lucky.apk' },
        { kind: 'TELEGRAM', labelNameEn: 'Telegram VIP', url: 'https://t.example/vip' },
      ];
      valueOf(await configCall(app, 'PUT', OPS_API.config.resources, { resources }));
      const config = await permissionOf(app);
      expect(config.resources).toEqual({
        TELEGRAM: [
          { labelNameEn: 'Telegram', url: 'https://t.example/lucky' },
          { labelNameEn: 'Telegram VIP', url: 'https://t.example/vip' },
        ],
        Android: [{ labelNameEn: 'Android app', url: 'https://download.example/lucky.apk' }],
      });
      const [entry] = await auditOf(getDb(), 'resources');
      expect((entry?.after as { resources: unknown[] }).resources).toEqual(resources);
      expect((entry?.before as { resources: unknown[] }).resources.length).toBeGreaterThan(3);
    });

    it('should refuse links that are not http(s), writing nothing', async () => {
      const before = (await permissionOf(app)).resources;
      const res = await configCall(app, 'PUT', OPS_API.config.resources, {
        resources: [
          { kind: 'FACEBOOK', labelNameEn: 'Facebook', url: 'javascript:alert(1)' },
          { kind: 'MYSPACE', labelNameEn: '', url: 'https://myspace.example' },
        ],
      });
      expect(fieldErrors(res)).toEqual([
        'resources.0.url: must be an http:// or https:// address',
        'resources.1.kind: must be one of the resource kinds',
        'resources.1.labelNameEn: must not be empty',
      ]);
      expect((await permissionOf(app)).resources).toEqual(before);
    });

    it('should replace the customer-service links, which players get obfuscated', async () => {
      const entries = [
        { csType: 'TELEGRAM', path: 'https://t.example/support' },
        { csType: 'LIVECHAT', path: 'https://chat.example/?site=demo' },
      ];
      expect(valueOf(await configCall(app, 'PUT', OPS_API.config.customerService, { entries }))).toEqual({ entries });
      const served = (await permissionOf(app)).customerService;
      expect(served.map((entry) => ({ csType: entry.csType, path: decodeCsPath(entry.path) }))).toEqual(entries);
      expect(served[0]?.path).not.toContain('t.example');
      const bad = await configCall(app, 'PUT', OPS_API.config.customerService, {
        entries: [
          { csType: 'LIVECHAT', path: 'data:text/html,<script>1</script>' },
          { csType: 'LIVECHAT', path: 'https://x.example' },
        ],
      });
      expect(fieldErrors(bad)).toEqual([
        'entries.0.path: must be an http(s) address or a path on this site such as /help',
        'entries.1.csType: is listed twice',
      ]);
      expect(await auditOf(getDb(), 'customer-service')).toHaveLength(1);
    });
  });
});
