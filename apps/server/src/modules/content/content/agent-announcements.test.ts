import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  AgentAnnouncementPageSchema,
  NoticeGroupsSchema,
  OPS_API,
  OpsNoticePageSchema,
  OpsNoticeSchema,
  USER_TYPE,
  successEnvelope,
  type AgentAnnouncementPage,
} from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId, freshIp } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession, trialToken } from '../../../test/wallet-helpers';
import { insertNotice, wipeContent, type NoticeFixture } from './content.test-support';

const HOUR_MS = 60 * 60_000;

describeEachDatabase('announcements for agents', (getDb) => {
  const clock = manualClock();
  const start = clock.now();
  let app: FastifyInstance;
  let agentToken = '';

  const call = (query: string, token?: string) =>
    app.inject({
      url: `${API.agentContent.announcements}${query === '' ? '' : `?${query}`}`,
      headers: { 'x-forwarded-for': freshIp(), ...(token === undefined ? {} : bearer(token)) },
    });
  const announcements = async (query: string, token = agentToken): Promise<AgentAnnouncementPage> => {
    const res = await call(query, token);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(AgentAnnouncementPageSchema).parse(res.json()).value;
  };
  const titles = (page: AgentAnnouncementPage) => page.list.map((a) => a.title);
  const playerTitles = async (token?: string) => {
    const res = await app.inject({
      url: `${API.content.notices}?types=B,PL,PU,PR,H&language=EN`,
      headers: { 'x-forwarded-for': freshIp(), ...(token === undefined ? {} : bearer(token)) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const groups = successEnvelope(NoticeGroupsSchema).parse(res.json()).value;
    return [...groups.banners, ...groups.player, ...groups.popup, ...groups.promotion].map((n) => n.title);
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: clock.now } });
    const db = getDb();
    const merchantId = await demoMerchantId(db);
    await wipeContent(db, merchantId);
    const add = (fixture: Omit<NoticeFixture, 'startsAtMs'> & { startsAtMs?: number }) =>
      insertNotice(db, merchantId, { startsAtMs: start - HOUR_MS, ...fixture });
    await add({ type: 'PU', execution: 'A', title: 'Member popup' });
    await add({ type: 'PU', execution: 'B', title: 'Guest popup' });
    await add({ type: 'PL', execution: 'A', title: 'Member marquee' });
    await add({ audience: 'AGENTS', type: 'PU', execution: 'A', title: 'Agents: new commission rates' });
    await add({
      ...{ audience: 'AGENTS', type: 'PU', execution: 'B', title: 'Agents: older, EN only', language: 'EN' },
      startsAtMs: start - 5 * HOUR_MS,
    });
    await add({ audience: 'AGENTS', type: 'PU', execution: 'A', title: 'Agents: TY only', language: 'TY' });
    await add({ audience: 'AGENTS', type: 'PL', execution: 'A', title: 'Agents: pinned', sort: -5 });
    await add({ audience: 'AGENTS', type: 'PU', execution: 'A', title: 'Agents: switched off', enabled: false });
    await add({
      audience: 'AGENTS',
      type: 'PU',
      execution: 'A',
      title: 'Agents: tomorrow',
      startsAtMs: start + 24 * HOUR_MS,
    });
    await add({
      ...{ audience: 'AGENTS', type: 'PU', execution: 'A', title: 'Agents: ended' },
      ...{ startsAtMs: start - 3 * HOUR_MS, endsAtMs: start - HOUR_MS },
    });
    agentToken = (await memberWithSession(app, db, { userType: USER_TYPE.AGENT_1 })).token;
  });
  afterAll(() => app.close());

  it('should give an agent the live announcements for agents of its language, pinned first then newest', async () => {
    const page = await announcements('language=EN');
    expect(titles(page)).toEqual(['Agents: pinned', 'Agents: new commission rates', 'Agents: older, EN only']);
    expect(page).toMatchObject({ pageNo: 1, total: 3, totalPages: 1 });
    expect(page.list[1]).toMatchObject({ type: 'PU', publishedAt: new Date(start - HOUR_MS).toISOString() });
    expect(titles(await announcements('language=TY'))).toEqual([
      'Agents: pinned',
      'Agents: TY only',
      'Agents: new commission rates',
    ]);
    // No language: the merchant's default (EN); one the merchant lacks: refused.
    expect(titles(await announcements(''))).toEqual(titles(page));
    const unsupported = await call('language=VI', agentToken);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe('UNSUPPORTED_LANGUAGE');
  });

  it('should page the announcements', async () => {
    const first = await announcements('language=EN&pageSize=2');
    const second = await announcements('language=EN&pageSize=2&pageNo=2');
    expect(titles(first)).toEqual(['Agents: pinned', 'Agents: new commission rates']);
    expect(titles(second)).toEqual(['Agents: older, EN only']);
    expect(second).toMatchObject({ pageNo: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect((await call('pageSize=51', agentToken)).statusCode).toBe(400);
  });

  it('should give an agent none of the players notices', async () => {
    const seen = titles(await announcements('language=EN&pageSize=50'));
    expect(seen.every((title) => title.startsWith('Agents:'))).toBe(true);
  });

  it('should give a member, a trial member and a guest nothing from the agent call', async () => {
    const member = await memberWithSession(app, getDb());
    const memberAnswer = await call('language=EN', member.token);
    expect(memberAnswer.statusCode).toBe(403);
    expect(memberAnswer.json().code).toBe('AGENT_ONLY');
    expect(memberAnswer.body).not.toMatch(/Agents:/);
    const trial = await call('language=EN', await trialToken(app, clock.now));
    expect(trial.statusCode).toBe(403);
    expect(trial.body).not.toMatch(/Agents:/);
    const guest = await call('language=EN');
    expect(guest.statusCode).toBe(401);
    expect(guest.body).not.toMatch(/Agents:/);
  });

  it('should never show players, guests or agents in the lobby an announcement for agents', async () => {
    const member = await memberWithSession(app, getDb());
    const asMember = await playerTitles(member.token);
    expect(asMember).toEqual(expect.arrayContaining(['Member popup', 'Member marquee']));
    const asGuest = await playerTitles();
    expect(asGuest).toContain('Guest popup');
    const asAgentInLobby = await playerTitles(agentToken);
    for (const seen of [asMember, asGuest, asAgentInLobby, await playerTitles(await trialToken(app, clock.now))]) {
      expect(seen.filter((title) => title.startsWith('Agents:'))).toEqual([]);
    }
  });

  describe('written in the back office', () => {
    const staffCall = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
      app.inject({
        ...{ method, url, headers: await staffHeaders(app, 'content') },
        ...(payload === undefined ? {} : { payload }),
      });

    it('should keep a notice for players unless staff write it for agents, and show each to its readers only', async () => {
      const forPlayers = await staffCall('POST', OPS_API.notices, {
        ...{ type: 'PU', execution: 'A', title: 'Staff: for players', content: 'Hello players' },
      });
      expect(forPlayers.statusCode, forPlayers.body).toBe(200);
      expect(successEnvelope(OpsNoticeSchema).parse(forPlayers.json()).value.audience).toBe('PLAYERS');
      const forAgents = await staffCall('POST', OPS_API.notices, {
        ...{ type: 'PU', execution: 'A', audience: 'AGENTS', title: 'Agents: from staff', content: 'Hello agents' },
      });
      expect(forAgents.statusCode, forAgents.body).toBe(200);
      const created = successEnvelope(OpsNoticeSchema).parse(forAgents.json()).value;
      expect(created.audience).toBe('AGENTS');

      expect(titles(await announcements('language=EN&pageSize=50'))).toContain('Agents: from staff');
      expect(titles(await announcements('language=EN&pageSize=50'))).not.toContain('Staff: for players');
      const member = await memberWithSession(app, getDb());
      expect(await playerTitles(member.token)).toContain('Staff: for players');
      expect(await playerTitles(member.token)).not.toContain('Agents: from staff');

      // The list filters by readers; moving the notice to players takes it out of the agent centre.
      const agentsOnly = await staffCall('GET', `${OPS_API.notices}?audience=AGENTS&pageSize=100`);
      const listed = successEnvelope(OpsNoticePageSchema).parse(agentsOnly.json()).value.list;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((notice) => notice.audience === 'AGENTS')).toBe(true);
      const moved = await staffCall('PATCH', OPS_API.notice.replace(':id', created.id), { audience: 'PLAYERS' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(titles(await announcements('language=EN&pageSize=50'))).not.toContain('Agents: from staff');
      expect(await playerTitles(member.token)).toContain('Agents: from staff');
      expect(
        (await staffCall('PATCH', OPS_API.notice.replace(':id', created.id), { audience: 'STAFF' })).statusCode,
      ).toBe(400);
    });
  });
});
