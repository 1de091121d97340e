import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FailureEnvelopeSchema, LoginFailureValueSchema, LoginResponseSchema } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import {
  TEST_CAPTCHA,
  clearRateLimits,
  freshIp,
  insertMember,
  login,
  loginOk,
  solveCaptcha,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { LOGIN_RULES } from './login-guard';

const MINUTE_MS = 60_000;

describeEachDatabase('login', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now, captchaText: () => TEST_CAPTCHA } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const hashes = () => app.metrics.passwordHashes;
  const attempt = (username: string, password: string, extra: Record<string, unknown> = {}, ip = '127.0.0.1') =>
    login(app, { username, password, ...extra }, { ip, now: time.now });

  describe('with the right password', () => {
    it('should answer a LoginResponse with the member, a token, and the previous login time', async () => {
      const member = await insertMember(getDb());
      const first = await loginOk(app, member.username, member.password, { now: time.now });
      expect(first).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false });
      expect(first.previousLoginAt).toBeNull();
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.user).toMatchObject({ account: member.username, type: 0, isAgent: false, isTrial: false });
      time.advance(MINUTE_MS);
      const second = await loginOk(app, `  ${member.username.toUpperCase()}  `, member.password, { now: time.now });
      expect(second.firstTimeLogin).toBe(false);
      expect(second.previousLoginAt).toBe(first.user.lastLoginAt);
      expect(second.token).not.toBe(first.token);
    });

    it('should ask for a password change when the password is the weak default 123456', async () => {
      const response = await loginOk(app, 'weak_member', '123456', { now: time.now });
      expect(response.mustChangePassword).toBe(true);
      expect(response.passwordExpired).toBe(false);
    });

    it('should report an expired password only while PWDEXPIRY3 is on', async () => {
      const member = await insertMember(getDb());
      await getDb().query("UPDATE members SET password_changed_at = now() - interval '200 days' WHERE id = $1", [
        member.id,
      ]);
      expect((await loginOk(app, member.username, member.password, { now: time.now })).passwordExpired).toBe(false);
      await getDb().query("UPDATE merchant_whitelabel_modules SET enabled = true WHERE mod_id = 'PWDEXPIRY3'");
      try {
        const response = await loginOk(app, member.username, member.password, { now: time.now });
        expect(response).toMatchObject({ passwordExpired: true, mustChangePassword: true });
      } finally {
        await getDb().query("UPDATE merchant_whitelabel_modules SET enabled = false WHERE mod_id = 'PWDEXPIRY3'");
      }
    });

    it('should admit agents and members in the popup, only agents on /agent, and no trial account anywhere', async () => {
      const agent = await attempt('demo_agent', 'Agent#2026');
      expect(agent.statusCode).toBe(200);
      expect(LoginResponseSchema.parse(agent.json().value).user).toMatchObject({ isAgent: true, type: 1 });
      const member = await attempt('demo_member', 'Demo#2026', { side: 'agent' });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toMatchObject({ code: 'AGENT_ONLY', message: 'Non-agents cannot log in' });
      const ok = await attempt('demo_agent', 'Agent#2026', { side: 'agent' });
      expect(LoginResponseSchema.parse(ok.json().value).user).toMatchObject({ isAgent: true, type: 1 });
      const trial = await insertMember(getDb(), { userType: 4 });
      const popup = await attempt(trial.username, trial.password);
      expect(popup.statusCode).toBe(403);
      expect(popup.json()).toMatchObject({ code: 'MEMBER_NO_ENTER', message: 'Non-member account unable to login' });
    });

    it('should refuse locked and closed accounts, after the password check only', async () => {
      const member = await insertMember(getDb());
      await getDb().query("UPDATE members SET status = 'LOCKED' WHERE id = $1", [member.id]);
      const locked = await attempt(member.username, member.password);
      expect([locked.statusCode, locked.json().code]).toEqual([403, 'ACCOUNT_LOCKED']);
      await getDb().query("UPDATE members SET status = 'CLOSED' WHERE id = $1", [member.id]);
      const closed = await attempt(member.username, member.password);
      expect([closed.statusCode, closed.json().code]).toEqual([403, 'ACCOUNT_CLOSED']);
      // Without the password nothing tells that the account is closed.
      const wrong = await attempt(member.username, 'Wrong#2026');
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('enumeration safety', () => {
    it('should answer an unknown user and a wrong password with identical envelopes, one hash each', async () => {
      const member = await insertMember(getDb());
      const before = hashes();
      const unknown = await attempt('nobody_at_all', 'Wrong#2026', {}, freshIp());
      const wrong = await attempt(member.username, 'Wrong#2026', {}, freshIp());
      expect(hashes() - before).toBe(2);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(unknown.statusCode);
      expect(wrong.json()).toEqual(unknown.json());
      expect(FailureEnvelopeSchema.parse(wrong.json())).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong username or password',
        value: { captcha: true },
      });
    });
  });

  describe('failures, captcha and throttles', () => {
    it('should demand a captcha after the first failure, before any hash, and accept a solved one', async () => {
      const member = await insertMember(getDb());
      const before = hashes();
      const first = await attempt(member.username, 'Wrong#2026');
      expect(LoginFailureValueSchema.parse(first.json().value).captcha).toBe(true);
      const noCaptcha = await attempt(member.username, member.password);
      expect([noCaptcha.statusCode, noCaptcha.json().code]).toEqual([400, 'CAPTCHA_REQUIRED']);
      expect(noCaptcha.json().value).toEqual({ captcha: true });
      const wrongCaptcha = await attempt(member.username, member.password, {
        ...(await solveCaptcha(app)),
        captcha: 'XXXXX',
      });
      expect(wrongCaptcha.json().code).toBe('CAPTCHA_INVALID');
      expect(hashes() - before).toBe(1);
      const solved = await attempt(member.username, member.password, await solveCaptcha(app));
      expect(solved.statusCode).toBe(200);
      expect(hashes() - before).toBe(2);
      // Success forgets the account's failures: the next login from another address needs no captcha.
      expect((await attempt(member.username, member.password, {}, freshIp())).statusCode).toBe(200);
    });

    it('should not put other members behind the same address under captcha after one failed login', async () => {
      const [a, b] = [await insertMember(getDb()), await insertMember(getDb())];
      const shared = freshIp();
      expect((await attempt(a.username, 'Wrong#2026', {}, shared)).json().code).toBe('INVALID_CREDENTIALS');
      // A carrier's shared address: the next member behind it logs in without a captcha.
      expect((await attempt(b.username, b.password, {}, shared)).statusCode).toBe(200);
      // Only the account that failed, from that address, must solve one; from elsewhere it need not.
      expect((await attempt(a.username, a.password, {}, shared)).json().code).toBe('CAPTCHA_REQUIRED');
      expect((await attempt(a.username, a.password, {}, freshIp())).statusCode).toBe(200);
    });

    it('should make one address wait after 5 failures at an account, without hashing, while the member logs in elsewhere', async () => {
      const member = await insertMember(getDb());
      const stranger = freshIp();
      const before = hashes();
      for (let i = 0; i < 5; i += 1) {
        const res = await attempt(member.username, 'Wrong#2026', await solveCaptcha(app), stranger);
        expect(res.json().code, `attempt ${i + 1}`).toBe('INVALID_CREDENTIALS');
      }
      const held = await attempt(member.username, member.password, await solveCaptcha(app), stranger);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', value: { captcha: true } });
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      // Hammering does not extend the wait, and costs no hash.
      for (let i = 0; i < 3; i += 1) await attempt(member.username, 'Wrong#2026', await solveCaptcha(app), stranger);
      expect(hashes() - before).toBe(5);
      // The member, from its own address, is neither refused nor asked for a captcha.
      expect((await attempt(member.username, member.password, {}, freshIp())).statusCode).toBe(200);
      time.advance(3 * MINUTE_MS);
      const later = await attempt(member.username, 'Wrong#2026', await solveCaptcha(app), stranger);
      expect(later.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('should ask for the captcha everywhere after 10 failures at an account across addresses, never refuse', async () => {
      const member = await insertMember(getDb());
      for (let i = 0; i < LOGIN_RULES.account.limit; i += 1) {
        expect((await attempt(member.username, 'Wrong#2026', {}, freshIp())).json().code).toBe('INVALID_CREDENTIALS');
      }
      const before = hashes();
      const asked = await attempt(member.username, member.password, {}, freshIp());
      expect([asked.statusCode, asked.json().code]).toEqual([400, 'CAPTCHA_REQUIRED']);
      expect(hashes()).toBe(before);
      expect((await attempt(member.username, member.password, await solveCaptcha(app), freshIp())).statusCode).toBe(
        200,
      );
    });

    it('should ask for the captcha from an address after 50 failures across accounts, without hashing', async () => {
      const ip = freshIp();
      for (let i = 0; i < LOGIN_RULES.ip.limit; i += 1) {
        expect((await attempt(`ghost${i}`, 'Wrong#2026', {}, ip)).json().code).toBe('INVALID_CREDENTIALS');
      }
      const member = await insertMember(getDb());
      const before = hashes();
      expect((await attempt(member.username, member.password, {}, ip)).json().code).toBe('CAPTCHA_REQUIRED');
      expect(hashes()).toBe(before);
      expect((await attempt(member.username, member.password, await solveCaptcha(app), ip)).statusCode).toBe(200);
    });

    it('should bound a concurrent burst at one account from one address to the pair limit', async () => {
      const member = await insertMember(getDb());
      const before = hashes();
      // Every attempt carries a solved captcha, so none is turned away before the pair's limit: the limit alone must
      // stop the burst, whichever order the attempts arrive in.
      const answers = await Promise.all(Array.from({ length: 30 }, () => solveCaptcha(app)));
      const ip = freshIp();
      const burst = await Promise.all(answers.map((answer) => attempt(member.username, 'Wrong#2026', answer, ip)));
      const codes = burst.map((res) => res.json().code as string);
      expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(5);
      expect(hashes() - before).toBeLessThanOrEqual(5);
      expect(codes.filter((code) => code === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(25);
      for (const code of codes) expect(['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS']).toContain(code);
    });

    it('should bound a concurrent burst from many addresses without captcha answers to the account ceiling', async () => {
      const member = await insertMember(getDb());
      const before = hashes();
      const burst = await Promise.all(
        Array.from({ length: 30 }, () => attempt(member.username, 'Wrong#2026', {}, freshIp())),
      );
      const codes = burst.map((res) => res.json().code as string);
      const limit = LOGIN_RULES.account.limit;
      expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(limit);
      expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeGreaterThanOrEqual(1);
      expect(hashes() - before).toBeLessThanOrEqual(limit);
      for (const code of codes) expect(['INVALID_CREDENTIALS', 'CAPTCHA_REQUIRED']).toContain(code);
    });
  });

  describe('by SMS code', () => {
    it('should log in with the code sent to the member mobile, without a password-change demand', async () => {
      const member = await insertMember(getDb(), { mobile: ['+63', '9181112233'], password: '123456' });
      const sent = await app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '09181112233', countryDialingCode: '+63' },
      });
      expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      const code = (await app.inject({ url: '/wps/dev/outbox?to=%2B639181112233' }))
        .json()
        .value.list[0].body.match(/\d{6}/)[0];
      const before = hashes();
      const res = await attempt('9181112233', code, { type: 'sms', countryDialingCode: '+63' });
      expect(res.statusCode, res.body).toBe(200);
      const value = LoginResponseSchema.parse(res.json().value);
      expect(value.user.account).toBe(member.username);
      expect(value.mustChangePassword).toBe(false);
      expect(hashes()).toBe(before);
      const again = await attempt('9181112233', code, { type: 'sms', countryDialingCode: '+63' }, freshIp());
      expect(again.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong mobile number or verification code',
      });
    });
  });
});
