import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LoginResponseSchema, MemberInfoSchema } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  call,
  clearRateLimits,
  freshIp,
  insertMember,
  latestSmsCode,
  loginOk,
  outbox,
  sealed,
  type TestMember,
} from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import type { RateLimiter } from '../../platform/rate-limit';
import type { MemberRow } from './member.repository';
import { mobileServiceFactory } from './mobile.service';
import type { Session } from './session.service';

const MINUTE_MS = 60_000;

describe('binding a mobile number, when another member wins the race', () => {
  it('should answer MOBILE_TAKEN when the unique index refuses the write', async () => {
    const lostRace = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'members_mobile_key' });
    const service = mobileServiceFactory({
      members: {
        findByMobile: async () => undefined,
        setMobile: async () => {
          throw lostRace;
        },
      },
      merchants: { registerFields: async () => [] },
      verification: { send: async () => undefined, verify: async () => true },
      account: {
        own: async () => ({ mobileNum: null }) as MemberRow,
        info: async () => expect.unreachable('no member info after a failed write'),
      },
      hasher: { verify: async () => expect.unreachable('a first binding checks no password') },
      limiter: {} as RateLimiter,
      now: () => 0,
    });
    const session = { merchantId: 1, memberId: 7n } as Session;
    const request = { mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '123456' };
    await expect(service.bind(session, request)).rejects.toMatchObject({ code: 'MOBILE_TAKEN', httpStatus: 400 });
  });
});

describeEachDatabase('binding a mobile number', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  let counter = 0;
  const freshNumber = () => `918${String(3_000_000 + (counter += 1)).padStart(7, '0')}`;

  type Caller = { token?: string; member?: TestMember };
  const member = async (mobile?: string): Promise<Required<Caller>> => {
    const row = await insertMember(getDb(), mobile === undefined ? {} : { mobile: ['+63', mobile] });
    return { member: row, token: (await loginOk(app, row.username, row.password, { now: time.now })).token };
  };
  const trial = async (): Promise<Caller> => {
    const body = { os: 'Linux', platform: 'W', random: 'r'.repeat(24), gatewayVersion: 3 };
    const res = await sealed(app, 'POST', API.session.freePlay, body, { ip: freshIp(), now: time.now });
    return { token: LoginResponseSchema.parse(res.json().value).token };
  };
  const sendCode = (caller: Caller, mobileNum: string) =>
    call(
      app,
      { method: 'POST', url: API.verification.smsBind, payload: { mobileNum, countryDialingCode: '+63' } },
      { token: caller.token, ip: freshIp() },
    );
  const bind = (caller: Caller, mobileNum: string, verificationCode: string, password?: string) =>
    sealed(
      app,
      'PUT',
      API.member.mobile,
      { mobileNum, countryDialingCode: '+63', verificationCode, ...(password === undefined ? {} : { password }) },
      { token: caller.token, ip: freshIp(), now: time.now },
    );
  const infoOf = async (caller: Caller) =>
    MemberInfoSchema.parse(
      (await app.inject({ url: API.member.info, headers: bearer(caller.token ?? '') })).json().value,
    );
  const outcome = (res: { statusCode: number; json: () => { code?: string } }) =>
    res.statusCode === 200 ? 'OK' : `${res.statusCode} ${res.json().code}`;
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('should send a code to the new number and bind it, answering the updated member info', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    const sent = await sendCode(caller, `0${mobileNum}`);
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await latestSmsCode(app, `+63${mobileNum}`);
    const [message] = await outbox(app, `+63${mobileNum}`);
    expect(message?.body).toContain('mobile number binding code');
    const res = await bind(caller, `0${mobileNum}`, code);
    expect(res.statusCode, res.body).toBe(200);
    // Stored without the trunk 0, like registration: one phone, one form.
    expect(MemberInfoSchema.parse(res.json().value)).toMatchObject({ mobileNum, countryDialingCode: '+63' });
    expect(await infoOf(caller)).toMatchObject({ mobileNum, countryDialingCode: '+63' });
    // Now a replacement (password required): the spent code is refused even with the right password.
    expect(outcome(await bind(caller, mobileNum, code, caller.member.password))).toBe('400 VERIFICATION_CODE_INVALID');
  });

  it('should replace a bound number when the login password comes with the code', async () => {
    const old = freshNumber();
    const caller = await member(old);
    const next = freshNumber();
    await sendCode(caller, next);
    const code = await latestSmsCode(app, `+63${next}`);
    expect(outcome(await bind(caller, next, code, caller.member.password))).toBe('OK');
    expect((await infoOf(caller)).mobileNum).toBe(next);
  });

  it('should refuse to replace a bound number without the login password, before spending the code', async () => {
    const old = freshNumber();
    const caller = await member(old);
    const next = freshNumber();
    await sendCode(caller, next);
    const code = await latestSmsCode(app, `+63${next}`);
    const refused = await bind(caller, next, code);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      400,
      'OLD_PASSWORD_WRONG',
      'The current password is wrong',
    ]);
    expect(outcome(await bind(caller, next, code, ''))).toBe('400 OLD_PASSWORD_WRONG');
    expect((await infoOf(caller)).mobileNum).toBe(old);
    expect(outcome(await bind(caller, next, code, caller.member.password))).toBe('OK');
  });

  it('should refuse a wrong login password, keep the number, and leave the code usable', async () => {
    const old = freshNumber();
    const caller = await member(old);
    const next = freshNumber();
    await sendCode(caller, next);
    const code = await latestSmsCode(app, `+63${next}`);
    expect(outcome(await bind(caller, next, code, `${caller.member.password}x`))).toBe('400 OLD_PASSWORD_WRONG');
    expect((await infoOf(caller)).mobileNum).toBe(old);
    expect(outcome(await bind(caller, next, code, caller.member.password))).toBe('OK');
    expect((await infoOf(caller)).mobileNum).toBe(next);
  });

  it('should count wrong login passwords against the password-change limit of the member', async () => {
    const caller = await member(freshNumber());
    const next = freshNumber();
    await sendCode(caller, next);
    const code = await latestSmsCode(app, `+63${next}`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(outcome(await bind(caller, next, code, 'Wrong#2026'))).toBe('400 OLD_PASSWORD_WRONG');
    }
    expect(outcome(await bind(caller, next, code, caller.member.password))).toBe('429 RATE_LIMITED');
    const change = await sealed(
      app,
      'POST',
      API.member.changePassword,
      { oldPassword: caller.member.password, newPassword: 'Fresh#2026x', confirmNewPassword: 'Fresh#2026x' },
      { token: caller.token, ip: freshIp(), now: time.now },
    );
    expect(outcome(change)).toBe('429 RATE_LIMITED');
  });

  it('should bind a first number without a password', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    await sendCode(caller, mobileNum);
    expect(outcome(await bind(caller, mobileNum, await latestSmsCode(app, `+63${mobileNum}`)))).toBe('OK');
    expect((await infoOf(caller)).mobileNum).toBe(mobileNum);
  });

  it('should refuse a wrong code and keep the number, and let the right one work after it', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    await sendCode(caller, mobileNum);
    const code = await latestSmsCode(app, `+63${mobileNum}`);
    const refused = await bind(caller, mobileNum, wrong(code));
    expect(refused.json()).toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
      message: 'Please enter a valid verification code',
    });
    expect((await infoOf(caller)).mobileNum).toBeNull();
    expect(outcome(await bind(caller, mobileNum, code))).toBe('OK');
  });

  it('should refuse an expired code', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    await sendCode(caller, mobileNum);
    const code = await latestSmsCode(app, `+63${mobileNum}`);
    time.advance(5 * MINUTE_MS + 1);
    expect(outcome(await bind(caller, mobileNum, code))).toBe('400 VERIFICATION_CODE_INVALID');
    expect((await infoOf(caller)).mobileNum).toBeNull();
  });

  it('should refuse a code sent for another purpose to the same number', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    await call(
      app,
      {
        method: 'POST',
        url: API.verification.smsRegister,
        payload: { mobileNo: mobileNum, countryDialingCode: '+63' },
      },
      { ip: freshIp() },
    );
    const registrationCode = await latestSmsCode(app, `+63${mobileNum}`);
    expect(outcome(await bind(caller, mobileNum, registrationCode))).toBe('400 VERIFICATION_CODE_INVALID');
  });

  it("should refuse another member's number, send it no SMS, and leave both members as they were", async () => {
    const owned = freshNumber();
    const owner = await member(owned);
    const caller = await member();
    const sent = await sendCode(caller, owned);
    expect([sent.statusCode, sent.json().code, sent.json().message]).toEqual([
      400,
      'MOBILE_TAKEN',
      'This mobile number is already registered',
    ]);
    expect(await outbox(app, `+63${owned}`)).toEqual([]);
    expect(outcome(await bind(caller, `0${owned}`, '123456'))).toBe('400 MOBILE_TAKEN');
    expect((await infoOf(caller)).mobileNum).toBeNull();
    expect((await infoOf(owner)).mobileNum).toBe(owned);
  });

  it("should not let another member use the code sent for this member's binding", async () => {
    const asker = await member();
    const other = await member();
    const mobileNum = freshNumber();
    await sendCode(asker, mobileNum);
    const code = await latestSmsCode(app, `+63${mobileNum}`);
    expect(outcome(await bind(other, mobileNum, code))).toBe('400 VERIFICATION_CODE_INVALID');
    expect((await infoOf(other)).mobileNum).toBeNull();
    expect(outcome(await bind(asker, mobileNum, code))).toBe('OK');
  });

  it('should answer MOBILE_TAKEN when another member bound the number first', async () => {
    const [first, second] = [await member(), await member()];
    const mobileNum = freshNumber();
    await sendCode(first, mobileNum);
    const firstCode = await latestSmsCode(app, `+63${mobileNum}`);
    time.advance(MINUTE_MS);
    await sendCode(second, mobileNum);
    const secondCode = await latestSmsCode(app, `+63${mobileNum}`);
    expect(outcome(await bind(first, mobileNum, firstCode))).toBe('OK');
    expect(outcome(await bind(second, mobileNum, secondCode))).toBe('400 MOBILE_TAKEN');
  });

  it('should count the SMS send limits per number, as for the other codes', async () => {
    const caller = await member();
    const mobileNum = freshNumber();
    expect(outcome(await sendCode(caller, mobileNum))).toBe('OK');
    expect(outcome(await sendCode(caller, mobileNum))).toBe('429 SMS_TOO_MANY_REQUESTS');
  });

  it('should check the number by the mobile rule, and refuse a body that is not sealed', async () => {
    const caller = await member();
    expect(outcome(await sendCode(caller, '917-123'))).toBe('400 VALIDATION_FAILED');
    const plain = await call(
      app,
      {
        method: 'PUT',
        url: API.member.mobile,
        payload: { mobileNum: freshNumber(), countryDialingCode: '+63', verificationCode: '123456' },
      },
      { token: caller.token },
    );
    expect(outcome(plain)).toBe('400 PAYLOAD_INVALID');
  });

  it('should refuse trial members and guests', async () => {
    const mobileNum = freshNumber();
    const trialCaller = await trial();
    expect(outcome(await sendCode(trialCaller, mobileNum))).toBe('403 TRIAL_FORBIDDEN');
    expect(outcome(await bind(trialCaller, mobileNum, '123456'))).toBe('403 TRIAL_FORBIDDEN');
    expect(outcome(await sendCode({}, mobileNum))).toBe('401 AUTH_REQUIRED');
    expect(outcome(await bind({}, mobileNum, '123456'))).toBe('401 AUTH_REQUIRED');
    expect(await outbox(app, `+63${mobileNum}`)).toEqual([]);
  });
});
