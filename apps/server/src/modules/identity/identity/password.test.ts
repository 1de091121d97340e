import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LoginResponseSchema, WHITELABEL_MODULES as W } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  clearRateLimits,
  freshIp,
  insertMember,
  latestSmsCode,
  loginOk,
  outbox,
  sealed,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { FORGOT_EMAIL_MESSAGE, RESET_LINK_TTL_MS } from './password.service';

const NEW = 'Fresh#Pass42';

describeEachDatabase('passwords', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const infoStatus = async (token: string) =>
    (await app.inject({ url: API.member.info, headers: bearer(token) })).statusCode;
  const change = (token: string, body: Record<string, unknown>) =>
    sealed(app, 'POST', API.member.changePassword, body, { token, now: time.now });

  describe('change', () => {
    it('should require the old password and refuse a wrong one', async () => {
      const member = await insertMember(getDb());
      const { token } = await loginOk(app, member.username, member.password, { now: time.now });
      const missing = await change(token, { newPassword: NEW, confirmNewPassword: NEW });
      expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      const wrong = await change(token, { oldPassword: 'Nope#1234', newPassword: NEW, confirmNewPassword: NEW });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'OLD_PASSWORD_WRONG']);
    });

    it.each([
      ['the rule', { newPassword: 'lowercase1!', confirmNewPassword: 'lowercase1!' }, 'PASSWORD_RULE'],
      ['the confirmation', { newPassword: NEW, confirmNewPassword: `${NEW}x` }, 'PASSWORD_MISMATCH'],
      ['a common password', { newPassword: 'Password1!', confirmNewPassword: 'Password1!' }, 'PASSWORD_TOO_WEAK'],
      ['123456', { newPassword: '123456', confirmNewPassword: '123456' }, 'PASSWORD_RULE'],
      ['the same password', { newPassword: 'Tester#2026', confirmNewPassword: 'Tester#2026' }, 'PASSWORD_TOO_WEAK'],
    ])('should check %s', async (_name, body, code) => {
      const member = await insertMember(getDb());
      const { token } = await loginOk(app, member.username, member.password, { now: time.now });
      const res = await change(token, { oldPassword: member.password, ...body });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    });

    it('should let a session opened with the weak default change it without the old password, once', async () => {
      const member = await insertMember(getDb(), { password: '123456' });
      const first = await loginOk(app, member.username, '123456', { now: time.now });
      expect(first.mustChangePassword).toBe(true);
      const same = await change(first.token, { newPassword: '123456', confirmNewPassword: '123456' });
      expect(same.json().code).toBe('PASSWORD_RULE');
      const res = await change(first.token, { newPassword: NEW, confirmNewPassword: NEW });
      expect(res.statusCode, res.body).toBe(200);
      const renewed = LoginResponseSchema.parse(res.json().value);
      expect(renewed.mustChangePassword).toBe(false);
      const again = await change(renewed.token, { newPassword: 'Other#Pass42', confirmNewPassword: 'Other#Pass42' });
      expect(again.json().code).toBe('VALIDATION_FAILED');
    });

    it('should bound old-password guesses per member before hashing', async () => {
      const member = await insertMember(getDb());
      const { token } = await loginOk(app, member.username, member.password, { now: time.now });
      for (let i = 0; i < 5; i += 1) {
        await change(token, { oldPassword: `Wrong#${i}abc`, newPassword: NEW, confirmNewPassword: NEW });
      }
      const before = app.metrics.passwordHashes;
      const limited = await change(token, { oldPassword: member.password, newPassword: NEW, confirmNewPassword: NEW });
      expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
      expect(app.metrics.passwordHashes).toBe(before);
    });
  });

  describe('forgot by email', () => {
    const forgot = (username: string, email: string) =>
      app.inject({
        method: 'POST',
        url: API.member.forgotByEmail,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
        payload: new URLSearchParams({ username, email }).toString(),
      });
    const resetLinkFor = async (email: string) => {
      const [mail] = await outbox(app, email);
      const token = mail?.body.match(/\/\?resetToken=([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error('no reset link');
      return { token, body: mail?.body ?? '' };
    };
    const reset = (token: string, password = NEW) =>
      sealed(
        app,
        'POST',
        API.member.resetPassword,
        { token, newPassword: password, confirmNewPassword: password },
        {
          now: time.now,
          ip: freshIp(),
        },
      );

    it('should answer the same whether or not the pair matches, and email only on a match', async () => {
      const email = `forgot${Date.now()}@example.com`;
      const member = await insertMember(getDb(), { email });
      const answers = await Promise.all([
        forgot(member.username, email.toUpperCase()),
        forgot(member.username, 'someone.else@example.com'),
        forgot('nobody_here', email),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, value: null, message: FORGOT_EMAIL_MESSAGE });
      }
      expect(await outbox(app, email)).toHaveLength(1);
      expect(await outbox(app, 'someone.else@example.com')).toHaveLength(0);
    });

    it('should refuse a JSON-less, text or malformed form body without a 5xx', async () => {
      const text = await app.inject({
        method: 'POST',
        url: API.member.forgotByEmail,
        headers: { 'content-type': 'text/plain' },
        payload: 'username=a',
      });
      expect(text.statusCode).toBe(415);
      const bad = await app.inject({
        method: 'POST',
        url: API.member.forgotByEmail,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a&email=not-an-email',
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('should reset once with the emailed link, on this host, and end every session', async () => {
      const email = `reset${Date.now()}@example.com`;
      const member = await insertMember(getDb(), { email });
      const { token: session } = await loginOk(app, member.username, member.password, { now: time.now });
      await forgot(member.username, email);
      const link = await resetLinkFor(email);
      expect(link.body).toContain('http://localhost:80/?resetToken=');
      expect((await reset(link.token, 'weak')).json().code).toBe('PASSWORD_RULE');
      const ok = await reset(link.token);
      expect(ok.json()).toMatchObject({ success: true, value: null });
      expect(await infoStatus(session)).toBe(401);
      await loginOk(app, member.username, NEW, { now: time.now });
      const twice = await reset(link.token, 'Other#Pass42');
      expect([twice.statusCode, twice.json().code]).toEqual([400, 'RESET_LINK_INVALID']);
    });

    it('should let a reset link expire after 30 minutes', async () => {
      const email = `late${Date.now()}@example.com`;
      const member = await insertMember(getDb(), { email });
      await forgot(member.username, email);
      const link = await resetLinkFor(email);
      time.advance(RESET_LINK_TTL_MS + 1);
      expect((await reset(link.token)).json().code).toBe('RESET_LINK_INVALID');
    });

    it('should point the link at the main domain when the request came on a host the merchant does not own', async () => {
      const email = `host${Date.now()}@example.com`;
      const member = await insertMember(getDb(), { email });
      await app.inject({
        method: 'POST',
        url: API.member.forgotByEmail,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
        payload: new URLSearchParams({ username: member.username, email }).toString(),
      });
      const link = await resetLinkFor(email);
      expect(link.body).toContain('https://www.luckystar.example/?resetToken=');
    });
  });

  describe('forgot by phone', () => {
    const sendCode = (mobileNum: string) =>
      app.inject({
        method: 'POST',
        url: API.verification.smsForgot,
        headers: { 'x-forwarded-for': freshIp() },
        payload: { mobileNum, countryDialingCode: '+63' },
      });
    const resetByPhone = (mobileNum: string, verificationCode: string) =>
      sealed(
        app,
        'POST',
        API.member.forgotByPhone,
        { newPassword: NEW, confirmNewPassword: NEW, mobileNum, countryDialingCode: '+63', verificationCode },
        { now: time.now, ip: freshIp() },
      );

    it('should set a new password with the SMS code and end every session', async () => {
      const member = await insertMember(getDb(), { mobile: ['+63', '9190000001'] });
      const { token } = await loginOk(app, member.username, member.password, { now: time.now });
      expect((await sendCode('9190000001')).statusCode).toBe(200);
      const wrong = await resetByPhone('9190000001', '999999x');
      expect(wrong.json().code).toBe('VERIFICATION_CODE_INVALID');
      const res = await resetByPhone('9190000001', await latestSmsCode(app, '+639190000001'));
      expect(res.statusCode, res.body).toBe(200);
      expect(await infoStatus(token)).toBe(401);
      await loginOk(app, member.username, NEW, { now: time.now });
    });

    it('should answer an unknown number like a known one, and be off without FORGOTMOB3', async () => {
      const known = await sendCode('9190000001');
      const unknown = await sendCode('9190000999');
      expect(unknown.json()).toEqual(known.json());
      await getDb().query('UPDATE merchant_whitelabel_modules SET enabled = false WHERE mod_id = $1', [
        W.FORGOT_BY_MOBILE,
      ]);
      try {
        const off = await sendCode('9190000001');
        expect([off.statusCode, off.json().code]).toEqual([403, 'FEATURE_DISABLED']);
        expect((await resetByPhone('9190000001', '123456')).json().code).toBe('FEATURE_DISABLED');
      } finally {
        await getDb().query('UPDATE merchant_whitelabel_modules SET enabled = true WHERE mod_id = $1', [
          W.FORGOT_BY_MOBILE,
        ]);
      }
    });
  });
});
