import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, LoginHistorySchema, LoginResponseSchema, MemberInfoSchema } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import {
  TEST_CAPTCHA,
  bearer,
  call,
  clearRateLimits,
  freshIp,
  insertMember,
  latestSmsCode,
  loginOk,
  sealed,
  solveCaptcha,
  type TestMember,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';

type Role = 'guest' | 'trial' | 'member' | 'agent';
const ROLES: Role[] = ['guest', 'trial', 'member', 'agent'];
type Actor = { role: Role; token?: string; member?: TestMember };
type Expected = 'OK' | `${number} ${string}`;

const everyone = (expected: Expected): Record<Role, Expected> => ({
  guest: expected,
  trial: expected,
  member: expected,
  agent: expected,
});
const sessionOnly: Record<Role, Expected> = { guest: '401 AUTH_REQUIRED', trial: 'OK', member: 'OK', agent: 'OK' };
const realAccount: Record<Role, Expected> = {
  guest: '401 AUTH_REQUIRED',
  trial: '403 TRIAL_FORBIDDEN',
  member: 'OK',
  agent: 'OK',
};

let counter = 0;
const freshNumber = () => `920${String(1_000_000 + (counter += 1)).padStart(7, '0')}`;

describeEachDatabase('who may call which identity endpoint', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { captchaText: () => TEST_CAPTCHA } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const actorFor = async (role: Role): Promise<Actor> => {
    if (role === 'guest') return { role };
    if (role === 'trial') {
      const res = await sealed(app, 'POST', API.session.freePlay, freePlay(), { ip: freshIp() });
      return { role, token: LoginResponseSchema.parse(res.json().value).token };
    }
    const member = await insertMember(getDb(), { userType: role === 'agent' ? 1 : 0 });
    const side = role === 'agent' ? 'agent' : 'member';
    return { role, member, token: (await loginOk(app, member.username, member.password, { side })).token };
  };
  const freePlay = () => ({ os: 'Linux', platform: 'W', random: 'r'.repeat(24), gatewayVersion: 3 });
  const smsCode = async (mobileNum: string) => {
    await call(
      app,
      {
        method: 'POST',
        url: API.verification.smsRegister,
        payload: { mobileNo: mobileNum, countryDialingCode: '+63' },
      },
      { ip: freshIp() },
    );
    return latestSmsCode(app, `+63${mobileNum}`);
  };
  const registration = async (variant: 'username' | 'mobile') => {
    const mobileNum = freshNumber();
    return {
      ...(variant === 'username' ? { username: `role${Date.now().toString(36)}${(counter += 1)}` } : {}),
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
      mobileNum,
      countryDialingCode: '+63',
      verificationCode: await smsCode(mobileNum),
      ...(await solveCaptcha(app)),
      acceptTerms: true,
      registerUrl: 'http://localhost/',
      registerMethod: 'WEB',
    };
  };
  const opts = (actor: Actor) => ({ token: actor.token, ip: freshIp() });
  const jsonCall = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(app, { method, url, ...(payload ? { payload } : {}) }, opts(actor));

  const ENDPOINTS: {
    name: string;
    send: (actor: Actor) => Promise<LightMyRequestResponse>;
    expect: Record<Role, Expected>;
  }[] = [
    { name: 'GET captcha', send: (a) => jsonCall(a, 'GET', API.captcha), expect: everyone('OK') },
    { name: 'GET public key', send: (a) => jsonCall(a, 'GET', API.system.publicKey), expect: everyone('OK') },
    {
      name: 'POST login',
      send: (a) => sealed(app, 'POST', API.session.login, { username: 'demo_member', password: 'Demo#2026' }, opts(a)),
      expect: everyone('OK'),
    },
    {
      name: 'POST free play',
      send: (a) => sealed(app, 'POST', API.session.freePlay, freePlay(), opts(a)),
      expect: everyone('OK'),
    },
    { name: 'DELETE logout', send: (a) => jsonCall(a, 'DELETE', API.session.logout), expect: sessionOnly },
    { name: 'GET member info', send: (a) => jsonCall(a, 'GET', API.member.info), expect: sessionOnly },
    { name: 'GET member icon', send: (a) => jsonCall(a, 'GET', API.member.icon), expect: sessionOnly },
    { name: 'GET profile', send: (a) => jsonCall(a, 'GET', API.member.profile), expect: realAccount },
    {
      name: 'PUT profile',
      send: (a) => jsonCall(a, 'PUT', API.member.profile, { nickname: 'Renamed' }),
      expect: realAccount,
    },
    { name: 'GET logins', send: (a) => jsonCall(a, 'GET', API.member.logins), expect: realAccount },
    {
      name: 'PUT payment password',
      send: (a) =>
        sealed(
          app,
          'PUT',
          API.member.paymentPassword,
          {
            loginPassword: a.member?.password ?? 'Tester#2026',
            newPaymentPassword: '739146',
            confirmPaymentPassword: '739146',
          },
          opts(a),
        ),
      expect: realAccount,
    },
    {
      name: 'POST change password',
      send: (a) =>
        sealed(
          app,
          'POST',
          API.member.changePassword,
          {
            oldPassword: a.member?.password ?? 'Tester#2026',
            newPassword: 'Fresh#Pass42',
            confirmNewPassword: 'Fresh#Pass42',
          },
          opts(a),
        ),
      expect: realAccount,
    },
    {
      name: 'PUT register',
      send: async (a) => sealed(app, 'PUT', API.member.register, await registration('username'), opts(a)),
      expect: everyone('OK'),
    },
    {
      name: 'PUT register mobile',
      send: async (a) => sealed(app, 'PUT', API.member.registerMobile, await registration('mobile'), opts(a)),
      expect: everyone('OK'),
    },
    {
      name: 'GET affiliate check',
      send: (a) => jsonCall(a, 'GET', `${API.agent.affiliate}?code=DEMO2026&domain=localhost`),
      expect: everyone('OK'),
    },
    {
      name: 'POST SMS login code',
      send: (a) =>
        jsonCall(a, 'POST', API.verification.smsLogin, { mobileNum: freshNumber(), countryDialingCode: '+63' }),
      expect: everyone('OK'),
    },
    {
      name: 'POST SMS registration code',
      send: (a) =>
        jsonCall(a, 'POST', API.verification.smsRegister, { mobileNo: freshNumber(), countryDialingCode: '+63' }),
      expect: everyone('OK'),
    },
    {
      name: 'POST SMS forgot code',
      send: (a) =>
        jsonCall(a, 'POST', API.verification.smsForgot, { mobileNum: freshNumber(), countryDialingCode: '+63' }),
      expect: everyone('OK'),
    },
    {
      name: 'POST SMS bind code',
      send: (a) =>
        jsonCall(a, 'POST', API.verification.smsBind, { mobileNum: freshNumber(), countryDialingCode: '+63' }),
      expect: realAccount,
    },
    {
      name: 'PUT mobile (with the code sent for it)',
      send: async (a) => {
        const mobileNum = freshNumber();
        await jsonCall(a, 'POST', API.verification.smsBind, { mobileNum, countryDialingCode: '+63' });
        // Guests and trial members get no code; they are refused before the code is read.
        const verificationCode = await latestSmsCode(app, `+63${mobileNum}`).catch(() => '000000');
        return sealed(
          app,
          'PUT',
          API.member.mobile,
          { mobileNum, countryDialingCode: '+63', verificationCode },
          opts(a),
        );
      },
      expect: realAccount,
    },
    {
      name: 'POST forgot by email',
      send: (a) => jsonCall(a, 'POST', API.member.forgotByEmail, { username: 'demo_member', email: 'x@example.com' }),
      expect: everyone('OK'),
    },
    {
      name: 'POST reset with a made-up link',
      send: (a) =>
        sealed(
          app,
          'POST',
          API.member.resetPassword,
          {
            token: 'made-up-token-made-up-token',
            newPassword: 'Fresh#Pass42',
            confirmNewPassword: 'Fresh#Pass42',
          },
          opts(a),
        ),
      expect: everyone('400 RESET_LINK_INVALID'),
    },
    {
      name: 'POST forgot by phone with a wrong code',
      send: (a) =>
        sealed(
          app,
          'POST',
          API.member.forgotByPhone,
          {
            newPassword: 'Fresh#Pass42',
            mobileNum: '9171234567',
            countryDialingCode: '+63',
            verificationCode: '000000',
          },
          opts(a),
        ),
      expect: everyone('400 VERIFICATION_CODE_INVALID'),
    },
    {
      name: 'PUT language',
      send: (a) => jsonCall(a, 'PUT', API.system.language, { lang: 'TY' }),
      expect: everyone('OK'),
    },
    {
      name: 'GET dev outbox',
      send: (a) => jsonCall(a, 'GET', `${API.dev.outbox}?to=nobody%40example.com`),
      expect: everyone('OK'),
    },
  ];

  const cases = ENDPOINTS.flatMap((endpoint) =>
    ROLES.map((role) => ({ ...endpoint, role, want: endpoint.expect[role] })),
  );

  it.each(cases)('$name as $role: $want', async ({ send, role, want }) => {
    const res = await send(await actorFor(role));
    const got = res.statusCode === 200 ? 'OK' : `${res.statusCode} ${res.json().code}`;
    expect(got, res.body.slice(0, 300)).toBe(want);
  });

  describe('another member', () => {
    let a: Actor;
    let b: Actor;
    beforeAll(async () => {
      [a, b] = [await actorFor('member'), await actorFor('member')];
    });

    it('should only ever see its own member row', async () => {
      const info = MemberInfoSchema.parse((await jsonCall(b, 'GET', API.member.info)).json().value);
      expect(info.id).toBe(b.member?.id.toString());
      expect(info.account).not.toBe(a.member?.username);
    });

    it("should not see the other member's logins", async () => {
      await loginOk(app, a.member?.username ?? '', a.member?.password ?? '', { headers: { 'user-agent': 'only-a' } });
      const list = LoginHistorySchema.parse((await jsonCall(b, 'GET', API.member.logins)).json().value).list;
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((login) => login.userAgent === 'only-a')).toBe(false);
    });

    it("should change its own profile only, and keep the other's sessions alive on its password change", async () => {
      await jsonCall(b, 'PUT', API.member.profile, { nickname: 'Bee' });
      const aInfo = MemberInfoSchema.parse((await jsonCall(a, 'GET', API.member.info)).json().value);
      expect(aInfo.nickname).not.toBe('Bee');
      const changed = await sealed(
        app,
        'POST',
        API.member.changePassword,
        {
          oldPassword: b.member?.password,
          newPassword: 'Fresh#Pass42',
          confirmNewPassword: 'Fresh#Pass42',
        },
        opts(b),
      );
      expect(changed.statusCode).toBe(200);
      expect((await app.inject({ url: API.member.info, headers: bearer(a.token ?? '') })).statusCode).toBe(200);
    });
  });
});
