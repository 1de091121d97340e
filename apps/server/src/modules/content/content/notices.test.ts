import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NoticeGroupsSchema, successEnvelope, type NoticeGroups } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId, freshIp, insertMember, loginOk } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { trialToken } from '../../../test/wallet-helpers';
import { insertNotice, wipeContent, type NoticeFixture } from './content.test-support';

const HOUR_MS = 60 * 60_000;

const titles = (groups: NoticeGroups) => ({
  banners: groups.banners.map((n) => n.title),
  player: groups.player.map((n) => n.title),
  popup: groups.popup.map((n) => n.title),
  promotion: groups.promotion.map((n) => n.title),
});

describeEachDatabase('notices', (getDb) => {
  const clock = manualClock();
  const start = clock.now();
  let app: FastifyInstance;

  const notices = async (query: string, token?: string): Promise<NoticeGroups> => {
    const res = await app.inject({
      url: `${API.content.notices}?${query}`,
      headers: { 'x-forwarded-for': '127.0.0.1', ...(token === undefined ? {} : bearer(token)) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(NoticeGroupsSchema).parse(res.json()).value;
  };
  const login = async (username: string, password: string) =>
    loginOk(app, username, password, { ip: freshIp(), now: clock.now });

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    const db = getDb();
    const merchantId = await demoMerchantId(db);
    await wipeContent(db, merchantId);
    const add = (fixture: Omit<NoticeFixture, 'startsAtMs'> & { startsAtMs?: number }) =>
      insertNotice(db, merchantId, { startsAtMs: start - HOUR_MS, ...fixture });
    await add({ type: 'PU', execution: 'B', title: 'Guest popup EN', language: 'EN', startsAtMs: start - 2 * HOUR_MS });
    await add({ type: 'PU', execution: 'B', title: 'Guest popup TY', language: 'TY', startsAtMs: start - 2 * HOUR_MS });
    await add({ type: 'PU', execution: 'B', title: 'Guest popup, any language', startsAtMs: start - 3 * HOUR_MS });
    await add({ type: 'PU', execution: 'B', title: 'Pinned guest popup', sort: -1, startsAtMs: start - 10 * HOUR_MS });
    await add({ type: 'PR', execution: 'B', title: 'Guest promo', promotionType: 'REFERRAL' });
    await add({ type: 'PL', execution: 'B', title: 'Guest marquee' });
    await add({ type: 'H', execution: 'B', title: 'Guest history', startsAtMs: start - 30 * HOUR_MS });
    await add({ type: 'B', execution: 'B', title: 'Guest banner notice' });
    await add({ type: 'PU', execution: 'B', title: 'Guest, starts in two hours', startsAtMs: start + 2 * HOUR_MS });
    await add({
      type: 'PU',
      execution: 'B',
      title: 'Guest, ended an hour ago',
      startsAtMs: start - 5 * HOUR_MS,
      endsAtMs: start - HOUR_MS,
    });
    await add({ type: 'PU', execution: 'B', title: 'Guest, ends in three hours', endsAtMs: start + 3 * HOUR_MS });
    await add({ type: 'PU', execution: 'B', title: 'Guest, switched off', enabled: false });
    await add({ type: 'PU', execution: 'A', title: 'Member popup' });
    await add({ type: 'PR', execution: 'A', title: 'Member promo', promotionType: 'RELOAD_BONUS' });
    await add({ type: 'PL', execution: 'A', title: 'Member marquee' });
    await add({ type: 'PU', execution: 'F', title: 'First login welcome' });
  });
  afterAll(() => app.close());

  describe('a guest', () => {
    it('should get the live guest notices, grouped, lowest sort then newest first', async () => {
      const groups = await notices('types=B,PL,PU,PR,H&language=EN');
      expect(titles(groups)).toEqual({
        banners: ['Guest banner notice'],
        player: ['Guest marquee', 'Guest history'],
        popup: ['Pinned guest popup', 'Guest, ends in three hours', 'Guest popup EN', 'Guest popup, any language'],
        promotion: ['Guest promo'],
      });
      expect(groups.promotion[0]).toMatchObject({ type: 'PR', execution: 'B', promotionType: 'REFERRAL' });
      expect(groups.popup[2]).toMatchObject({
        type: 'PU',
        promotionType: null,
        content: 'Guest popup EN: the details.',
      });
      expect(groups.popup[2]?.publishedAt).toBe(new Date(start - 2 * HOUR_MS).toISOString());
    });

    it('should get guest notices only, whatever audience it asks for or token it sends', async () => {
      const asGuest = titles(await notices('language=EN'));
      for (const query of ['execution=A', 'execution=F', 'execution=B']) {
        expect(titles(await notices(`language=EN&${query}`)), query).toEqual(asGuest);
      }
      expect(titles(await notices('language=EN&execution=A', 'x'.repeat(43)))).toEqual(asGuest);
      expect(JSON.stringify(asGuest)).not.toMatch(/Member|First login/);
    });

    it('should get the notices of its language and those of every language', async () => {
      const popup = (await notices('types=PU&language=TY')).popup.map((n) => n.title);
      expect(popup).toContain('Guest popup TY');
      expect(popup).toContain('Guest popup, any language');
      expect(popup).not.toContain('Guest popup EN');
      // No language: the merchant's default, EN.
      expect((await notices('types=PU')).popup.map((n) => n.title)).toContain('Guest popup EN');
      const res = await app.inject({ url: `${API.content.notices}?language=VI` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNSUPPORTED_LANGUAGE');
    });

    it('should get only the types it asks for', async () => {
      expect(titles(await notices('types=PU'))).toMatchObject({ banners: [], player: [], promotion: [] });
      expect(titles(await notices('types=PL'))).toEqual({
        banners: [],
        player: ['Guest marquee'],
        popup: [],
        promotion: [],
      });
      expect(titles(await notices('types=PR,B')).promotion).toEqual(['Guest promo']);
      for (const types of ['XX', 'PU,', 'pu']) {
        const res = await app.inject({ url: `${API.content.notices}?types=${types}` });
        expect(res.statusCode, types).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('should never be served from a shared cache (the answer depends on the session)', async () => {
      const res = await app.inject({ url: API.content.notices });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    });
  });

  describe('a member', () => {
    it('should get member notices and no guest ones, even when asking for guest notices', async () => {
      const member = await insertMember(getDb());
      const first = await login(member.username, member.password);
      clock.advance(60_000);
      const later = await login(member.username, member.password);
      expect(later.firstTimeLogin).toBe(false);
      for (const query of ['', 'execution=A', 'execution=B', 'execution=F']) {
        expect(titles(await notices(`language=EN&${query}`, later.token)), query).toEqual({
          banners: [],
          player: ['Member marquee'],
          popup: ['Member popup'],
          promotion: ['Member promo'],
        });
      }
      expect(first.firstTimeLogin).toBe(true);
    });

    it('should get the first-login notices on the session of its first login only', async () => {
      const member = await insertMember(getDb());
      const first = await login(member.username, member.password);
      expect(first.firstTimeLogin).toBe(true);
      // Both started at the same time: the later one (higher id) first.
      expect((await notices('types=PU,PR', first.token)).popup.map((n) => n.title)).toEqual([
        'First login welcome',
        'Member popup',
      ]);
      const onlyFirst = await notices('types=PU,PR&execution=F', first.token);
      expect(titles(onlyFirst)).toMatchObject({ popup: ['First login welcome'], promotion: [] });
      expect(onlyFirst.popup[0]?.execution).toBe('F');
      // A second login in the same millisecond (the clock does not move) is still not a first login.
      const second = await login(member.username, member.password);
      expect(second.firstTimeLogin).toBe(false);
      expect((await notices('types=PU', second.token)).popup.map((n) => n.title)).toEqual(['Member popup']);
      expect((await notices('types=PU&execution=F', second.token)).popup.map((n) => n.title)).toEqual(['Member popup']);
      // The first session keeps its first-login notices.
      expect((await notices('types=PU', first.token)).popup.map((n) => n.title)).toContain('First login welcome');
    });
  });

  describe('a trial member', () => {
    it('should get only the notices for people without a real account, never member or first-login ones', async () => {
      const token = await trialToken(app, clock.now);
      for (const query of ['', 'execution=A', 'execution=B', 'execution=F']) {
        const seen = titles(await notices(`language=EN&types=PU,PR,PL&${query}`, token));
        expect(seen.popup, query).not.toContain('Member popup');
        expect(seen.popup, query).not.toContain('First login welcome');
        expect(seen.promotion, query).toEqual(['Guest promo']);
        expect(seen.player, query).toEqual(['Guest marquee']);
        expect(seen.popup, query).toContain('Pinned guest popup');
      }
    });
  });

  // Last: moving the clock hours ahead ends the members' sessions above.
  describe('the schedule', () => {
    it('should show a notice from its start and hide it from its end', async () => {
      const popup = async () => (await notices('types=PU&language=EN')).popup.map((n) => n.title);
      expect(await popup()).not.toContain('Guest, starts in two hours');
      clock.set(start + 2 * HOUR_MS);
      expect(await popup()).toContain('Guest, starts in two hours');
      expect(await popup()).toContain('Guest, ends in three hours');
      clock.set(start + 3 * HOUR_MS);
      expect(await popup()).not.toContain('Guest, ends in three hours');
      expect(await popup()).not.toContain('Guest, ended an hour ago');
    });
  });
});
