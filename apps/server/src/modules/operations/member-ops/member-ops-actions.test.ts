import { describe, expect, it } from 'vitest';
import {
  API,
  BetRecordPageSchema,
  MemberLoginPageSchema,
  MemberNotePageSchema,
  MemberNoteSchema,
  MemberPasswordResetResultSchema,
  MemberStatusResultSchema,
  USER_TYPE,
  successEnvelope,
  type StaffRole,
  OPS_API,
} from '@platform/contracts';
import { insertRound, upsertVendor } from '../../../test/bets-helpers';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  clearRateLimits,
  freshIp,
  insertMember,
  login,
  loginOk,
  outbox,
  sealed,
} from '../../../test/identity-helpers';
import { auditOf, fieldsOf, memberOpsFixture, pathOf, statusOf } from './member-ops.test-support';

describeEachDatabase('members and agents staff API: history, status, password reset and notes', (getDb) => {
  const f = memberOpsFixture(getDb);
  const { tag, call, raw } = f;

  describe('login history and betting records', () => {
    it('should page the login history newest first', async () => {
      const member = await insertMember(getDb());
      await loginOk(f.app, member.username, member.password, { ip: '10.200.0.1' });
      await loginOk(f.app, member.username, member.password, { ip: '10.200.0.2' });
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
      await upsertVendor(db, f.merchantId, { code: 'MO_SLOTS', displayName: 'Members Ops Slots' });
      const at = Date.now() - 60_000;
      const base = { vendor: 'MO_SLOTS', gameCode: 'mo-game', startedAtMs: at };
      await insertRound(db, f.merchantId, { ...base, roundId: `${tag}-1`, memberId: f.downline.id, betMinor: 1_000n });
      await insertRound(db, f.merchantId, { ...base, roundId: `${tag}-2`, memberId: f.agent.id, betMinor: 500n });
      const page = await call('support', BetRecordPageSchema, {
        url: `${pathOf(OPS_API.memberBets, f.downline.id)}?period=LAST_7_DAYS`,
      });
      expect(page.list.map((r) => [r.roundId, r.bet])).toEqual([[`${tag}-1`, '10.00']]);
    });
  });

  describe('status', () => {
    const change = (memberId: bigint, payload: Record<string, unknown>, role: StaffRole = 'risk') =>
      raw(role, { method: 'POST', url: pathOf(OPS_API.memberStatus, memberId), payload });

    it('should lock with a reason, end the sessions, then unlock; each change audited', async () => {
      const member = await insertMember(getDb());
      const { token } = await loginOk(f.app, member.username, member.password, { ip: freshIp() });
      const locked = await change(member.id, { action: 'LOCK', reason: 'suspected account sharing' });
      expect(successEnvelope(MemberStatusResultSchema).parse(locked.json()).value).toEqual({
        id: member.id.toString(),
        status: 'LOCKED',
        sessionsRevoked: 1,
      });
      expect((await f.app.inject({ url: API.member.info, headers: bearer(token) })).statusCode).toBe(401);
      const refused = await login(f.app, { username: member.username, password: member.password, side: 'member' });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_LOCKED']);

      const again = await change(member.id, { action: 'LOCK', reason: 'twice' });
      expect([again.statusCode, again.json().code]).toEqual([409, 'MEMBER_STATE_INVALID']);
      expect((await change(member.id, { action: 'UNLOCK', reason: 'cleared by risk' })).statusCode).toBe(200);
      await clearRateLimits(getDb());
      await loginOk(f.app, member.username, member.password, { ip: freshIp() });
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
      const refused = await login(f.app, { username: member.username, password: member.password, side: 'member' });
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
      const [mail] = await outbox(f.app, email);
      const token = mail?.body.match(/\/\?resetToken=([A-Za-z0-9_-]+)/)?.[1];
      if (token === undefined) throw new Error('no reset link was sent');
      expect(mail?.body).toContain('http://localhost:80/?resetToken=');

      const audit = await auditOf(getDb(), member.id);
      expect(audit.map((a) => a.action)).toEqual(['member.password-reset']);
      expect(JSON.stringify(audit)).not.toContain(token);

      const NEW = 'Chosen#2026x';
      const done = await sealed(
        f.app,
        'POST',
        API.member.resetPassword,
        { token, newPassword: NEW, confirmNewPassword: NEW },
        { ip: freshIp() },
      );
      expect(done.statusCode, done.body).toBe(200);
      await loginOk(f.app, member.username, NEW, { ip: freshIp() });
      const twice = await sealed(
        f.app,
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
      const [sms] = await outbox(f.app, '+639175550099');
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
      const id = f.acmeMember.id;
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
