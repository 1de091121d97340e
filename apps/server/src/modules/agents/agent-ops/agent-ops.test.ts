import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  AgentLimitsSchema,
  AgentTreePageSchema,
  MemberMoveResultSchema,
  OPS_API,
  OpsAgentLimitsSchema,
  OpsAgentReportSchema,
  OpsAgentSettingsSchema,
  USER_TYPE,
  successEnvelope,
  type OpsAgentReport,
  type StaffRole,
} from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { writeRound } from '../../../test/play-stats-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, demoMerchantId, freshIp, insertMember } from '../../../test/identity-helpers';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { memberWithSession } from '../../../test/wallet-helpers';

const ACME_HOST = 'acme-agent-ops.test';
/** The merchant's agent rules as a new merchant has them. */
const SETTINGS = { agentsMayLock: false, defaultMayCreateAgents: true, defaultMaxAccounts: null };
let roundSeq = 0;

describeEachDatabase('back office for agents', (getDb) => {
  let app: FastifyInstance;
  let merchantId = 0;
  /** The seeded tree: agents A (top) > B (agent) > m2, A > m1; agent C (top). */
  const ids = { a: 0n, b: 0n, c: 0n, m1: 0n, m2: 0n };
  const names = { a: '', b: '', c: '', m1: '', m2: '' };

  const call = async (
    role: StaffRole,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      ...{ method, url, headers: { ...(await staffHeaders(app, role)), 'x-forwarded-for': freshIp() } },
      ...(payload === undefined ? {} : { payload }),
    });
  const path = (template: string, memberId: bigint) => template.replace(':memberId', memberId.toString());
  const tree = async (query = '') => {
    const res = await call('owner', 'GET', `${OPS_API.agentTree}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(AgentTreePageSchema).parse(res.json()).value;
  };
  const report = async (agentId: bigint, query = 'period=TODAY'): Promise<OpsAgentReport> => {
    const res = await call('owner', 'GET', `${path(OPS_API.agentReport, agentId)}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsAgentReportSchema).parse(res.json()).value;
  };
  const move = (memberId: bigint, parentId: bigint | null, reason = 'Agent asked to take over the team') =>
    call('owner', 'POST', path(OPS_API.memberUpline, memberId), {
      parentId: parentId === null ? null : parentId.toString(),
      reason,
    });
  const audits = async (action: string, targetId: bigint) =>
    (
      await getDb().query<{ reason: string | null; before: unknown; after: unknown; staffRole: string }>(
        `SELECT reason, before, after, staff_role AS "staffRole" FROM staff_audit_log
         WHERE action = $1 AND target_type = 'member' AND target_id = $2 ORDER BY id`,
        [action, targetId.toString()],
      )
    ).rows;
  /** A settled real-money round of `memberId`, a minute ago, then both rollups (play statistics, team). */
  const play = async (memberId: bigint, stakeMinor: bigint, payoutMinor: bigint) => {
    roundSeq += 1;
    const settledAtMs = Date.now() - 60_000;
    await writeRound(getDb(), merchantId, {
      ...{ roundId: `agent-ops-${process.pid}-${roundSeq}`, memberId, vendor: 'AO_V', gameCode: 'ao-rng' },
      ...{ gameType: 'RNG', stakeMinor, payoutMinor, status: 'SETTLED', play: false },
      ...{ startedAtMs: settledAtMs - 60_000, settledAtMs },
    });
  };
  const rollUp = async () => {
    expect((await app.jobs.trigger('play-stats.rollup')).status).toBe('DONE');
    expect((await app.jobs.trigger('agent-team.rollup')).status).toBe('DONE');
  };

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    const db = getDb();
    merchantId = await demoMerchantId(db);
    const tag = `${process.pid % 1000}${Date.now().toString(36).slice(-4)}`;
    const add = async (key: keyof typeof ids, userType: number, parentId?: bigint) => {
      const member = await insertMember(db, { userType, parentId, username: `ao${key}${tag}` });
      ids[key] = member.id;
      names[key] = member.username;
    };
    await add('a', USER_TYPE.AGENT_1);
    await add('b', USER_TYPE.AGENT_1, ids.a);
    await add('c', USER_TYPE.AGENT_2);
    await add('m1', USER_TYPE.MEMBER, ids.a);
    await add('m2', USER_TYPE.MEMBER, ids.b);
    await play(ids.m1, 1000n, 400n);
    await play(ids.m2, 2000n, 2500n);
    await play(ids.b, 500n, 0n);
    await rollUp();
  });
  afterAll(() => app.close());

  describe('permissions', () => {
    it('should refuse each agent screen to a role without its permission', async () => {
      const cases: [StaffRole, 'GET' | 'POST' | 'PUT', string, Record<string, unknown>?][] = [
        ['content', 'GET', OPS_API.agentTree],
        ['support', 'GET', path(OPS_API.agentReport, ids.a)],
        ['content', 'GET', path(OPS_API.agentLimits, ids.a)],
        ['risk', 'PUT', path(OPS_API.agentLimits, ids.a), { mayCreateAgents: false, maxAccounts: 1 }],
        ['risk', 'POST', path(OPS_API.memberUpline, ids.m1), { parentId: null, reason: 'x' }],
        ['finance', 'POST', path(OPS_API.memberUpline, ids.m1), { parentId: null, reason: 'x' }],
        ['content', 'GET', OPS_API.agentSettings],
        ['risk', 'PUT', OPS_API.agentSettings, { ...SETTINGS, agentsMayLock: true }],
      ];
      for (const [role, method, url, body] of cases) {
        const res = await call(role, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain(names.m1);
      }
      // A role with agents.view reads, without moving anything.
      expect((await call('risk', 'GET', OPS_API.agentTree)).statusCode).toBe(200);
      expect((await audits('member.move', ids.m1)).length).toBe(0);
      const anonymous = await app.inject({ url: OPS_API.agentTree, headers: { 'x-forwarded-for': freshIp() } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('the tree', () => {
    it('should list top-level agents with their team sizes and drill down with each node type', async () => {
      const top = await tree(`?username=${names.a}`);
      expect(top.parent).toBeNull();
      expect(top.list).toEqual([
        expect.objectContaining({ id: ids.a.toString(), kind: 'AGENT', direct: 2, total: 3, status: 'ACTIVE' }),
      ]);
      // Members without an upline are not top-level agents.
      const all = await tree('?pageSize=50');
      expect(all.list.every((node) => node.kind === 'AGENT')).toBe(true);

      const underA = await tree(`?parentId=${ids.a}`);
      expect(underA.parent).toMatchObject({ username: names.a, direct: 2, total: 3 });
      expect(underA.path.map((crumb) => crumb.username)).toEqual([names.a]);
      // Agents first, then members.
      expect(underA.list.map((node) => [node.username, node.kind, node.direct, node.total])).toEqual([
        [names.b, 'AGENT', 1, 1],
        [names.m1, 'MEMBER', 0, 0],
      ]);
      expect(underA).toMatchObject({ total: 2, totalPages: 1, pageNo: 1 });

      const underB = await tree(`?parentId=${ids.b}`);
      expect(underB.path.map((crumb) => crumb.username)).toEqual([names.a, names.b]);
      expect(underB.list.map((node) => node.username)).toEqual([names.m2]);

      expect((await call('owner', 'GET', `${OPS_API.agentTree}?parentId=999999999999`)).statusCode).toBe(404);
    });
  });

  describe('limits', () => {
    it('should save an agent’s limits, read them back, audit the change, and apply them in the agent centre', async () => {
      const url = path(OPS_API.agentLimits, ids.c);
      const before = successEnvelope(OpsAgentLimitsSchema).parse((await call('owner', 'GET', url)).json()).value;
      expect(before).toMatchObject({ created: 0 });
      const saved = await call('owner', 'PUT', url, { mayCreateAgents: false, maxAccounts: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(successEnvelope(OpsAgentLimitsSchema).parse(saved.json()).value).toEqual({
        mayCreateAgents: false,
        maxAccounts: 3,
        created: 0,
      });
      const read = successEnvelope(OpsAgentLimitsSchema).parse((await call('owner', 'GET', url)).json()).value;
      expect(read).toEqual({ mayCreateAgents: false, maxAccounts: 3, created: 0 });
      expect(await audits('agent.limits', ids.c)).toEqual([
        expect.objectContaining({
          before: { mayCreateAgents: before.mayCreateAgents, maxAccounts: before.maxAccounts },
          after: { mayCreateAgents: false, maxAccounts: 3 },
        }),
      ]);
      // The agent sees the same limits on its own page.
      const agent = await memberWithSession(app, getDb(), { userType: USER_TYPE.AGENT_1 });
      await call('owner', 'PUT', path(OPS_API.agentLimits, agent.id), { mayCreateAgents: true, maxAccounts: 7 });
      const own = await app.inject({
        url: API.agent.limits,
        headers: { ...bearer(agent.token), 'x-forwarded-for': freshIp() },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(successEnvelope(AgentLimitsSchema).parse(own.json()).value).toMatchObject({
        mayCreateAgents: true,
        maxAccounts: 7,
      });
    });

    it("should let staff allow agents to lock their team, audit it, and the agents' lock calls follow it", async () => {
      const agent = await memberWithSession(app, getDb(), { userType: USER_TYPE.AGENT_1 });
      const member = await insertMember(getDb(), { parentId: agent.id });
      const lock = () =>
        app.inject({
          method: 'PUT',
          url: API.agent.downlineLock.replace(':username', member.username),
          headers: { ...bearer(agent.token), 'x-forwarded-for': freshIp() },
          payload: { locked: true },
        });
      const read = async () =>
        successEnvelope(OpsAgentSettingsSchema).parse((await call('risk', 'GET', OPS_API.agentSettings)).json()).value;
      expect(await read()).toEqual(SETTINGS);
      expect((await lock()).statusCode).toBe(403);

      const saved = await call('admin', 'PUT', OPS_API.agentSettings, { ...SETTINGS, agentsMayLock: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await read()).toEqual({ ...SETTINGS, agentsMayLock: true });
      const audit = await getDb().query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM staff_audit_log WHERE action = 'agent.settings' AND target_type = 'merchant'
           AND target_id = $1 ORDER BY id`,
        [String(merchantId)],
      );
      expect(audit.rows).toEqual([{ before: SETTINGS, after: { ...SETTINGS, agentsMayLock: true } }]);
      const locked = await lock();
      expect(locked.statusCode, locked.body).toBe(200);
      expect(locked.json().value).toMatchObject({ username: member.username, status: 'LOCKED' });

      // Bad settings change nothing; back to the defaults for the tests after.
      const bad = await call('admin', 'PUT', OPS_API.agentSettings, { ...SETTINGS, defaultMaxAccounts: -2 });
      expect(bad.statusCode).toBe(400);
      expect(await read()).toEqual({ ...SETTINGS, agentsMayLock: true });
      expect((await call('admin', 'PUT', OPS_API.agentSettings, SETTINGS)).statusCode).toBe(200);
    });

    it('should refuse limits for a member who is not an agent, and bad limits', async () => {
      expect((await call('owner', 'GET', path(OPS_API.agentLimits, ids.m1))).statusCode).toBe(404);
      const body = { mayCreateAgents: true, maxAccounts: 2 };
      expect((await call('owner', 'PUT', path(OPS_API.agentLimits, ids.m1), body)).statusCode).toBe(404);
      const negative = await call('owner', 'PUT', path(OPS_API.agentLimits, ids.c), { ...body, maxAccounts: -1 });
      expect(negative.statusCode).toBe(400);
      expect((await audits('agent.limits', ids.m1)).length).toBe(0);
    });
  });

  // Order matters from here: the report reads the figures before the move, the move changes the tree.
  describe('reports and moves', () => {
    it('should give an agent’s team figures and each direct downline’s for the period', async () => {
      const a = await report(ids.a);
      expect(a.agent).toMatchObject({ username: names.a, kind: 'AGENT' });
      expect(a.teamSize).toEqual({ direct: 2, total: 3 });
      // Team A: m1 (stake 10.00, payout 4.00), m2 (20.00, 25.00), B (5.00, 0): valid bet 35.00, profit -6.00.
      expect(a.figures).toMatchObject({
        validBet: '35.00',
        profit: '-6.00',
        activeMembers: 3,
        // A's sign-ups below it today (B, m1, m2), not A itself.
        newMembers: 3,
        firstDeposits: 0,
        deposits: '0.00',
        withdrawals: '0.00',
      });
      expect(a.period.period).toBe('TODAY');
      expect(a.period.from).toBe(a.period.to);
      expect(a.downlines.total).toBe(2);
      const rows = Object.fromEntries(a.downlines.list.map((row) => [row.username, row]));
      expect(rows[names.b]).toMatchObject({
        kind: 'AGENT',
        teamSize: { direct: 1, total: 1 },
        figures: { validBet: '25.00', profit: '0.00', activeMembers: 2 },
      });
      expect(rows[names.m1]).toMatchObject({ kind: 'MEMBER', figures: { validBet: '10.00', profit: '-6.00' } });
      // Yesterday the team had not played.
      expect((await report(ids.a, 'period=YESTERDAY')).figures).toMatchObject({ validBet: '0.00', activeMembers: 0 });
      // A custom period reaching tomorrow, or longer than three months, is refused.
      const future = await call(
        'owner',
        'GET',
        `${path(OPS_API.agentReport, ids.a)}?period=CUSTOM&from=${a.period.from}&to=2999-01-01`,
      );
      expect(future.statusCode).toBe(400);
      const long = await call(
        'owner',
        'GET',
        `${path(OPS_API.agentReport, ids.a)}?period=CUSTOM&from=2020-01-01&to=2020-06-01`,
      );
      expect(long.statusCode).toBe(400);
      expect((await call('owner', 'GET', path(OPS_API.agentReport, ids.m1))).statusCode).toBe(404);
    });

    it('should refuse moves that need a reason, make a cycle, go under a non-agent or leave the site', async () => {
      const noReason = await call('owner', 'POST', path(OPS_API.memberUpline, ids.b), { parentId: ids.c.toString() });
      expect(noReason.statusCode).toBe(400);
      const blank = await move(ids.b, ids.c, '   ');
      expect(blank.statusCode).toBe(400);
      for (const [member, parent, message] of [
        [ids.a, ids.m2, /cycle|not an agent/],
        [ids.a, ids.b, /cycle/],
        [ids.a, ids.a, /itself/],
        [ids.m2, ids.m1, /not an agent/],
        [ids.m2, ids.b, /already/],
      ] as const) {
        const res = await move(member, parent);
        expect(res.statusCode, `${member} under ${parent}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'MOVE_REFUSED', message: expect.stringMatching(message) });
      }
      // An agent of another merchant: refused, and nothing about it is told.
      const acmeId = await getDb().transaction((tx) =>
        insertMerchant(tx, {
          ...demoMerchantTemplate(),
          code: `acme_ao_${process.pid % 10000}`,
          name: 'Acme',
          hosts: [ACME_HOST],
        }),
      );
      const foreign = await insertMember(getDb(), {
        userType: USER_TYPE.AGENT_1,
        merchantCode: `acme_ao_${process.pid % 10000}`,
      });
      expect(acmeId).toBeGreaterThan(0);
      const across = await move(ids.m2, foreign.id);
      expect(across.statusCode).toBe(409);
      expect(across.json().message).toMatch(/not a member of this site/);
      // Their member is not ours to move.
      expect((await move(foreign.id, ids.c)).statusCode).toBe(404);
      for (const id of [ids.a, ids.b, ids.m2, foreign.id]) expect(await audits('member.move', id)).toEqual([]);
      expect((await tree(`?parentId=${ids.b}`)).list.map((node) => node.username)).toEqual([names.m2]);
    });

    it('should refuse one of two moves made at once that together would make a cycle, and audit only the other', async () => {
      const x = await insertMember(getDb(), { userType: USER_TYPE.AGENT_1 });
      const y = await insertMember(getDb(), { userType: USER_TYPE.AGENT_1 });
      const answers = await Promise.all([move(x.id, y.id, 'X under Y'), move(y.id, x.id, 'Y under X')]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const refusedMove = answers.find((res) => res.statusCode === 409);
      expect(refusedMove?.json()).toMatchObject({ code: 'MOVE_REFUSED', message: expect.stringMatching(/cycle/) });
      const audited = [...(await audits('member.move', x.id)), ...(await audits('member.move', y.id))];
      expect(audited).toHaveLength(1);
      // The tree has one of them under the other, not a loop.
      const underX = (await tree(`?parentId=${x.id}`)).list.map((node) => node.id);
      const underY = (await tree(`?parentId=${y.id}`)).list.map((node) => node.id);
      expect([...underX, ...underY]).toHaveLength(1);
    });

    it('should move a member with its team, audit it with the reason, and change future figures only', async () => {
      const res = await move(ids.b, ids.c, 'C takes over B’s team');
      expect(res.statusCode, res.body).toBe(200);
      expect(successEnvelope(MemberMoveResultSchema).parse(res.json()).value).toEqual({
        id: ids.b.toString(),
        username: names.b,
        from: { id: ids.a.toString(), username: names.a },
        to: { id: ids.c.toString(), username: names.c },
        moved: 2,
      });
      expect(await audits('member.move', ids.b)).toEqual([
        {
          reason: 'C takes over B’s team',
          staffRole: 'owner',
          before: { upline: { id: ids.a.toString(), username: names.a } },
          after: { upline: { id: ids.c.toString(), username: names.c }, moved: 2 },
        },
      ]);
      // The tree moved with B: its member comes along, A keeps only m1.
      expect((await tree(`?parentId=${ids.a}`)).list.map((node) => node.username)).toEqual([names.m1]);
      expect((await tree(`?parentId=${ids.c}`)).list.map((node) => [node.username, node.direct])).toEqual([
        [names.b, 1],
      ]);
      expect((await tree(`?parentId=${ids.b}`)).path.map((crumb) => crumb.username)).toEqual([names.c, names.b]);

      // Figures already made stay where they were: A still shows today's play of B's team, C does not.
      expect((await report(ids.a)).figures.validBet).toBe('35.00');
      expect((await report(ids.c)).teamSize).toEqual({ direct: 1, total: 2 });
      expect((await report(ids.c)).figures.validBet).toBe('0.00');
      // New play of m2 counts for its new uplines only.
      await play(ids.m2, 700n, 100n);
      await rollUp();
      expect((await report(ids.c)).figures).toMatchObject({ validBet: '7.00', profit: '-6.00' });
      expect((await report(ids.a)).figures.validBet).toBe('35.00');

      // And to the top: B becomes a top-level agent.
      const toTop = await move(ids.b, null, 'Independent agent now');
      expect(toTop.statusCode, toTop.body).toBe(200);
      expect(successEnvelope(MemberMoveResultSchema).parse(toTop.json()).value).toMatchObject({ to: null, moved: 2 });
      expect((await tree(`?username=${names.b}`)).list.map((node) => node.username)).toEqual([names.b]);
      expect((await audits('member.move', ids.b)).map((entry) => entry.reason)).toEqual([
        'C takes over B’s team',
        'Independent agent now',
      ]);
    });
  });
});
