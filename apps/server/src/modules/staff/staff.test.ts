import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FieldErrorsValueSchema,
  STAFF_IDLE_TIMEOUT_MS,
  STAFF_RECOVERY_CODE_COUNT,
  StaffAccountPageSchema,
  StaffEnrolResponseSchema,
  StaffLoginResponseSchema,
  StaffProfileSchema,
  OPS_API,
} from '@platform/contracts';
import type { Database } from '../../db/database';
import { demoMerchantTemplate, insertMerchant } from '../../db/seed';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../db/seed-staff';
import { manualClock } from '../../lib/clock';
import { describeEachDatabase } from '../../test/databases';
import { freshIp } from '../../test/identity-helpers';
import { createStaff, signInStaff, staffPost, totpCode, type TestStaff } from '../../test/staff-helpers';
import { buildTestApp } from '../../test/test-app';

const OTHER_HOST = 'other-staff.test';
const STEP_MS = 30_000;

const fieldsOf = (body: string) => FieldErrorsValueSchema.parse(JSON.parse(body).value).fields;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type AuditRow = { action: string; staff: string; targetId: string; before: unknown; after: unknown };
const auditOf = async (db: Database, targetId: string) =>
  (
    await db.query<AuditRow>(
      `SELECT action, staff_username AS staff, target_id AS "targetId", before, after FROM staff_audit_log
       WHERE target_type = 'staff' AND target_id = $1 ORDER BY id`,
      [targetId],
    )
  ).rows;

const countStaff = async (db: Database) =>
  Number((await db.query<{ n: bigint }>('SELECT count(*) AS n FROM staff_accounts')).rows[0]?.n ?? 0n);

describeEachDatabase('staff sign-in and sessions', (getDb) => {
  let app: FastifyInstance;
  const time = manualClock();

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db, seams: { now: time.now } });
    await db.transaction(async (tx) => {
      await insertMerchant(tx, { ...demoMerchantTemplate(), code: 'otherstaff', hosts: [OTHER_HOST] });
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Moves to the next TOTP step, so an account may sign in again with a fresh code. */
  const nextStep = () => time.advance(STEP_MS);

  const login = (username: string, password: string, ip = freshIp()) =>
    staffPost(app, OPS_API.auth.login, { username, password }, ip);
  const mfaChallenge = async (account: TestStaff) => {
    const res = await login(account.username, account.password);
    expect(res.statusCode).toBe(200);
    const value = StaffLoginResponseSchema.parse(res.json().value);
    expect(value.stage).toBe('MFA');
    return value.challenge;
  };

  it('should sign an enrolled staff member in with password and TOTP code, and answer who it is', async () => {
    const account = await createStaff(app, 'cashier');
    const challenge = await mfaChallenge(account);
    const res = await staffPost(app, OPS_API.auth.mfa, { challenge, code: totpCode(account.secret, time.now()) });
    expect(res.statusCode).toBe(200);
    const { token, staff } = res.json().value;
    expect(staff).toMatchObject({ username: account.username, role: 'cashier', merchantCode: 'demo' });
    const me = await app.inject({ url: OPS_API.auth.me, headers: auth(token) });
    expect(me.statusCode).toBe(200);
    const profile = StaffProfileSchema.parse(me.json().value);
    expect(profile).toMatchObject({ id: account.id, role: 'cashier', idleTimeoutMs: STAFF_IDLE_TIMEOUT_MS });
    expect(profile.permissions).toContain('cashier.decide');
    expect(profile.permissions).not.toContain('staff.manage');
  });

  it('should sign the seeded demo staff in with the demo password and secret', async () => {
    nextStep();
    const token = await signInStaff(app, {
      username: 'OPS_OWNER',
      password: DEMO_STAFF_PASSWORD,
      secret: DEMO_STAFF_TOTP_SECRET,
    });
    const me = await app.inject({ url: OPS_API.auth.me, headers: auth(token) });
    expect(me.json().value).toMatchObject({ username: 'ops_owner', role: 'owner' });
  });

  it('should answer a wrong password and an unknown username alike', async () => {
    const account = await createStaff(app, 'support');
    const wrong = await login(account.username, 'Wrong#password1');
    const unknown = await login('nobody_here', 'Wrong#password1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong username or password',
      });
    }
  });

  it('should refuse a wrong code, and a right code used a second time', async () => {
    const account = await createStaff(app, 'risk');
    const challenge = await mfaChallenge(account);
    const wrong = await staffPost(app, OPS_API.auth.mfa, {
      challenge,
      code: '000000' === totpCode(account.secret, time.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const code = totpCode(account.secret, time.now());
    expect((await staffPost(app, OPS_API.auth.mfa, { challenge, code })).statusCode).toBe(200);
    // The challenge is spent, and so is the code, even with a new challenge.
    expect((await staffPost(app, OPS_API.auth.mfa, { challenge, code })).json().code).toBe('AUTH_REQUIRED');
    const again = await staffPost(app, OPS_API.auth.mfa, { challenge: await mfaChallenge(account), code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('should enrol TOTP at the first sign-in and hand out recovery codes that work once each', async () => {
    const account = await createStaff(app, 'content', { enrolled: false });
    const res = await login(account.username, account.password);
    const step = StaffLoginResponseSchema.parse(res.json().value);
    if (step.stage !== 'ENROL') throw new Error(`expected ENROL, got ${step.stage}`);
    expect(step.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(step.otpauthUrl).toContain(`secret=${step.secret}`);
    // Without enrolment there is no session, and a wrong first code enrols nothing.
    const wrong = await staffPost(app, OPS_API.auth.enrol, { challenge: step.challenge, code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.body).map((f) => f.path)).toEqual(['code']);

    const enrolled = await staffPost(app, OPS_API.auth.enrol, {
      challenge: step.challenge,
      code: totpCode(step.secret, time.now()),
    });
    expect(enrolled.statusCode).toBe(200);
    const value = StaffEnrolResponseSchema.parse(enrolled.json().value);
    expect(value.recoveryCodes).toHaveLength(STAFF_RECOVERY_CODE_COUNT);
    expect(new Set(value.recoveryCodes).size).toBe(STAFF_RECOVERY_CODE_COUNT);
    expect((await app.inject({ url: OPS_API.auth.me, headers: auth(value.token) })).statusCode).toBe(200);
    // The secret is stored sealed, never as given.
    const stored = await getDb().query<{ totp_secret: string }>(
      'SELECT totp_secret FROM staff_accounts WHERE id = $1',
      [account.id],
    );
    expect(stored.rows[0]?.totp_secret).not.toContain(step.secret);

    // The next sign-in asks for a code; a recovery code (any case, with or without its dash) works once.
    const [first] = value.recoveryCodes;
    if (first === undefined) throw new Error('no recovery code');
    const withCode = await staffPost(app, OPS_API.auth.mfa, {
      challenge: await mfaChallenge({ ...account, secret: step.secret }),
      recoveryCode: first.toUpperCase().replace('-', ''),
    });
    expect(withCode.statusCode).toBe(200);
    const reused = await staffPost(app, OPS_API.auth.mfa, {
      challenge: await mfaChallenge({ ...account, secret: step.secret }),
      recoveryCode: first,
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('INVALID_CREDENTIALS');
    nextStep();
    await signInStaff(app, { ...account, secret: step.secret });
    const history = await getDb().query<{ outcome: string; method: string | null }>(
      'SELECT outcome, method FROM staff_logins WHERE staff_id = $1 ORDER BY id',
      [account.id],
    );
    expect(history.rows).toEqual([
      { outcome: 'SUCCESS', method: 'ENROL' },
      { outcome: 'SUCCESS', method: 'RECOVERY_CODE' },
      { outcome: 'WRONG_CODE', method: null },
      { outcome: 'SUCCESS', method: 'TOTP' },
    ]);
  });

  it('should end a session after 15 idle minutes, and keep it while it is used', async () => {
    nextStep();
    const token = await signInStaff(app, await createStaff(app, 'cashier'));
    time.advance(STAFF_IDLE_TIMEOUT_MS - 60_000);
    expect((await app.inject({ url: OPS_API.auth.me, headers: auth(token) })).statusCode).toBe(200);
    time.advance(STAFF_IDLE_TIMEOUT_MS - 60_000);
    expect((await app.inject({ url: OPS_API.auth.me, headers: auth(token) })).statusCode).toBe(200);
    time.advance(STAFF_IDLE_TIMEOUT_MS);
    const expired = await app.inject({ url: OPS_API.deposits, headers: auth(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });

  it('should end a session 12 hours after sign-in however busy it is', async () => {
    nextStep();
    const token = await signInStaff(app, await createStaff(app, 'cashier'));
    for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
      time.advance(10 * 60_000);
      expect((await app.inject({ url: OPS_API.auth.me, headers: auth(token) })).statusCode).toBe(200);
    }
    time.advance(10 * 60_000);
    expect((await app.inject({ url: OPS_API.auth.me, headers: auth(token) })).json().code).toBe('SESSION_EXPIRED');
  });

  it('should sign out, after which the token is unknown, and audit sign-in and sign-out', async () => {
    nextStep();
    const account = await createStaff(app, 'risk');
    const token = await signInStaff(app, account);
    const out = await app.inject({ method: 'POST', url: OPS_API.auth.logout, headers: auth(token) });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: OPS_API.auth.me, headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('AUTH_REQUIRED');
    const entries = await auditOf(getDb(), account.id);
    expect(entries.map((e) => [e.action, e.staff])).toEqual([
      ['staff.login', account.username],
      ['staff.logout', account.username],
    ]);
  });

  it('should refuse a missing, malformed or unknown token with AUTH_REQUIRED', async () => {
    for (const headers of [{}, { authorization: 'Bearer short' }, auth('A'.repeat(43))]) {
      const res = await app.inject({ url: OPS_API.auth.me, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it("should not let a merchant's staff sign in or use a session on another merchant's host", async () => {
    nextStep();
    const account = await createStaff(app, 'owner');
    const token = await signInStaff(app, account);
    const elsewhere = await app.inject({ url: OPS_API.auth.me, headers: { ...auth(token), host: OTHER_HOST } });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe('AUTH_REQUIRED');
    const res = await app.inject({
      method: 'POST',
      url: OPS_API.auth.login,
      headers: { host: OTHER_HOST, 'x-forwarded-for': freshIp() },
      payload: { username: account.username, password: account.password },
    });
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('should let a super admin act on the merchant of the host it signed in on', async () => {
    const account = await createStaff(app, 'super');
    nextStep();
    const token = await signInStaff(app, account);
    expect((await app.inject({ url: OPS_API.auth.me, headers: auth(token) })).json().value.merchantCode).toBe('demo');
    nextStep();
    const login2 = await app.inject({
      method: 'POST',
      url: OPS_API.auth.login,
      headers: { host: OTHER_HOST, 'x-forwarded-for': freshIp() },
      payload: { username: account.username, password: account.password },
    });
    const mfa = await app.inject({
      method: 'POST',
      url: OPS_API.auth.mfa,
      headers: { host: OTHER_HOST, 'x-forwarded-for': freshIp() },
      payload: { challenge: login2.json().value.challenge, code: totpCode(account.secret, time.now()) },
    });
    const other = mfa.json().value.token as string;
    expect(
      (await app.inject({ url: OPS_API.auth.me, headers: { ...auth(other), host: OTHER_HOST } })).json().value
        .merchantCode,
    ).toBe('otherstaff');
    // The demo host's session is unknown on the other host.
    expect((await app.inject({ url: OPS_API.auth.me, headers: { ...auth(token), host: OTHER_HOST } })).statusCode).toBe(
      401,
    );
  });
});

describeEachDatabase('staff management', (getDb) => {
  let app: FastifyInstance;
  const time = manualClock();
  let owner: TestStaff;
  let admin: TestStaff;
  let ownerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
    owner = await createStaff(app, 'owner');
    admin = await createStaff(app, 'admin');
    ownerToken = await signInStaff(app, owner);
    adminToken = await signInStaff(app, admin);
  });
  afterAll(async () => {
    await app.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: OPS_API.staff.list, headers: as(token), payload });
  const patch = (token: string, id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: OPS_API.staff.account.replace(':id', id), headers: as(token), payload });
  const resetMfa = (token: string, id: string) =>
    app.inject({ method: 'POST', url: OPS_API.staff.resetMfa.replace(':id', id), headers: as(token) });

  it('should create a staff account, audit it, and make it enrol at its first sign-in', async () => {
    const res = await create(adminToken, {
      username: 'New.Cashier',
      displayName: 'New Cashier',
      password: 'Cashier#2026',
      role: 'cashier',
    });
    expect(res.statusCode).toBe(200);
    const account = res.json().value;
    expect(account).toMatchObject({ username: 'New.Cashier', role: 'cashier', status: 'ACTIVE', mfaEnrolled: false });
    const entries = await auditOf(getDb(), account.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'staff.create', staff: admin.username, before: null });
    expect(JSON.stringify(entries[0]?.after)).not.toMatch(/Cashier#2026|argon2/);
    const login = await staffPost(app, OPS_API.auth.login, { username: 'new.cashier', password: 'Cashier#2026' });
    expect(login.json().value.stage).toBe('ENROL');
  });

  it('should answer bad input with field errors and write nothing', async () => {
    const before = await countStaff(getDb());
    const bad = await create(ownerToken, { username: 'a b', displayName: '', password: 'short', role: 'super' });
    expect(bad.statusCode).toBe(400);
    expect(
      fieldsOf(bad.body)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['displayName', 'password', 'role', 'username']);
    const taken = await create(ownerToken, {
      username: owner.username.toUpperCase(),
      displayName: 'Twin',
      password: 'Twin#2026x',
      role: 'support',
    });
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken.body)).toEqual([{ path: 'username', message: 'This username is taken' }]);
    expect(await countStaff(getDb())).toBe(before);
  });

  it('should not let an admin create, change, disable or reset an owner, nor make anyone owner', async () => {
    const makeOwner = await create(adminToken, {
      username: 'would_be_owner',
      displayName: 'Would-be owner',
      password: 'Owner#2026x',
      role: 'owner',
    });
    expect(makeOwner.statusCode).toBe(400);
    expect(fieldsOf(makeOwner.body)).toEqual([{ path: 'role', message: 'Only an owner can give the owner role' }]);
    const support = await createStaff(app, 'support');
    const promote = await patch(adminToken, support.id, { role: 'owner' });
    expect(fieldsOf(promote.body).map((f) => f.path)).toEqual(['role']);
    for (const res of [
      await patch(adminToken, owner.id, { status: 'DISABLED' }),
      await patch(adminToken, owner.id, { displayName: 'Renamed' }),
      await resetMfa(adminToken, owner.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // An owner may.
    const promoted = await patch(ownerToken, support.id, { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().value.role).toBe('owner');
  });

  it('should not let anyone disable themselves or change their own role', async () => {
    const self = await patch(ownerToken, owner.id, { status: 'DISABLED', role: 'admin' });
    expect(self.statusCode).toBe(400);
    expect(
      fieldsOf(self.body)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['role', 'status']);
    const renamed = await patch(ownerToken, owner.id, { displayName: 'Olivia O.' });
    expect(renamed.json().value.displayName).toBe('Olivia O.');
  });

  it('should disable an account, end its sessions at once, and audit the change', async () => {
    const cashier = await createStaff(app, 'cashier');
    const token = await signInStaff(app, cashier);
    const res = await patch(adminToken, cashier.id, { status: 'DISABLED' });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: OPS_API.auth.me, headers: as(token) })).json().code).toBe('AUTH_REQUIRED');
    const login = await staffPost(app, OPS_API.auth.login, { username: cashier.username, password: cashier.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_CLOSED');
    const entry = (await auditOf(getDb(), cashier.id)).find((e) => e.action === 'staff.update');
    expect(entry).toMatchObject({
      action: 'staff.update',
      before: { status: 'ACTIVE' },
      after: { status: 'DISABLED' },
    });
  });

  it('should reset MFA: sessions end and the next sign-in enrols again', async () => {
    const content = await createStaff(app, 'content');
    const token = await signInStaff(app, content);
    const res = await resetMfa(ownerToken, content.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.mfaEnrolled).toBe(false);
    expect((await app.inject({ url: OPS_API.auth.me, headers: as(token) })).statusCode).toBe(401);
    const login = await staffPost(app, OPS_API.auth.login, { username: content.username, password: content.password });
    expect(login.json().value.stage).toBe('ENROL');
    expect((await auditOf(getDb(), content.id)).map((e) => e.action)).toContain('staff.mfa.reset');
    expect((await resetMfa(ownerToken, owner.id)).statusCode).toBe(403);
  });

  it('should list the merchant staff with filters, and know no account of another merchant', async () => {
    const list = await app.inject({
      url: `${OPS_API.staff.list}?role=admin&q=${admin.username}`,
      headers: as(ownerToken),
    });
    const page = StaffAccountPageSchema.parse(list.json().value);
    expect(page.list.map((a) => a.username)).toEqual([admin.username]);
    const superAdmin = await createStaff(app, 'super');
    const all = StaffAccountPageSchema.parse(
      (await app.inject({ url: `${OPS_API.staff.list}?pageSize=100`, headers: as(ownerToken) })).json().value,
    );
    expect(all.list.map((a) => a.username)).not.toContain(superAdmin.username);
    const hidden = await patch(ownerToken, superAdmin.id, { displayName: 'Nope' });
    expect(hidden.statusCode).toBe(404);
  });
});
