import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  LoginResponseSchema,
  REGISTER_PATTERN_EXAMPLES,
  REGISTER_PATTERN_IDS,
  REGISTER_PATTERNS,
  RegisterFieldErrorSchema,
  WHITELABEL_MODULES as W,
  type RegisterPatternId,
} from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { describeEachDatabase } from '../../../test/databases';
import {
  TEST_CAPTCHA,
  bearer,
  clearRateLimits,
  freshIp,
  latestSmsCode,
  sealed,
  solveCaptcha,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter += 1)}`;
const freshNumber = () => `918${String(1_000_000 + (counter += 1)).padStart(7, '0')}`;

describeEachDatabase('registration', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { captchaText: () => TEST_CAPTCHA } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const setModule = (modId: string, enabled: boolean) =>
    getDb().query(
      `UPDATE merchant_whitelabel_modules SET enabled = $2
       WHERE mod_id = $1 AND merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
      [modId, enabled],
    );

  const smsCode = async (mobileNum: string) => {
    const res = await app.inject({
      method: 'POST',
      url: API.verification.smsRegister,
      headers: { 'x-forwarded-for': freshIp() },
      payload: { mobileNo: mobileNum, countryDialingCode: '+63' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return latestSmsCode(app, `+63${mobileNum.replace(/^0/, '')}`);
  };

  /** A complete username registration for the demo merchant (captcha and REGMOBVERF3 on). */
  const form = async (overrides: Record<string, unknown> = {}) => {
    const mobileNum = freshNumber();
    return {
      username: `player${unique()}`,
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
      mobileNum,
      countryDialingCode: '+63',
      verificationCode: await smsCode(mobileNum),
      ...(await solveCaptcha(app)),
      acceptTerms: true,
      registerUrl: 'http://localhost:8080/register',
      registerMethod: 'WEB',
      ...overrides,
    };
  };
  const register = (body: unknown, path: string = API.member.register) =>
    sealed(app, 'PUT', path, body, { ip: freshIp() });
  const failure = async (body: unknown, path?: string) => {
    const res = await register(body, path);
    return { status: res.statusCode, code: res.json().code as string, value: res.json().value as unknown };
  };

  it('should register by username and log the new member in', async () => {
    const body = await form();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(200);
    const login = LoginResponseSchema.parse(res.json().value);
    expect(login).toMatchObject({ firstTimeLogin: true, mustChangePassword: false, previousLoginAt: null });
    expect(login.user).toMatchObject({ account: body.username, mobileNum: body.mobileNum, countryDialingCode: '+63' });
    const info = await app.inject({ url: API.member.info, headers: bearer(login.token) });
    expect(info.json().value.account).toBe(body.username);
  });

  it('should refuse a username that differs only in case', async () => {
    const body = await form({ username: `Mixed${unique()}` });
    expect((await register(body)).statusCode).toBe(200);
    const again = await failure(await form({ username: body.username.toLowerCase() }));
    expect(again).toMatchObject({ status: 400, code: 'USERNAME_TAKEN' });
    const upper = await failure(await form({ username: body.username.toUpperCase() }));
    expect(upper.code).toBe('USERNAME_TAKEN');
  });

  it('should refuse a mobile number that is already registered', async () => {
    const first = await form();
    expect((await register(first)).statusCode).toBe(200);
    const second = await form();
    await clearRateLimits(getDb()); // a second code to the same number within the minute
    const res = await failure({
      ...second,
      mobileNum: `0${first.mobileNum}`,
      verificationCode: await smsCode(first.mobileNum),
    });
    expect(res.code).toBe('MOBILE_TAKEN');
  });

  it('should register by mobile with the number as the username', async () => {
    const mobileNum = freshNumber();
    const body = {
      ...(await form()),
      username: undefined,
      mobileNum: `0${mobileNum}`,
      verificationCode: await smsCode(mobileNum),
    };
    const res = await register(body, API.member.registerMobile);
    expect(res.statusCode, res.body).toBe(200);
    expect(LoginResponseSchema.parse(res.json().value).user.account).toBe(mobileNum);
  });

  it('should register by mobile without a password while MOBILENUMPASSREG3 is off, for SMS login only', async () => {
    await setModule(W.MOBILE_PASSWORD_REGISTRATION, false);
    try {
      const mobileNum = freshNumber();
      const body = { ...(await form()), password: undefined, confirmPassword: undefined, mobileNum };
      body.verificationCode = await smsCode(mobileNum);
      const res = await register(body, API.member.registerMobile);
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await getDb().query('SELECT password_hash FROM members WHERE username = $1', [mobileNum]);
      expect(rows[0]).toEqual({ password_hash: null });
    } finally {
      await setModule(W.MOBILE_PASSWORD_REGISTRATION, true);
    }
  });

  it('should require the SMS code while REGMOBVERF3 is on, and check it', async () => {
    expect(await failure(await form({ verificationCode: undefined }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { field: 'verificationCode', reason: 'required' },
    });
    expect((await failure(await form({ verificationCode: '000000' }))).code).toBe('VERIFICATION_CODE_INVALID');
    const other = await form();
    expect((await failure({ ...(await form()), verificationCode: other.verificationCode })).code).toBe(
      'VERIFICATION_CODE_INVALID',
    );
  });

  it('should need neither number nor code on the username form while REGMOBVERF3 is off', async () => {
    await setModule(W.REGISTRATION_SMS_VERIFICATION, false);
    try {
      const res = await register(await form({ mobileNum: undefined, verificationCode: undefined }));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await setModule(W.REGISTRATION_SMS_VERIFICATION, true);
    }
  });

  describe('invitation codes', () => {
    it('should say whether a code is a valid agent code of this merchant', async () => {
      const check = (code: string) => app.inject({ url: `${API.agent.affiliate}?code=${code}&domain=localhost` });
      expect((await check('DEMO2026')).json()).toEqual({ success: true, value: { valid: true } });
      expect((await check('demosub1')).statusCode).toBe(200);
      const bad = await check('NOPE1234');
      expect([bad.statusCode, bad.json().code, bad.json().message]).toEqual([
        400,
        'INVALID_INVITATION_CODE',
        'Invalid invitation code',
      ]);
    });

    it('should link the new member to the agent of the code, and refuse an invalid code', async () => {
      const body = await form({ affiliateCode: 'demosub1' });
      expect((await register(body)).statusCode).toBe(200);
      const { rows } = await getDb().query<{ upline: string }>(
        `SELECT p.username AS upline FROM members m JOIN members p ON p.merchant_id = m.merchant_id AND p.id = m.parent_id
         WHERE m.username = $1`,
        [body.username],
      );
      expect(rows[0]?.upline).toBe('demo_subagent');
      // The agent tree places the new member under the agent and each of the agent's uplines.
      const tree = await getDb().query<{ username: string; depth: number }>(
        `SELECT u.username, t.depth FROM agent_tree t
         JOIN member_directory m ON m.merchant_id = t.merchant_id AND m.id = t.descendant_id
         JOIN member_directory u ON u.merchant_id = t.merchant_id AND u.id = t.ancestor_id
         WHERE m.username = $1 ORDER BY t.depth`,
        [body.username],
      );
      const chain = await getDb().query<{ username: string; depth: number }>(
        `WITH RECURSIVE up AS (
           SELECT merchant_id, id, parent_id, username, 0 AS depth FROM members WHERE username = $1
           UNION ALL
           SELECT p.merchant_id, p.id, p.parent_id, p.username, up.depth + 1
           FROM up JOIN members p ON p.merchant_id = up.merchant_id AND p.id = up.parent_id
         ) SELECT username, depth FROM up ORDER BY depth`,
        [body.username],
      );
      expect(tree.rows.slice(0, 2)).toEqual([
        { username: body.username, depth: 0 },
        { username: 'demo_subagent', depth: 1 },
      ]);
      expect(tree.rows).toEqual(chain.rows);
      expect((await failure(await form({ affiliateCode: 'NOPE1234' }))).code).toBe('INVALID_INVITATION_CODE');
    });
  });

  describe('refusals', () => {
    it.each([
      ['terms not ticked', { acceptTerms: false }, 'TERMS_NOT_ACCEPTED'],
      ['no captcha', { captchaId: undefined, captcha: undefined }, 'CAPTCHA_REQUIRED'],
      ['a wrong captcha', { captcha: 'WRONG' }, 'CAPTCHA_INVALID'],
      ['a password without a symbol', { password: 'Str0ngPass', confirmPassword: 'Str0ngPass' }, 'PASSWORD_RULE'],
      ['a short password', { password: 'S0#a', confirmPassword: 'S0#a' }, 'PASSWORD_RULE'],
      ['a different confirmation', { confirmPassword: 'Str0ng#Pas' }, 'PASSWORD_MISMATCH'],
      ['a common password', { password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }, 'PASSWORD_TOO_WEAK'],
      ['a username against its rule', { username: '1player' }, 'VALIDATION_FAILED'],
      ['a field the site does not enable', { qqNum: '12345678' }, 'VALIDATION_FAILED'],
      ['a bad email', { email: 'not-an-email' }, 'VALIDATION_FAILED'],
    ])('should refuse %s', async (_name, overrides, code) => {
      const res = await failure(await form(overrides));
      expect(res).toMatchObject({ status: 400, code });
    });

    it('should say which rule failed in the value', async () => {
      const rule = await failure(await form({ password: 'Str0ngPass', confirmPassword: 'Str0ngPass' }));
      expect(RegisterFieldErrorSchema.parse(rule.value)).toEqual({
        field: 'password',
        reason: 'pattern',
        patternId: 'PASSWORD',
        minLength: 8,
        maxLength: 20,
      });
      const disabled = await failure(await form({ qqNum: '12345678' }));
      expect(disabled.value).toMatchObject({ field: 'qqNum', reason: 'not_accepted' });
    });

    it('should refuse a variant the site settings switch off with FEATURE_DISABLED', async () => {
      await setModule(W.USERNAME_REGISTRATION, false);
      try {
        expect(await failure(await form())).toMatchObject({ status: 403, code: 'FEATURE_DISABLED' });
      } finally {
        await setModule(W.USERNAME_REGISTRATION, true);
      }
    });
  });
});

describeEachDatabase('registration field rules of every message family', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
    const template = demoMerchantTemplate();
    await getDb().transaction((tx) =>
      insertMerchant(tx, {
        ...template,
        code: 'patterns',
        hosts: ['patterns.test'],
        whitelabel: [{ modId: W.USERNAME_REGISTRATION, parentModId: null, enabled: true }],
        registerFields: template.registerFields.filter((f) => ['username', 'password', 'payeeName'].includes(f.field)),
      }),
    );
  });
  afterAll(() => app.close());

  const useRule = (id: RegisterPatternId) =>
    getDb().query(
      `UPDATE merchant_register_fields SET enabled = true, required = true, accepted_pattern = $1, pattern_id = $2,
         min_length = 1, max_length = 100
       WHERE field = 'payeeName' AND merchant_id = (SELECT id FROM merchants WHERE code = 'patterns')`,
      [REGISTER_PATTERNS[id], id],
    );
  const register = (payeeName: string) =>
    sealed(
      app,
      'PUT',
      API.member.register,
      {
        username: `family${unique()}`,
        password: 'Str0ng#Pass',
        confirmPassword: 'Str0ng#Pass',
        payeeName,
        acceptTerms: true,
        registerUrl: 'http://patterns.test/',
        registerMethod: 'WEB',
      },
      { ip: freshIp(), headers: { host: 'patterns.test' } },
    );

  it.each(Object.values(REGISTER_PATTERN_IDS))('should enforce %s as the contracts define it', async (id) => {
    await useRule(id);
    const { valid, invalid } = REGISTER_PATTERN_EXAMPLES[id];
    const refused = await register(invalid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect(RegisterFieldErrorSchema.parse(refused.json().value)).toMatchObject({ field: 'payeeName', patternId: id });
    const accepted = await register(valid);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
