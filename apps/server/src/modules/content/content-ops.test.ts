import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BannerListSchema,
  NoticeGroupsSchema,
  OpsBannerPageSchema,
  OpsBannerSchema,
  OpsNoticePageSchema,
  OpsNoticeSchema,
  successEnvelope,
} from '@platform/contracts';
import type { Database } from '../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../db/seed';
import { describeEachDatabase } from '../../test/databases';
import { demoMerchantId } from '../../test/identity-helpers';
import { buildTestApp } from '../../test/test-app';
import { STAFF_ENV, STAFF_TOKEN, staffHeaders } from '../../test/wallet-helpers';
import { wipeContent } from './content.test-support';

const ACME_HOST = 'acme-content.test';

const count = async (db: Database, table: 'banners' | 'notices') =>
  Number((await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0n);

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

  const staffCall = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    host = 'localhost',
  ) => app.inject({ method, url, headers: { ...staffHeaders(), host }, ...(payload === undefined ? {} : { payload }) });
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
  const bannerPath = (id: string) => API.ops.banner.replace(':id', id);
  const noticePath = (id: string) => API.ops.notice.replace(':id', id);

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), env: STAFF_ENV });
    await wipeContent(getDb(), await demoMerchantId(getDb()));
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_content', name: 'Acme', hosts: [ACME_HOST] }),
    );
  });
  afterAll(() => app.close());

  describe('access', () => {
    it('should refuse callers without the staff token and write nothing', async () => {
      const before = await count(getDb(), 'banners');
      const none = await app.inject({ method: 'POST', url: API.ops.banners, payload: validBanner });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('AUTH_REQUIRED');
      const wrong = await app.inject({
        method: 'POST',
        url: API.ops.banners,
        headers: { authorization: `Bearer ${'w'.repeat(40)}` },
        payload: validBanner,
      });
      expect(wrong.statusCode).toBe(403);
      const list = await app.inject({ url: API.ops.notices });
      expect(list.statusCode).toBe(401);
      expect(await count(getDb(), 'banners')).toBe(before);
    });

    it('should not exist at all when no staff token is configured', async () => {
      const bare = await buildTestApp({ db: getDb() });
      try {
        const res = await bare.inject({
          method: 'POST',
          url: API.ops.notices,
          headers: { authorization: `Bearer ${STAFF_TOKEN}` },
          payload: validNotice,
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await bare.close();
        // Its boot seeded the demo content again into the emptied tables.
        await wipeContent(getDb(), await demoMerchantId(getDb()));
      }
    });
  });

  describe('banners', () => {
    it('should create a banner that the lobby shows at once', async () => {
      expect(await homeBanners()).toEqual([]); // fills the cache
      const res = await staffCall('POST', API.ops.banners, validBanner);
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
    });

    it('should refuse bad banners with a code and write nothing', async () => {
      const before = await count(getDb(), 'banners');
      const cases: [string, Record<string, unknown>, string][] = [
        ['empty title', { ...validBanner, title: '  ' }, 'VALIDATION_FAILED'],
        ['long title', { ...validBanner, title: 'x'.repeat(121) }, 'VALIDATION_FAILED'],
        ['unknown group', { ...validBanner, groupName: 'w_footer' }, 'VALIDATION_FAILED'],
        ['external image', { ...validBanner, imageUrl: 'https://cdn.example.com/a.png' }, 'VALIDATION_FAILED'],
        ['protocol-relative image', { ...validBanner, imageUrl: '//cdn.example.com/a.png' }, 'VALIDATION_FAILED'],
        ['script link', { ...validBanner, url: 'javascript:alert(1)' }, 'VALIDATION_FAILED'],
        ['protocol-relative link', { ...validBanner, url: '//evil.example.com' }, 'VALIDATION_FAILED'],
        ['link with credentials', { ...validBanner, url: 'https://a:b@example.com/' }, 'VALIDATION_FAILED'],
        [
          'schedule backwards',
          { ...validBanner, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
          'VALIDATION_FAILED',
        ],
        ['not a date', { ...validBanner, startsAt: 'tomorrow' }, 'VALIDATION_FAILED'],
        ['unknown field', { ...validBanner, merchantId: 2 }, 'VALIDATION_FAILED'],
        ['language the site lacks', { ...validBanner, language: 'VI' }, 'UNSUPPORTED_LANGUAGE'],
      ];
      for (const [name, body, code] of cases) {
        const res = await staffCall('POST', API.ops.banners, body);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().code, name).toBe(code);
      }
      expect(await count(getDb(), 'banners')).toBe(before);
    });

    it('should update a banner (merged with what is stored) and show the change at once', async () => {
      const created = (await staffCall('POST', API.ops.banners, { ...validBanner, title: 'To edit', sort: 5 })).json()
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
    });

    it('should refuse an update that breaks the stored schedule, and leave the banner as it was', async () => {
      const created = (
        await staffCall('POST', API.ops.banners, {
          ...validBanner,
          title: 'Scheduled',
          startsAt: '2020-01-01T00:00:00Z',
          endsAt: '2099-01-01T00:00:00Z',
        })
      ).json().value as { id: string };
      const res = await staffCall('PATCH', bannerPath(created.id), { endsAt: '2019-12-31T00:00:00Z', title: 'Nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      for (const body of [{}, { title: '' }, { id: '5' }]) {
        expect((await staffCall('PATCH', bannerPath(created.id), body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const { rows } = await getDb().query<{ title: string; endsAt: Date }>(
        'SELECT title, ends_at AS "endsAt" FROM banners WHERE id = $1',
        [created.id],
      );
      expect(rows[0]?.title).toBe('Scheduled');
      expect(new Date(rows[0]?.endsAt ?? 0).toISOString()).toBe('2099-01-01T00:00:00.000Z');
    });

    it('should delete a banner, which leaves the lobby at once', async () => {
      const created = (await staffCall('POST', API.ops.banners, { ...validBanner, title: 'Short-lived' })).json()
        .value as { id: string };
      expect((await homeBanners()).map((b) => b.title)).toContain('Short-lived');
      const res = await staffCall('DELETE', bannerPath(created.id));
      expect(res.statusCode).toBe(200);
      expect((await homeBanners()).map((b) => b.title)).not.toContain('Short-lived');
      const again = await staffCall('DELETE', bannerPath(created.id));
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('NOT_FOUND');
      expect((await staffCall('PATCH', bannerPath('999999999'), { title: 'x' })).statusCode).toBe(404);
      expect((await staffCall('DELETE', bannerPath('abc'))).statusCode).toBe(400);
    });

    it("should keep each merchant's banners to itself", async () => {
      const demo = (await staffCall('GET', `${API.ops.banners}?groupName=w_home`)).json().value.list as {
        id: string;
      }[];
      const target = demo[0]?.id ?? '';
      expect((await staffCall('PATCH', bannerPath(target), { title: 'Hijacked' }, ACME_HOST)).statusCode).toBe(404);
      expect((await staffCall('DELETE', bannerPath(target), undefined, ACME_HOST)).statusCode).toBe(404);
      const acmeList = await staffCall('GET', API.ops.banners, undefined, ACME_HOST);
      expect(successEnvelope(OpsBannerPageSchema).parse(acmeList.json()).value.total).toBe(0);
      const acmeLobby = await app.inject({
        url: `${API.content.banners}?groupName=w_home`,
        headers: { host: ACME_HOST },
      });
      expect(acmeLobby.json().value.list).toEqual([]);
      expect((await homeBanners()).map((b) => b.title)).not.toContain('Hijacked');
    });

    it('should list every banner of the merchant for staff, paged', async () => {
      const res = await staffCall('GET', `${API.ops.banners}?pageSize=2`);
      const page = successEnvelope(OpsBannerPageSchema).parse(res.json()).value;
      expect(page.list).toHaveLength(2);
      expect(page.total).toBe(await count(getDb(), 'banners'));
      expect(page.totalPages).toBe(Math.ceil(page.total / 2));
      expect((await staffCall('GET', `${API.ops.banners}?pageSize=101`)).statusCode).toBe(400);
    });
  });

  describe('notices', () => {
    it('should create a notice that guests see at once, and move it to members on update', async () => {
      expect(await guestPopups()).toEqual([]);
      const res = await staffCall('POST', API.ops.notices, validNotice);
      expect(res.statusCode, res.body).toBe(200);
      const created = successEnvelope(OpsNoticeSchema).parse(res.json()).value;
      expect(created).toMatchObject({ ...validNotice, promotionType: null, endsAt: null, enabled: true });
      expect((await guestPopups()).map((n) => [n.title, n.content])).toEqual([['Staff notice', 'Line one\nLine two']]);
      const moved = await staffCall('PATCH', noticePath(created.id), { execution: 'A' });
      expect(moved.statusCode).toBe(200);
      expect(await guestPopups()).toEqual([]);
      expect((await staffCall('DELETE', noticePath(created.id))).statusCode).toBe(200);
      expect(await count(getDb(), 'notices')).toBe(0);
    });

    it('should create a promotion with its promotion type', async () => {
      const res = await staffCall('POST', API.ops.notices, {
        ...validNotice,
        type: 'PR',
        title: 'Reload',
        promotionType: 'RELOAD_BONUS',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await guestPopups()).map((n) => [n.type, n.promotionType])).toEqual([['PR', 'RELOAD_BONUS']]);
    });

    it('should refuse bad notices with a code and write nothing', async () => {
      const before = await count(getDb(), 'notices');
      const cases: [string, Record<string, unknown>, string][] = [
        ['promotion without a type', { ...validNotice, type: 'PR' }, 'VALIDATION_FAILED'],
        ['popup with a promotion type', { ...validNotice, promotionType: 'VIP' }, 'VALIDATION_FAILED'],
        ['bad promotion type', { ...validNotice, type: 'PR', promotionType: 'vip bonus' }, 'VALIDATION_FAILED'],
        ['unknown type', { ...validNotice, type: 'X' }, 'VALIDATION_FAILED'],
        ['unknown audience', { ...validNotice, execution: 'G' }, 'VALIDATION_FAILED'],
        ['empty title', { ...validNotice, title: '' }, 'VALIDATION_FAILED'],
        ['long title', { ...validNotice, title: 't'.repeat(201) }, 'VALIDATION_FAILED'],
        ['long content', { ...validNotice, content: 'c'.repeat(10_001) }, 'VALIDATION_FAILED'],
        [
          'ends before it starts',
          { ...validNotice, startsAt: '2030-01-01T00:00:00Z', endsAt: '2029-01-01T00:00:00Z' },
          'VALIDATION_FAILED',
        ],
        ['language the site lacks', { ...validNotice, language: 'ZH' }, 'UNSUPPORTED_LANGUAGE'],
      ];
      for (const [name, body, code] of cases) {
        const res = await staffCall('POST', API.ops.notices, body);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().code, name).toBe(code);
      }
      const id = (await staffCall('GET', API.ops.notices)).json().value.list[0]?.id as string;
      const patch = await staffCall('PATCH', noticePath(id), { type: 'PU' });
      expect(patch.statusCode).toBe(400); // a PU keeping the PR's promotion type
      expect(await count(getDb(), 'notices')).toBe(before);
      expect((await guestPopups()).map((n) => n.type)).toEqual(['PR']);
    });

    it('should list notices for staff with filters', async () => {
      await staffCall('POST', API.ops.notices, { ...validNotice, type: 'PL', execution: 'A', title: 'Marquee' });
      const all = successEnvelope(OpsNoticePageSchema).parse((await staffCall('GET', API.ops.notices)).json()).value;
      expect(all.total).toBe(2);
      const marquee = await staffCall('GET', `${API.ops.notices}?type=PL&execution=A`);
      expect(marquee.json().value.list.map((n: { title: string }) => n.title)).toEqual(['Marquee']);
      expect((await staffCall('GET', `${API.ops.notices}?type=Q`)).statusCode).toBe(400);
    });
  });
});
