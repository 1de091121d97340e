import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LoginHistorySchema, MemberInfoSchema, MemberProfileSchema } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, insertMember, loginOk, sealed } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { initialsOf } from './avatar';

describe('avatar initials', () => {
  it.each([
    ['Demo Member', 'DM'],
    ['demo_member', 'DM'],
    ['张伟', '张'],
    ['<script>', 'S'],
    ['', '?'],
  ])('should turn %j into %j', (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describeEachDatabase('member account', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const session = async () => {
    const member = await insertMember(getDb());
    return { member, token: (await loginOk(app, member.username, member.password)).token };
  };
  const get = (url: string, token: string) => app.inject({ url, headers: bearer(token) });
  const put = (url: string, token: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: bearer(token), payload });

  it('should describe the caller in member info, with the flags its type implies', async () => {
    const { member, token } = await session();
    const info = MemberInfoSchema.parse((await get(API.member.info, token)).json().value);
    expect(info).toMatchObject({ id: member.id.toString(), account: member.username, isAgent: false, isTrial: false });
    expect(info.lastLoginAt).not.toBeNull();
    const agent = await loginOk(app, 'demo_agent', 'Agent#2026', { side: 'agent' });
    expect(MemberInfoSchema.parse((await get(API.member.info, agent.token)).json().value)).toMatchObject({
      type: 1,
      isAgent: true,
    });
  });

  it('should draw an SVG avatar from the nickname', async () => {
    const { token } = await session();
    await put(API.member.profile, token, { nickname: 'Lucky Winner' });
    const icon = await get(API.member.icon, token);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('private, max-age=300');
    expect(icon.body).toContain('>LW</text>');
  });

  it('should edit the fields the settings enable and refuse the others', async () => {
    const { token } = await session();
    const before = MemberProfileSchema.parse((await get(API.member.profile, token)).json().value);
    expect(before.editable).toEqual(expect.arrayContaining(['nickname', 'email', 'payeeName', 'telegram', 'birthday']));
    expect(before.editable).not.toContain('qqNum');
    const res = await put(API.member.profile, token, {
      nickname: 'Juan',
      email: 'juan@example.com',
      payeeName: 'Juan Dela Cruz',
      telegram: '@juan_dc',
      birthday: '1990-02-28',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = MemberProfileSchema.parse(res.json().value);
    expect(after.fields).toMatchObject({ nickname: 'Juan', payeeName: 'Juan Dela Cruz', birthday: '1990-02-28' });
    expect(after.editable).not.toContain('payeeName');
    const refusals: [object, number, string][] = [
      [{ qqNum: '12345678' }, 400, 'VALIDATION_FAILED'],
      [{ email: 'nope' }, 400, 'VALIDATION_FAILED'],
      [{ payeeName: 'Someone Else' }, 403, 'FORBIDDEN'],
      [{ birthday: '1991-03-03' }, 403, 'FORBIDDEN'],
      [{ nickname: '<b>x</b>' }, 400, 'VALIDATION_FAILED'],
      [{ nickname: 5 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await put(API.member.profile, token, body);
      expect([refused.statusCode, refused.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
  });

  it('should refuse a birthday that is not a date, or under 18 years', async () => {
    const { token } = await session();
    expect((await put(API.member.profile, token, { birthday: '2001-02-30' })).json().code).toBe('VALIDATION_FAILED');
    const year = new Date().getUTCFullYear() - 17;
    const res = await put(API.member.profile, token, { birthday: `${year}-01-01` });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'birthday' } });
  });

  it('should set a payment password with the login password, then change it with the old one', async () => {
    const { member, token } = await session();
    const set = (body: object) => sealed(app, 'PUT', API.member.paymentPassword, body, { token });
    expect((await set({ newPaymentPassword: '739146', confirmPaymentPassword: '739146' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const wrong = await set({
      loginPassword: 'Wrong#123',
      newPaymentPassword: '739146',
      confirmPaymentPassword: '739146',
    });
    expect(wrong.json().code).toBe('OLD_PASSWORD_WRONG');
    expect(
      (
        await set({ loginPassword: member.password, newPaymentPassword: '123456', confirmPaymentPassword: '123456' })
      ).json().code,
    ).toBe('PASSWORD_TOO_WEAK');
    expect(
      (
        await set({ loginPassword: member.password, newPaymentPassword: '73914', confirmPaymentPassword: '73914' })
      ).json().code,
    ).toBe('VALIDATION_FAILED');
    const ok = await set({
      loginPassword: member.password,
      newPaymentPassword: '739146',
      confirmPaymentPassword: '739146',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(MemberInfoSchema.parse((await get(API.member.info, token)).json().value).hasPaymentPassword).toBe(true);
    const change = await set({
      oldPaymentPassword: '739146',
      newPaymentPassword: '582064',
      confirmPaymentPassword: '582064',
    });
    expect(change.statusCode).toBe(200);
    const stale = await set({
      oldPaymentPassword: '739146',
      newPaymentPassword: '111222',
      confirmPaymentPassword: '111222',
    });
    expect(stale.json().code).toBe('OLD_PASSWORD_WRONG');
  });

  it('should list the last 10 logins, newest first', async () => {
    const member = await insertMember(getDb());
    let token = '';
    for (let i = 0; i < 12; i += 1) {
      token = (await loginOk(app, member.username, member.password, { headers: { 'user-agent': `agent ${i}` } })).token;
    }
    const logins = LoginHistorySchema.parse((await get(API.member.logins, token)).json().value).list;
    expect(logins).toHaveLength(10);
    expect(logins[0]).toMatchObject({ userAgent: 'agent 11', method: 'PASSWORD', ip: '127.0.0.1' });
  });

  it('should store a language change made with a session, and not one made as a guest', async () => {
    const { token } = await session();
    const res = await app.inject({
      method: 'PUT',
      url: API.system.language,
      headers: bearer(token),
      payload: { lang: 'TY' },
    });
    expect(res.statusCode).toBe(200);
    expect(MemberInfoSchema.parse((await get(API.member.info, token)).json().value).language).toBe('TY');
    const guest = await app.inject({ method: 'PUT', url: API.system.language, payload: { lang: 'EN' } });
    expect(guest.statusCode).toBe(200);
    const expired = await app.inject({
      method: 'PUT',
      url: API.system.language,
      headers: bearer('x'.repeat(43)),
      payload: { lang: 'EN' },
    });
    expect(expired.statusCode).toBe(200);
    expect(MemberInfoSchema.parse((await get(API.member.info, token)).json().value).language).toBe('TY');
  });
});
