import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  STAFF_IDLE_TIMEOUT_MS,
  STAFF_RECOVERY_CODE_COUNT,
  StaffEnrolResponseSchema,
  StaffLoginResponseSchema,
  StaffProfileSchema,
  OPS_API,
} from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../../db/seed-staff';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp } from '../../../test/identity-helpers';
import { createStaff, signInStaff, staffPost, totpCode, type TestStaff } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { auditOf, auth, fieldsOf } from './staff.test-support';

const OTHER_HOST = 'other-staff.test';
const STEP_MS = 30_000;

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
