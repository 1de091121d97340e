import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BetRecordPageSchema,
  FieldErrorsValueSchema,
  MemberLoginPageSchema,
  MemberNotePageSchema,
  MemberNoteSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberStatusResultSchema,
  OpsMemberProfileSchema,
  TransactionPageSchema,
  USER_TYPE,
  successEnvelope,
  type StaffRole,
  OPS_API,
} from '@platform/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../db/seed';
import { insertRound, upsertVendor } from '../../test/bets-helpers';
import { describeEachDatabase } from '../../test/databases';
import {
  bearer,
  clearRateLimits,
  demoMerchantId,
  freshIp,
  insertMember,
  login,
  loginOk,
  outbox,
  sealed,
  type TestMember,
} from '../../test/identity-helpers';
import { staffHeaders } from '../../test/staff-helpers';
import { buildTestApp } from '../../test/test-app';
import { trialToken } from '../../test/wallet-helpers';
import { searchStatements, type MemberSearchFilter } from './member-ops.repository';
import { mobileFilterOf } from './member-ops.service';

const ACME_HOST = 'acme-members.test';

const fieldsOf = (body: string) => FieldErrorsValueSchema.parse(JSON.parse(body).value).fields;
const pathOf = (template: string, memberId: bigint | string) => template.replace(':memberId', memberId.toString());

type AuditRow = { action: string; before: unknown; after: unknown; reason: string | null; role: string };
const auditOf = async (db: Database, memberId: bigint) =>
  (
    await db.query<AuditRow>(
      `SELECT action, before, after, reason, staff_role AS role FROM staff_audit_log
       WHERE target_type = 'member' AND target_id = $1 ORDER BY id`,
      [memberId.toString()],
    )
  ).rows;

const statusOf = async (db: Database, memberId: bigint) =>
  (await db.query<{ status: string }>('SELECT status FROM members WHERE id = $1', [memberId])).rows[0]?.status;

describeEachDatabase('members and agents staff API', (getDb) => {
  let app: FastifyInstance;
  let merchantId: number;
  let agent: TestMember;
  let subagent: TestMember;
  let downline: TestMember;
  let acmeMember: TestMember;
  const tag = `m${Date.now().toString(36)}`;

  const call = async <S extends z.ZodType>(
    role: StaffRole,
    schema: S,
    request: { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> },
  ): Promise<z.output<S>> => {
    const res = await app.inject({ ...request, headers: await staffHeaders(app, role) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return schema.parse(res.json().value) as z.output<S>;
  };
  const raw = async (
    role: StaffRole | null,
    request: { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> },
  ) => app.inject({ ...request, headers: role === null ? {} : await staffHeaders(app, role) });
  const search = (query: Record<string, string>, role: StaffRole = 'support') =>
    call(role, MemberSearchPageSchema, { url: `${OPS_API.members}?${new URLSearchParams(query).toString()}` });
  const names = (page: { list: { username: string }[] }) => page.list.map((m) => m.username);

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db });
    merchantId = await demoMerchantId(db);
    agent = await insertMember(db, { username: `${tag}_agent`, userType: USER_TYPE.AGENT_1, email: `${tag}a@x.test` });
    subagent = await insertMember(db, { username: `${tag}_sub`, userType: USER_TYPE.AGENT_2, parentId: agent.id });
    downline = await insertMember(db, {
      username: `${tag}_Down`,
      parentId: subagent.id,
      mobile: ['+63', '9175550001'],
      email: `${tag}d@x.test`,
    });
    await db.query("UPDATE members SET payee_name = 'Maria Clara', payment_password_hash = 'not-shown' WHERE id = $1", [
      downline.id,
    ]);
    await db.transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'acme_members', name: 'Acme', hosts: [ACME_HOST] }),
    );
    acmeMember = await insertMember(db, { username: `${tag}_acme`, merchantCode: 'acme_members' });
  });
  afterAll(() => app.close());

  describe('search', () => {
    it('should find members by username prefix, case-insensitively, in username order', async () => {
      expect(names(await search({ username: `${tag.toUpperCase()}_` }))).toEqual([
        `${tag}_agent`,
        `${tag}_Down`,
        `${tag}_sub`,
      ]);
      expect(names(await search({ username: `${tag}_d` }))).toEqual([`${tag}_Down`]);
      // LIKE wildcards typed by staff match only themselves.
      expect(names(await search({ username: `${tag}%` }))).toEqual([]);
      expect(names(await search({ username: `${tag.slice(0, -1)}_` }))).toEqual([]);
    });

    it('should find a member by mobile number, with or without the country code', async () => {
      expect(names(await search({ mobile: '+63 917 555 0001' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ mobile: '09175550001' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ mobile: '+1 917 555 0001' }))).toEqual([]);
    });

    it('should find a member by real name and show the upline', async () => {
      const page = await search({ realName: 'maria c' });
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({
        username: `${tag}_Down`,
        realName: 'Maria Clara',
        upline: `${tag}_sub`,
        userType: 0,
        status: 'ACTIVE',
        countryDialingCode: '+63',
        mobileNum: '9175550001',
      });
    });

    it("should list an agent's direct downline and filter agents by kind and type", async () => {
      expect(names(await search({ agent: `${tag}_agent` }))).toEqual([`${tag}_sub`]);
      expect(names(await search({ agent: `${tag}_SUB` }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ username: tag, kind: 'AGENT' }))).toEqual([`${tag}_agent`, `${tag}_sub`]);
      expect(names(await search({ username: tag, kind: 'AGENT', userType: '2' }))).toEqual([`${tag}_sub`]);
      expect(names(await search({ username: tag, kind: 'MEMBER' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ username: tag, kind: 'MEMBER', userType: '1' }))).toEqual([]);
    });

    it('should filter by status and registration date in the merchant time zone, newest first', async () => {
      const db = getDb();
      const a = await insertMember(db, { username: `${tag}_old1` });
      const b = await insertMember(db, { username: `${tag}_old2` });
      await db.query("UPDATE members SET created_at = '2020-03-01T12:00:00Z' WHERE id = $1", [a.id]);
      await db.query("UPDATE members SET created_at = '2020-03-02T12:00:00Z', status = 'LOCKED' WHERE id = $1", [b.id]);
      const range = { registeredFrom: '2020-03-01', registeredTo: '2020-03-02' };
      expect(names(await search(range))).toEqual([`${tag}_old2`, `${tag}_old1`]);
      expect(names(await search({ ...range, status: 'LOCKED' }))).toEqual([`${tag}_old2`]);
      expect(names(await search({ registeredFrom: '2020-03-02', registeredTo: '2020-03-02' }))).toEqual([
        `${tag}_old2`,
      ]);
    });

    it('should page with a bounded page size', async () => {
      const first = await search({ username: tag, pageSize: '2' });
      expect(first.list).toHaveLength(2);
      expect(first.totalPages).toBeGreaterThanOrEqual(2);
      const second = await search({ username: tag, pageSize: '2', pageNo: '2' });
      expect(names(second).some((name) => names(first).includes(name))).toBe(false);
      const tooBig = await raw('support', { url: `${OPS_API.members}?pageSize=101` });
      expect([tooBig.statusCode, fieldsOf(tooBig.body).map((f) => f.path)]).toEqual([400, ['pageSize']]);
    });

    it('should answer bad filters with field errors', async () => {
      const res = await raw('support', {
        url: `${OPS_API.members}?username=a&registeredFrom=2026-02-01&registeredTo=2026-01-01&userType=3`,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['username', 'userType', 'registeredTo']);
      const unknownAgent = await raw('support', { url: `${OPS_API.members}?agent=${tag}_Down` });
      expect([unknownAgent.statusCode, fieldsOf(unknownAgent.body)]).toEqual([
        400,
        [{ path: 'agent', message: 'no agent has this username' }],
      ]);
    });

    it("should not list another merchant's members", async () => {
      expect(names(await search({ username: `${tag}_acme` }))).toEqual([]);
    });

    it('should read members through an index for every filter, never a scan of the table', async () => {
      const shapes: Omit<MemberSearchFilter, 'merchantId'>[] = [
        {},
        { usernamePrefix: 'dem' },
        { realNamePrefix: 'mar' },
        { mobile: mobileFilterOf('+63 917 555 0001') },
        { mobile: mobileFilterOf('0917 555 0001') },
        { userTypes: [0] },
        { userTypes: [1, 2, 41, 42] },
        { status: 'LOCKED' },
        { registeredFrom: '2020-01-01', registeredTo: '2020-12-31' },
        { parentId: agent.id },
      ];
      const scans = await getDb().transaction(async (tx) => {
        // With sequential scans priced out, the planner still picks one when no index can answer the query.
        await tx.query('SET LOCAL enable_seqscan = off');
        const found: string[] = [];
        for (const shape of shapes) {
          const statements = searchStatements({ ...shape, merchantId }, { offset: 0, limit: 20, cap: 5000 });
          for (const statement of [statements.page, statements.count]) {
            const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
              `EXPLAIN (FORMAT JSON) ${statement.text}`,
              statement.params,
            );
            const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
            for (const table of ['members', 'member_logins']) {
              const pattern = new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`);
              if (pattern.test(plan)) found.push(`${JSON.stringify(shape)} ${table}`);
            }
          }
        }
        return found;
      });
      expect(scans).toEqual([]);
    });

    it('should refuse callers without a session or without members.view', async () => {
      expect((await raw(null, { url: OPS_API.members })).statusCode).toBe(401);
      const content = await raw('content', { url: OPS_API.members });
      expect([content.statusCode, content.json().code]).toEqual([403, 'FORBIDDEN']);
    });
  });

  describe('profile', () => {
    it('should show identity, upline chain and balances, and never a password hash', async () => {
      const res = await raw('finance', { url: pathOf(OPS_API.member, downline.id) });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/argon2|not-shown|passwordHash|paymentPasswordHash/);
      const profile = successEnvelope(OpsMemberProfileSchema).parse(res.json()).value;
      expect(profile).toMatchObject({
        id: downline.id.toString(),
        username: `${tag}_Down`,
        email: `${tag}d@x.test`,
        realName: 'Maria Clara',
        hasPaymentPassword: true,
        directDownline: null,
        balances: [],
      });
      expect(profile.uplineChain.map((u) => [u.username, u.userType])).toEqual([
        [`${tag}_sub`, 2],
        [`${tag}_agent`, 1],
      ]);
    });

    it("should count an agent's direct downline", async () => {
      const profile = await call('support', OpsMemberProfileSchema, { url: pathOf(OPS_API.member, subagent.id) });
      expect(profile.directDownline).toEqual({ count: 1, capped: false });
      expect(profile.uplineChain.map((u) => u.username)).toEqual([`${tag}_agent`]);
    });

    it("should show every ledger account of the member and its account record (a trial's play money)", async () => {
      await trialToken(app);
      const [trial] = (await search({ kind: 'TRIAL', pageSize: '1' })).list;
      if (trial === undefined) throw new Error('no trial member');
      const profile = await call('support', OpsMemberProfileSchema, { url: pathOf(OPS_API.member, trial.id) });
      expect(profile.userType).toBe(USER_TYPE.TRIAL);
      expect(profile.balances).toHaveLength(1);
      expect(profile.balances[0]?.purpose).toBe('PLAY');
      expect(Number(profile.balances[0]?.balance)).toBeGreaterThan(0);
      const records = await call('support', TransactionPageSchema, {
        url: pathOf(OPS_API.memberTransactions, trial.id),
      });
      expect(records.list.map((r) => [r.code, r.balanceAfter])).toEqual([['PLAY_FUND', profile.balances[0]?.balance]]);
    });
  });

  describe('login history and betting records', () => {
    it('should page the login history newest first', async () => {
      const member = await insertMember(getDb());
      await loginOk(app, member.username, member.password, { ip: '10.200.0.1' });
      await loginOk(app, member.username, member.password, { ip: '10.200.0.2' });
      const page = await call('support', MemberLoginPageSchema, {
        url: `${pathOf(OPS_API.memberLogins, member.id)}?pageSize=1`,
      });
      expect([page.list.map((l) => l.ip), page.totalPages]).toEqual([['10.200.0.2'], 2]);
      const second = await call('support', MemberLoginPageSchema, {
        url: `${pathOf(OPS_API.memberLogins, member.id)}?pageSize=1&pageNo=2`,
      });
      expect(second.list.map((l) => [l.ip, l.method])).toEqual([['10.200.0.1', 'PASSWORD']]);
    });

    it("should show the member's betting record, not another member's", async () => {
      const db = getDb();
      await upsertVendor(db, merchantId, { code: 'MO_SLOTS', displayName: 'Members Ops Slots' });
      const at = Date.now() - 60_000;
      const base = { vendor: 'MO_SLOTS', gameCode: 'mo-game', startedAtMs: at };
      await insertRound(db, merchantId, { ...base, roundId: `${tag}-1`, memberId: downline.id, betMinor: 1_000n });
      await insertRound(db, merchantId, { ...base, roundId: `${tag}-2`, memberId: agent.id, betMinor: 500n });
      const page = await call('support', BetRecordPageSchema, {
        url: `${pathOf(OPS_API.memberBets, downline.id)}?period=LAST_7_DAYS`,
      });
      expect(page.list.map((r) => [r.roundId, r.bet])).toEqual([[`${tag}-1`, '10.00']]);
    });
  });

  describe('status', () => {
    const change = (memberId: bigint, payload: Record<string, unknown>, role: StaffRole = 'risk') =>
      raw(role, { method: 'POST', url: pathOf(OPS_API.memberStatus, memberId), payload });

    it('should lock with a reason, end the sessions, then unlock; each change audited', async () => {
      const member = await insertMember(getDb());
      const { token } = await loginOk(app, member.username, member.password, { ip: freshIp() });
      const locked = await change(member.id, { action: 'LOCK', reason: 'suspected account sharing' });
      expect(successEnvelope(MemberStatusResultSchema).parse(locked.json()).value).toEqual({
        id: member.id.toString(),
        status: 'LOCKED',
        sessionsRevoked: 1,
      });
      expect((await app.inject({ url: API.member.info, headers: bearer(token) })).statusCode).toBe(401);
      const refused = await login(app, { username: member.username, password: member.password, side: 'member' });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_LOCKED']);

      const again = await change(member.id, { action: 'LOCK', reason: 'twice' });
      expect([again.statusCode, again.json().code]).toEqual([409, 'MEMBER_STATE_INVALID']);
      expect((await change(member.id, { action: 'UNLOCK', reason: 'cleared by risk' })).statusCode).toBe(200);
      await clearRateLimits(getDb());
      await loginOk(app, member.username, member.password, { ip: freshIp() });
      expect(await auditOf(getDb(), member.id)).toEqual([
        {
          action: 'member.lock',
          before: { status: 'ACTIVE' },
          after: { status: 'LOCKED', sessionsRevoked: 1 },
          reason: 'suspected account sharing',
          role: 'risk',
        },
        {
          action: 'member.unlock',
          before: { status: 'LOCKED' },
          after: { status: 'ACTIVE', sessionsRevoked: 0 },
          reason: 'cleared by risk',
          role: 'risk',
        },
      ]);
    });

    it('should close for good: a closed account cannot be unlocked or logged into', async () => {
      const member = await insertMember(getDb());
      expect((await change(member.id, { action: 'CLOSE', reason: 'member asked to close' })).statusCode).toBe(200);
      for (const action of ['UNLOCK', 'LOCK', 'CLOSE']) {
        const res = await change(member.id, { action, reason: 'try again' });
        expect([res.statusCode, res.json().code], action).toEqual([409, 'MEMBER_STATE_INVALID']);
      }
      expect(await statusOf(getDb(), member.id)).toBe('CLOSED');
      expect((await auditOf(getDb(), member.id)).map((a) => a.action)).toEqual(['member.close']);
      const refused = await login(app, { username: member.username, password: member.password, side: 'member' });
      expect(refused.json().code).toBe('ACCOUNT_CLOSED');
    });

    it('should require a reason and the members.status permission, and write nothing otherwise', async () => {
      const member = await insertMember(getDb());
      const blank = await change(member.id, { action: 'LOCK', reason: '   ' });
      expect([blank.statusCode, fieldsOf(blank.body)]).toEqual([
        400,
        [{ path: 'reason', message: 'a reason is required' }],
      ]);
      const unknown = await change(member.id, { action: 'BAN', reason: 'x' });
      expect(fieldsOf(unknown.body).map((f) => f.path)).toEqual(['action']);
      const support = await change(member.id, { action: 'LOCK', reason: 'not my job' }, 'support');
      expect([support.statusCode, support.json().code]).toEqual([403, 'FORBIDDEN']);
      expect(await statusOf(getDb(), member.id)).toBe('ACTIVE');
      expect(await auditOf(getDb(), member.id)).toEqual([]);
    });
  });

  describe('password reset', () => {
    const reset = (memberId: bigint, channel: string, role: StaffRole = 'support') =>
      raw(role, { method: 'POST', url: pathOf(OPS_API.memberPasswordReset, memberId), payload: { channel } });

    it('should email a single-use link the member completes, audited without the token', async () => {
      const email = `${tag}reset@x.test`;
      const member = await insertMember(getDb(), { email });
      const res = await reset(member.id, 'EMAIL');
      expect(res.statusCode, res.body).toBe(200);
      const result = successEnvelope(MemberPasswordResetResultSchema).parse(res.json()).value;
      expect(result.sentTo).toBe(`${tag.slice(0, 1)}***@x.test`);
      const [mail] = await outbox(app, email);
      const token = mail?.body.match(/\/\?resetToken=([A-Za-z0-9_-]+)/)?.[1];
      if (token === undefined) throw new Error('no reset link was sent');
      expect(mail?.body).toContain('http://localhost:80/?resetToken=');

      const audit = await auditOf(getDb(), member.id);
      expect(audit.map((a) => a.action)).toEqual(['member.password-reset']);
      expect(JSON.stringify(audit)).not.toContain(token);

      const NEW = 'Chosen#2026x';
      const done = await sealed(
        app,
        'POST',
        API.member.resetPassword,
        { token, newPassword: NEW, confirmNewPassword: NEW },
        { ip: freshIp() },
      );
      expect(done.statusCode, done.body).toBe(200);
      await loginOk(app, member.username, NEW, { ip: freshIp() });
      const twice = await sealed(
        app,
        'POST',
        API.member.resetPassword,
        { token, newPassword: 'Other#2026x', confirmNewPassword: 'Other#2026x' },
        { ip: freshIp() },
      );
      expect(twice.json().code).toBe('RESET_LINK_INVALID');
    });

    it('should text the link to the mobile on file', async () => {
      const member = await insertMember(getDb(), { mobile: ['+63', '9175550099'] });
      const result = await call('support', MemberPasswordResetResultSchema, {
        method: 'POST',
        url: pathOf(OPS_API.memberPasswordReset, member.id),
        payload: { channel: 'SMS' },
      });
      expect(result.sentTo).toBe('+63 ******0099');
      const [sms] = await outbox(app, '+639175550099');
      expect(sms?.body).toMatch(/\/\?resetToken=[A-Za-z0-9_-]{43}/);
    });

    it('should refuse a channel the member has no address for, a trial, and roles without members.password', async () => {
      const member = await insertMember(getDb());
      const noEmail = await reset(member.id, 'EMAIL');
      expect([noEmail.statusCode, fieldsOf(noEmail.body)]).toEqual([
        400,
        [{ path: 'channel', message: 'the member has no email address' }],
      ]);
      const noPhone = await reset(member.id, 'SMS');
      expect(fieldsOf(noPhone.body).map((f) => f.path)).toEqual(['channel']);
      const risk = await reset(member.id, 'EMAIL', 'risk');
      expect([risk.statusCode, risk.json().code]).toEqual([403, 'FORBIDDEN']);
      const trial = await insertMember(getDb(), { userType: USER_TYPE.TRIAL, email: `${tag}t@x.test` });
      const refused = await reset(trial.id, 'EMAIL');
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'MEMBER_STATE_INVALID']);
      expect(await auditOf(getDb(), member.id)).toEqual([]);
      expect(await auditOf(getDb(), trial.id)).toEqual([]);
      const tokens = await getDb().query('SELECT 1 FROM password_reset_tokens WHERE member_id = ANY($1::bigint[])', [
        [member.id, trial.id],
      ]);
      expect(tokens.rows).toHaveLength(0);
    });
  });

  describe('notes', () => {
    const notesUrl = (memberId: bigint) => pathOf(OPS_API.memberNotes, memberId);

    it('should add notes and list them newest first, each audited', async () => {
      const member = await insertMember(getDb());
      await call('support', MemberNoteSchema, {
        method: 'POST',
        url: notesUrl(member.id),
        payload: { text: 'Called about a deposit' },
      });
      const second = await call('cashier', MemberNoteSchema, {
        method: 'POST',
        url: notesUrl(member.id),
        payload: { text: '  Deposit found and credited  ' },
      });
      expect(second.text).toBe('Deposit found and credited');
      const page = await call('finance', MemberNotePageSchema, { url: notesUrl(member.id) });
      expect(page.list.map((n) => n.text)).toEqual(['Deposit found and credited', 'Called about a deposit']);
      expect(page.list[0]?.staff).toMatch(/^t_cashier_/);
      expect((await auditOf(getDb(), member.id)).map((a) => [a.action, a.role])).toEqual([
        ['member.note', 'support'],
        ['member.note', 'cashier'],
      ]);
    });

    it('should refuse an empty or too long note with a field error and write nothing', async () => {
      const member = await insertMember(getDb());
      for (const text of ['', '   ', 'x'.repeat(1001)]) {
        const res = await raw('support', { method: 'POST', url: notesUrl(member.id), payload: { text } });
        expect([res.statusCode, fieldsOf(res.body).map((f) => f.path)]).toEqual([400, ['text']]);
      }
      const finance = await raw('finance', { method: 'POST', url: notesUrl(member.id), payload: { text: 'hi' } });
      expect([finance.statusCode, finance.json().code]).toEqual([403, 'FORBIDDEN']);
      const page = await call('support', MemberNotePageSchema, { url: notesUrl(member.id) });
      expect(page).toEqual({ list: [], pageNo: 1, totalPages: 0 });
      expect(await auditOf(getDb(), member.id)).toEqual([]);
    });
  });

  describe("another merchant's member", () => {
    it('should answer 404 on every member endpoint and change nothing', async () => {
      const id = acmeMember.id;
      const calls: { method?: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
        { url: pathOf(OPS_API.member, id) },
        { url: pathOf(OPS_API.memberLogins, id) },
        { url: pathOf(OPS_API.memberTransactions, id) },
        { url: pathOf(OPS_API.memberBets, id) },
        { url: pathOf(OPS_API.memberNotes, id) },
        { method: 'POST', url: pathOf(OPS_API.memberNotes, id), payload: { text: 'not yours' } },
        { method: 'POST', url: pathOf(OPS_API.memberStatus, id), payload: { action: 'LOCK', reason: 'not yours' } },
        { method: 'POST', url: pathOf(OPS_API.memberPasswordReset, id), payload: { channel: 'EMAIL' } },
      ];
      for (const request of calls) {
        const res = await raw('owner', request);
        expect([res.statusCode, res.json().code], request.url).toEqual([404, 'NOT_FOUND']);
      }
      expect(await statusOf(getDb(), id)).toBe('ACTIVE');
      expect(await auditOf(getDb(), id)).toEqual([]);
      const notes = await getDb().query('SELECT 1 FROM member_notes WHERE member_id = $1', [id]);
      expect(notes.rows).toHaveLength(0);
    });

    it('should answer 400 for an id that is not a member id', async () => {
      const res = await raw('support', { url: pathOf(OPS_API.member, 'abc') });
      expect([res.statusCode, fieldsOf(res.body).map((f) => f.path)]).toEqual([400, ['memberId']]);
    });
  });
});
