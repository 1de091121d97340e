import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API,
  FieldErrorsValueSchema,
  HelpCentreSchema,
  OpsHelpSectionListSchema,
  OpsHelpSectionSchema,
  successEnvelope,
  OPS_API,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';

const ACME_HOST = 'acme-help.test';

const fieldsOf = (body: unknown) => FieldErrorsValueSchema.parse((body as { value: unknown }).value).fields;

type AuditRow = { action: string; staff: string; before: unknown; after: unknown };
const auditOf = async (db: Database, targetId: string) =>
  (
    await db.query<AuditRow>(
      `SELECT action, staff_username AS staff, before, after FROM staff_audit_log
       WHERE target_type = 'help_section' AND target_id = $1 ORDER BY id`,
      [targetId],
    )
  ).rows;
const helpAudits = async (db: Database) =>
  Number(
    (await db.query<{ n: bigint }>("SELECT count(*) AS n FROM staff_audit_log WHERE target_type = 'help_section'"))
      .rows[0]?.n ?? 0n,
  );
/** Sections of the demo merchant (the host of app.inject). */
const sectionCount = async (db: Database) =>
  Number(
    (
      await db.query<{ n: bigint }>(
        "SELECT count(*) AS n FROM merchant_help_sections WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')",
      )
    ).rows[0]?.n ?? 0n,
  );

const validSection = {
  lang: 'EN',
  anchor: 'vip',
  title: 'VIP programme',
  html: '<h4>Levels</h4><p>Play more, <strong>earn more</strong>. See <a href="#term">the terms</a>.</p>',
  sort: 5,
};

describeEachDatabase('help centre staff API', (getDb) => {
  let app: FastifyInstance;
  let contentStaff = '';

  const staffCall = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    host = 'localhost',
  ) =>
    app.inject({
      ...{ method, url, headers: { ...(await staffHeaders(app, 'content')), host } },
      ...(payload === undefined ? {} : { payload }),
    });
  const sectionPath = (lang: string, anchor: string) =>
    OPS_API.helpSection.replace(':lang', lang).replace(':anchor', anchor);
  /** What a player's help page gets (GET /wps/system/help). */
  const publicHelp = async (lang: string, host = 'localhost') => {
    const res = await app.inject({ url: `${API.system.help}?lang=${lang}&device=WEB`, headers: { host } });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(HelpCentreSchema).parse(res.json()).value.sections;
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_help', name: 'Acme', hosts: [ACME_HOST] }),
    );
    contentStaff = (await staffCall('GET', OPS_API.auth.me)).json().value.username as string;
  });
  afterAll(() => app.close());

  it('should refuse callers without a session or without content.manage, before reading the body', async () => {
    const none = await app.inject({ method: 'POST', url: OPS_API.helpSections, payload: validSection });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('AUTH_REQUIRED');
    const support = await staffHeaders(app, 'support');
    for (const [method, url] of [
      ['GET', OPS_API.helpSections],
      ['POST', OPS_API.helpSections],
      ['PATCH', sectionPath('EN', 'term')],
      ['DELETE', sectionPath('EN', 'about')],
    ] as const) {
      const res = await app.inject({ method, url, headers: support, payload: { junk: true } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await helpAudits(getDb())).toBe(0);
  });

  it('should list the sections by language and order, including the terms', async () => {
    const res = await staffCall('GET', `${OPS_API.helpSections}?lang=EN`);
    expect(res.statusCode, res.body).toBe(200);
    const list = successEnvelope(OpsHelpSectionListSchema).parse(res.json()).value.list;
    expect(list.map((s) => s.anchor)).toEqual((await publicHelp('EN')).map((s) => s.anchor));
    expect(list.map((s) => s.anchor)).toContain('term');
    expect(new Set(list.map((s) => s.lang))).toEqual(new Set(['EN']));
    const all = (await staffCall('GET', OPS_API.helpSections)).json().value.list as { lang: string }[];
    expect(new Set(all.map((s) => s.lang))).toEqual(new Set(['EN', 'TY']));
    expect(all).toHaveLength(await sectionCount(getDb()));
  });

  it('should create a section that players see at once, in its place, with its audit entry', async () => {
    const res = await staffCall('POST', OPS_API.helpSections, validSection);
    expect(res.statusCode, res.body).toBe(200);
    const created = successEnvelope(OpsHelpSectionSchema).parse(res.json()).value;
    expect(created).toEqual(validSection);
    const sections = await publicHelp('EN');
    expect(sections.find((s) => s.anchor === 'vip')).toEqual({
      anchor: 'vip',
      title: 'VIP programme',
      html: validSection.html,
    });
    expect(await publicHelp('TY')).not.toContainEqual(expect.objectContaining({ anchor: 'vip' }));
    expect(await auditOf(getDb(), 'EN/vip')).toEqual([
      { action: 'help.create', staff: contentStaff, before: null, after: created },
    ]);
  });

  it('should edit the terms and reorder them, keeping the audit of what they were', async () => {
    const before = (await staffCall('GET', `${OPS_API.helpSections}?lang=TY`)).json().value.list as {
      anchor: string;
      title: string;
    }[];
    const terms = before.find((s) => s.anchor === 'term');
    const res = await staffCall('PATCH', sectionPath('TY', 'term'), {
      title: 'Mga Tuntunin',
      html: '<p>Bagong tuntunin.</p>',
      sort: -10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sections = await publicHelp('TY');
    expect(sections[0]).toEqual({ anchor: 'term', title: 'Mga Tuntunin', html: '<p>Bagong tuntunin.</p>' });
    const audit = await auditOf(getDb(), 'TY/term');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'help.update',
      before: { title: terms?.title },
      after: { title: 'Mga Tuntunin', sort: -10 },
    });
    const sortOnly = await staffCall('PATCH', sectionPath('TY', 'term'), { sort: 100 });
    expect(sortOnly.json().value).toMatchObject({ title: 'Mga Tuntunin', sort: 100 });
    expect((await publicHelp('TY')).at(-1)?.anchor).toBe('term');
  });

  it('should refuse bad sections with a message on the failing field and write nothing', async () => {
    const sections = await sectionCount(getDb());
    const audits = await helpAudits(getDb());
    const cases: [string, Record<string, unknown>, string][] = [
      ['anchor with capitals', { ...validSection, anchor: 'Vip' }, 'anchor'],
      ['anchor with spaces', { ...validSection, anchor: 'vip club' }, 'anchor'],
      ['empty title', { ...validSection, anchor: 'a1', title: ' ' }, 'title'],
      ['empty body', { ...validSection, anchor: 'a2', html: '' }, 'html'],
      ['huge body', { ...validSection, anchor: 'a3', html: `<p>${'x'.repeat(50_001)}</p>` }, 'html'],
      ['only a script', { ...validSection, anchor: 'a4', html: '<script>alert(1)</script>' }, 'html'],
      [
        'only an external image',
        { ...validSection, anchor: 'a7', html: '<img src="https://t.example.com/p.gif">' },
        'html',
      ],
      ['language the site lacks', { ...validSection, anchor: 'a9', lang: 'VI' }, 'lang'],
      ['anchor the language has', { ...validSection, anchor: 'term' }, 'anchor'],
      ['unknown field', { ...validSection, anchor: 'b1', device: 'H5' }, ''],
    ];
    for (const [name, body, path] of cases) {
      const res = await staffCall('POST', OPS_API.helpSections, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('VALIDATION_FAILED');
      expect(
        fieldsOf(res.json()).map((f) => f.path),
        name,
      ).toContain(path);
    }
    const script = await staffCall('PATCH', sectionPath('EN', 'term'), { html: '<iframe src="/x"></iframe>' });
    expect(fieldsOf(script.json())).toEqual([
      { path: 'html', message: 'has nothing left to show once unsafe markup is removed' },
    ]);
    expect((await staffCall('PATCH', sectionPath('EN', 'term'), {})).statusCode).toBe(400);
    expect((await staffCall('PATCH', sectionPath('EN', 'term'), { anchor: 'terms' })).statusCode).toBe(400);
    expect(await sectionCount(getDb())).toBe(sections);
    expect(await helpAudits(getDb())).toBe(audits);
    expect((await publicHelp('EN')).find((s) => s.anchor === 'term')?.html).not.toContain('iframe');
  });

  it('should store rich text sanitized: no script, handler, script link, style or outside image survives', async () => {
    const html =
      '<p onclick="alert(1)" style="color:red">Hello<script>alert(2)</script></p>' +
      '<img src="/banners/vip.svg" onerror="alert(3)" alt="VIP"><img src="https://t.example.com/p.gif">' +
      '<a href="javascript:alert(4)">bad</a> <a href="/promotions">good</a><iframe src="/x"></iframe>';
    const created = await staffCall('POST', OPS_API.helpSections, { ...validSection, anchor: 'clean', html });
    expect(created.statusCode, created.body).toBe(200);
    const expected = '<p>Hello</p><img src="/banners/vip.svg" alt="VIP" /><a>bad</a> <a href="/promotions">good</a>';
    expect(successEnvelope(OpsHelpSectionSchema).parse(created.json()).value.html).toBe(expected);
    const stored = async () =>
      (
        await getDb().query<{ html: string }>(
          `SELECT html FROM merchant_help_sections WHERE anchor = 'clean'
           AND merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
        )
      ).rows[0]?.html;
    expect(await stored()).toBe(expected);
    expect((await publicHelp('EN')).find((s) => s.anchor === 'clean')?.html).toBe(expected);

    const patched = await staffCall('PATCH', sectionPath('EN', 'clean'), {
      html: '<h4 id="x">Levels</h4><svg onload="alert(5)"><script>alert(6)</script></svg><p>ok</p>',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await stored()).toBe('<h4>Levels</h4><p>ok</p>');
    const after = (await auditOf(getDb(), 'EN/clean')).at(-1)?.after as { html?: string } | undefined;
    expect(after?.html).toBe('<h4>Levels</h4><p>ok</p>');
    expect((await staffCall('DELETE', sectionPath('EN', 'clean'))).statusCode).toBe(200);
  });

  it('should delete a section but never the terms', async () => {
    const res = await staffCall('DELETE', sectionPath('EN', 'vip'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicHelp('EN')).map((s) => s.anchor)).not.toContain('vip');
    expect((await auditOf(getDb(), 'EN/vip')).map((a) => [a.action, a.after])).toEqual([
      ['help.create', expect.objectContaining({ anchor: 'vip' })],
      ['help.delete', null],
    ]);
    expect((await staffCall('DELETE', sectionPath('EN', 'vip'))).statusCode).toBe(404);
    expect((await staffCall('PATCH', sectionPath('EN', 'vip'), { title: 'x' })).statusCode).toBe(404);
    const terms = await staffCall('DELETE', sectionPath('EN', 'term'));
    expect(terms.statusCode).toBe(400);
    expect((await publicHelp('EN')).map((s) => s.anchor)).toContain('term');
    expect((await staffCall('DELETE', sectionPath('en', 'about'))).statusCode).toBe(400);
  });

  it("should not let staff touch another merchant's help centre", async () => {
    const acmeId = (await getDb().query<{ id: number }>("SELECT id FROM merchants WHERE code = 'acme_help'")).rows[0]
      ?.id;
    await getDb().query(
      `INSERT INTO merchant_help_sections (merchant_id, lang, device, anchor, title, html, sort)
       VALUES ($1, 'EN', 'WEB', 'acme-only', 'Acme only', '<p>Acme</p>', 0)`,
      [acmeId],
    );
    const audits = await helpAudits(getDb());
    expect((await staffCall('PATCH', sectionPath('EN', 'acme-only'), { title: 'Hijacked' })).statusCode).toBe(404);
    expect((await staffCall('DELETE', sectionPath('EN', 'acme-only'))).statusCode).toBe(404);
    const listed = (await staffCall('GET', OPS_API.helpSections)).json().value.list as { anchor: string }[];
    expect(listed.map((s) => s.anchor)).not.toContain('acme-only');
    expect(await helpAudits(getDb())).toBe(audits);
    expect((await publicHelp('EN', ACME_HOST)).find((s) => s.anchor === 'acme-only')?.title).toBe('Acme only');
  });
});
