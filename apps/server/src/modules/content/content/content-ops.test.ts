import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BannerListSchema,
  FieldErrorsValueSchema,
  NoticeGroupsSchema,
  OpsBannerPageSchema,
  OpsBannerSchema,
  OpsNoticePageSchema,
  OpsNoticeSchema,
  successEnvelope,
  OPS_API,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import { demoMerchantId } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { insertBanner, wipeContent } from './content.test-support';

const fieldsOf = (body: unknown) => FieldErrorsValueSchema.parse((body as { value: unknown }).value).fields;

const ACME_HOST = 'acme-content.test';

/** Rows of the demo merchant (the host of app.inject). */
const count = async (db: Database, table: 'banners' | 'notices') =>
  Number(
    (
      await db.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM ${table} WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
      )
    ).rows[0]?.n ?? 0n,
  );
/** Audit entries of banners and notices (signing staff in writes entries of its own). */
const contentAudits = async (db: Database) =>
  Number(
    (
      await db.query<{ n: bigint }>(
        "SELECT count(*) AS n FROM staff_audit_log WHERE target_type IN ('banner', 'notice')",
      )
    ).rows[0]?.n ?? 0n,
  );

type AuditRow = { action: string; targetId: string; staff: string; before: unknown; after: unknown };
/** The audit entries of one banner or notice, oldest first. */
const auditOf = async (db: Database, targetType: 'banner' | 'notice', targetId: string) =>
  (
    await db.query<AuditRow>(
      `SELECT action, target_id AS "targetId", staff_username AS staff, before, after FROM staff_audit_log
       WHERE target_type = $1 AND target_id = $2 ORDER BY id`,
      [targetType, targetId],
    )
  ).rows;

const validBanner = {
  groupName: 'w_home',
  title: 'Staff banner',
  imageUrl: '/banners/home-welcome.svg',
  url: '/promotions',
};
const validNotice = {
  type: 'PU',
  execution: 'B',
  language: 'EN',
  title: 'Staff notice',
  content: 'Line one\nLine two',
};

describeEachDatabase('content staff API', (getDb) => {
  let app: FastifyInstance;

  /** A call of a signed-in staff member with the content role. */
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
  let contentStaff = '';
  let acmeId = 0;
  const homeBanners = async () => {
    const res = await app.inject({ url: `${API.content.banners}?groupName=w_home&language=EN` });
    expect(res.statusCode).toBe(200);
    return successEnvelope(BannerListSchema).parse(res.json()).value.list;
  };
  const guestPopups = async () => {
    const res = await app.inject({ url: `${API.content.notices}?types=PU,PR&language=EN` });
    const groups = successEnvelope(NoticeGroupsSchema).parse(res.json()).value;
    return [...groups.popup, ...groups.promotion];
  };
  const bannerPath = (id: string) => OPS_API.banner.replace(':id', id);
  const noticePath = (id: string) => OPS_API.notice.replace(':id', id);

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    await wipeContent(getDb(), await demoMerchantId(getDb()));
    acmeId = await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_content', name: 'Acme', hosts: [ACME_HOST] }),
    );
    contentStaff = (await staffCall('GET', OPS_API.auth.me)).json().value.username as string;
  });
  afterAll(() => app.close());

  describe('access', () => {
    it('should refuse callers without a staff session and write nothing', async () => {
      const before = await count(getDb(), 'banners');
      const none = await app.inject({ method: 'POST', url: OPS_API.banners, payload: validBanner });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('AUTH_REQUIRED');
      const wrong = await app.inject({
        method: 'POST',
        url: OPS_API.banners,
        headers: { authorization: `Bearer ${'w'.repeat(43)}` },
        payload: validBanner,
      });
      expect(wrong.statusCode).toBe(401);
      const list = await app.inject({ url: OPS_API.notices });
      expect(list.statusCode).toBe(401);
      expect(await count(getDb(), 'banners')).toBe(before);
      expect(await contentAudits(getDb())).toBe(0);
    });

    it('should refuse a staff role without content.manage before reading the body', async () => {
      const cashier = await staffHeaders(app, 'cashier');
      for (const [method, url] of [
        ['POST', OPS_API.banners],
        ['GET', OPS_API.notices],
        ['DELETE', OPS_API.notice.replace(':id', '1')],
      ] as const) {
        const res = await app.inject({ method, url, headers: cashier, payload: { junk: true } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect(await contentAudits(getDb())).toBe(0);
    });
  });

  describe('banners', () => {
    it('should create a banner that the lobby shows at once, with its audit entry', async () => {
      expect(await homeBanners()).toEqual([]); // fills the cache
      const res = await staffCall('POST', OPS_API.banners, validBanner);
      expect(res.statusCode, res.body).toBe(200);
      const created = successEnvelope(OpsBannerSchema).parse(res.json()).value;
      expect(created).toMatchObject({ ...validBanner, language: null, sort: 0, startsAt: null, enabled: true });
      expect(await homeBanners()).toEqual([
        {
          id: created.id,
          groupName: 'w_home',
          imageUrl: validBanner.imageUrl,
          url: '/promotions',
          title: 'Staff banner',
        },
      ]);
      expect(await auditOf(getDb(), 'banner', created.id)).toEqual([
        { action: 'banner.create', targetId: created.id, staff: contentStaff, before: null, after: created },
      ]);
    });

    it('should refuse bad banners with a message on the failing field and write nothing', async () => {
      const before = await count(getDb(), 'banners');
      const audits = await contentAudits(getDb());
      // [case, body, the field the form shows the message under]
      const cases: [string, Record<string, unknown>, string][] = [
        ['empty title', { ...validBanner, title: '  ' }, 'title'],
        ['long title', { ...validBanner, title: 'x'.repeat(121) }, 'title'],
        ['unknown group', { ...validBanner, groupName: 'w_footer' }, 'groupName'],
        ['external image', { ...validBanner, imageUrl: 'https://cdn.example.com/a.png' }, 'imageUrl'],
        ['protocol-relative image', { ...validBanner, imageUrl: '//cdn.example.com/a.png' }, 'imageUrl'],
        ['script link', { ...validBanner, url: 'javascript:alert(1)' }, 'url'],
        ['protocol-relative link', { ...validBanner, url: '//evil.example.com' }, 'url'],
        ['link with credentials', { ...validBanner, url: 'https://a:b@example.com/' }, 'url'],
        [
          'schedule backwards',
          { ...validBanner, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
          'endsAt',
        ],
        ['not a date', { ...validBanner, startsAt: 'tomorrow' }, 'startsAt'],
        ['unknown field', { ...validBanner, merchantId: 2 }, ''],
        ['language the site lacks', { ...validBanner, language: 'VI' }, 'language'],
      ];
      for (const [name, body, path] of cases) {
        const res = await staffCall('POST', OPS_API.banners, body);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().code, name).toBe('VALIDATION_FAILED');
        expect(
          fieldsOf(res.json()).map((f) => f.path),
          name,
        ).toContain(path);
      }
      expect(await count(getDb(), 'banners')).toBe(before);
      expect(await contentAudits(getDb())).toBe(audits);
    });

    it('should update a banner (merged with what is stored) and show the change at once', async () => {
      const created = (await staffCall('POST', OPS_API.banners, { ...validBanner, title: 'To edit', sort: 5 })).json()
        .value as { id: string };
      expect((await homeBanners()).map((b) => b.title)).toEqual(['Staff banner', 'To edit']);
      const res = await staffCall('PATCH', bannerPath(created.id), { title: 'Edited', sort: -1, url: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ title: 'Edited', sort: -1, url: null, groupName: 'w_home' });
      expect((await homeBanners()).map((b) => [b.title, b.url])).toEqual([
        ['Edited', null],
        ['Staff banner', '/promotions'],
      ]);
      const off = await staffCall('PATCH', bannerPath(created.id), { enabled: false });
      expect(off.statusCode).toBe(200);
      expect((await homeBanners()).map((b) => b.title)).toEqual(['Staff banner']);
      const audit = await auditOf(getDb(), 'banner', created.id);
      expect(audit.map((a) => a.action)).toEqual(['banner.create', 'banner.update', 'banner.update']);
      expect(audit[1]).toMatchObject({
        before: { title: 'To edit', sort: 5, url: '/promotions' },
        after: { title: 'Edited', sort: -1, url: null },
      });
      expect(audit[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    });

    it('should refuse an update that breaks the stored schedule, and leave the banner as it was', async () => {
      const created = (
        await staffCall('POST', OPS_API.banners, {
          ...validBanner,
          title: 'Scheduled',
          startsAt: '2020-01-01T00:00:00Z',
          endsAt: '2099-01-01T00:00:00Z',
        })
      ).json().value as { id: string };
      const res = await staffCall('PATCH', bannerPath(created.id), { endsAt: '2019-12-31T00:00:00Z', title: 'Nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res.json())).toEqual([{ path: 'endsAt', message: 'must be after startsAt' }]);
      const language = await staffCall('PATCH', bannerPath(created.id), { language: 'VI' });
      expect(fieldsOf(language.json()).map((f) => f.path)).toEqual(['language']);
      for (const body of [{}, { title: '' }, { id: '5' }]) {
        expect((await staffCall('PATCH', bannerPath(created.id), body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const { rows } = await getDb().query<{ title: string; endsAt: Date }>(
        'SELECT title, ends_at AS "endsAt" FROM banners WHERE id = $1',
        [created.id],
      );
      expect(rows[0]?.title).toBe('Scheduled');
      expect(new Date(rows[0]?.endsAt ?? 0).toISOString()).toBe('2099-01-01T00:00:00.000Z');
      expect((await auditOf(getDb(), 'banner', created.id)).map((a) => a.action)).toEqual(['banner.create']);
    });

    it('should delete a banner, which leaves the lobby at once', async () => {
      const created = (await staffCall('POST', OPS_API.banners, { ...validBanner, title: 'Short-lived' })).json()
        .value as { id: string };
      expect((await homeBanners()).map((b) => b.title)).toContain('Short-lived');
      const res = await staffCall('DELETE', bannerPath(created.id));
      expect(res.statusCode).toBe(200);
      expect((await homeBanners()).map((b) => b.title)).not.toContain('Short-lived');
      const again = await staffCall('DELETE', bannerPath(created.id));
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('NOT_FOUND');
      const audit = await auditOf(getDb(), 'banner', created.id);
      expect(audit.map((a) => [a.action, a.after])).toEqual([
        ['banner.create', expect.objectContaining({ title: 'Short-lived' })],
        ['banner.delete', null],
      ]);
      expect(audit[1]?.before).toMatchObject({ id: created.id, title: 'Short-lived' });
      expect((await staffCall('PATCH', bannerPath('999999999'), { title: 'x' })).statusCode).toBe(404);
      expect((await staffCall('DELETE', bannerPath('abc'))).statusCode).toBe(400);
    });

    it("should not let staff touch another merchant's banner", async () => {
      const target = await insertBanner(getDb(), acmeId, { title: 'Acme banner' });
      const audits = await contentAudits(getDb());
      expect((await staffCall('PATCH', bannerPath(target), { title: 'Hijacked' })).statusCode).toBe(404);
      expect((await staffCall('DELETE', bannerPath(target))).statusCode).toBe(404);
      // The session belongs to the demo merchant: on Acme's host it is unknown.
      expect((await staffCall('GET', OPS_API.banners, undefined, ACME_HOST)).statusCode).toBe(401);
      expect(await contentAudits(getDb())).toBe(audits);
      const listed = (await staffCall('GET', `${OPS_API.banners}?pageSize=100`)).json().value.list as { id: string }[];
      expect(listed.map((b) => b.id)).not.toContain(target);
      const acmeLobby = await app.inject({
        url: `${API.content.banners}?groupName=w_home`,
        headers: { host: ACME_HOST },
      });
      expect(acmeLobby.json().value.list.map((b: { title: string }) => b.title)).toEqual(['Acme banner']);
    });

    it('should list every banner of the merchant for staff, paged', async () => {
      const res = await staffCall('GET', `${OPS_API.banners}?pageSize=2`);
      const page = successEnvelope(OpsBannerPageSchema).parse(res.json()).value;
      expect(page.list).toHaveLength(2);
      expect(page.total).toBe(await count(getDb(), 'banners'));
      expect(page.totalPages).toBe(Math.ceil(page.total / 2));
      expect((await staffCall('GET', `${OPS_API.banners}?pageSize=101`)).statusCode).toBe(400);
    });
  });

  describe('notices', () => {
    it('should create a notice that guests see at once, and move it to members on update', async () => {
      expect(await guestPopups()).toEqual([]);
      const res = await staffCall('POST', OPS_API.notices, validNotice);
      expect(res.statusCode, res.body).toBe(200);
      const created = successEnvelope(OpsNoticeSchema).parse(res.json()).value;
      expect(created).toMatchObject({ ...validNotice, promotionType: null, endsAt: null, enabled: true });
      expect((await guestPopups()).map((n) => [n.title, n.content])).toEqual([['Staff notice', 'Line one\nLine two']]);
      const moved = await staffCall('PATCH', noticePath(created.id), { execution: 'A' });
      expect(moved.statusCode).toBe(200);
      expect(await guestPopups()).toEqual([]);
      expect((await staffCall('DELETE', noticePath(created.id))).statusCode).toBe(200);
      expect(await count(getDb(), 'notices')).toBe(0);
      const audit = await auditOf(getDb(), 'notice', created.id);
      expect(audit.map((a) => a.action)).toEqual(['notice.create', 'notice.update', 'notice.delete']);
      expect(audit[0]?.after).toEqual(created);
      expect(audit[1]).toMatchObject({ before: { execution: 'B' }, after: { execution: 'A' } });
      expect(audit[2]).toMatchObject({ before: { id: created.id, execution: 'A' }, after: null });
    });

    it('should create a promotion with its promotion type', async () => {
      const res = await staffCall('POST', OPS_API.notices, {
        ...validNotice,
        type: 'PR',
        title: 'Reload',
        promotionType: 'RELOAD_BONUS',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await guestPopups()).map((n) => [n.type, n.promotionType])).toEqual([['PR', 'RELOAD_BONUS']]);
    });

    it('should refuse bad notices with a message on the failing field and write nothing', async () => {
      const before = await count(getDb(), 'notices');
      const audits = await contentAudits(getDb());
      const cases: [string, Record<string, unknown>, string][] = [
        ['promotion without a type', { ...validNotice, type: 'PR' }, 'promotionType'],
        ['popup with a promotion type', { ...validNotice, promotionType: 'VIP' }, 'promotionType'],
        ['bad promotion type', { ...validNotice, type: 'PR', promotionType: 'vip bonus' }, 'promotionType'],
        ['unknown type', { ...validNotice, type: 'X' }, 'type'],
        ['unknown audience', { ...validNotice, execution: 'G' }, 'execution'],
        ['empty title', { ...validNotice, title: '' }, 'title'],
        ['long title', { ...validNotice, title: 't'.repeat(201) }, 'title'],
        ['long content', { ...validNotice, content: 'c'.repeat(10_001) }, 'content'],
        [
          'ends before it starts',
          { ...validNotice, startsAt: '2030-01-01T00:00:00Z', endsAt: '2029-01-01T00:00:00Z' },
          'endsAt',
        ],
        ['language the site lacks', { ...validNotice, language: 'ZH' }, 'language'],
      ];
      for (const [name, body, path] of cases) {
        const res = await staffCall('POST', OPS_API.notices, body);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().code, name).toBe('VALIDATION_FAILED');
        expect(
          fieldsOf(res.json()).map((f) => f.path),
          name,
        ).toContain(path);
      }
      const id = (await staffCall('GET', OPS_API.notices)).json().value.list[0]?.id as string;
      const patch = await staffCall('PATCH', noticePath(id), { type: 'PU' });
      expect(patch.statusCode).toBe(400); // a PU keeping the PR's promotion type
      expect(fieldsOf(patch.json())).toEqual([
        { path: 'promotionType', message: 'only a promotion (PR) notice has a promotionType' },
      ]);
      expect(await count(getDb(), 'notices')).toBe(before);
      expect(await contentAudits(getDb())).toBe(audits);
      expect((await guestPopups()).map((n) => n.type)).toEqual(['PR']);
    });

    it('should list notices for staff with filters', async () => {
      await staffCall('POST', OPS_API.notices, { ...validNotice, type: 'PL', execution: 'A', title: 'Marquee' });
      const all = successEnvelope(OpsNoticePageSchema).parse((await staffCall('GET', OPS_API.notices)).json()).value;
      expect(all.total).toBe(2);
      const marquee = await staffCall('GET', `${OPS_API.notices}?type=PL&execution=A`);
      expect(marquee.json().value.list.map((n: { title: string }) => n.title)).toEqual(['Marquee']);
      expect((await staffCall('GET', `${OPS_API.notices}?type=Q`)).statusCode).toBe(400);
    });
  });
});
