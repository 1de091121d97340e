import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LoginResponseSchema } from '@platform/contracts';
import { demoMerchantTemplate, insertMerchant } from '../../../db/seed';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, insertMember, loginOk, sealed } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.service';

const MINUTE_MS = 60_000;

describeEachDatabase('sessions', (getDb) => {
  const time = manualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const info = (token: string) => app.inject({ url: API.member.info, headers: bearer(token) });
  const codeOf = async (token: string) => {
    const res = await info(token);
    return res.statusCode === 200 ? 'OK' : `${res.statusCode} ${res.json().code}`;
  };
  const fresh = async () => {
    const member = await insertMember(getDb());
    return { member, token: (await loginOk(app, member.username, member.password, { now: time.now })).token };
  };

  it('should refuse a missing, malformed or unknown token with 401 AUTH_REQUIRED', async () => {
    expect(await codeOf('')).toBe('401 AUTH_REQUIRED');
    for (const authorization of ['Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`, `Bearer ${'a'.repeat(500)}`]) {
      const res = await app.inject({ url: API.member.info, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it('should store only the hash of the token', async () => {
    const { token } = await fresh();
    const { rows } = await getDb().query<{ hashed: number; plain: number }>(
      `SELECT count(*) FILTER (WHERE token_hash = $1)::int AS hashed,
              count(*) FILTER (WHERE token_hash = convert_to($2, 'UTF8'))::int AS plain FROM member_sessions`,
      [createHash('sha256').update(token).digest(), token],
    );
    expect(rows[0]).toEqual({ hashed: 1, plain: 0 });
  });

  it('should slide the idle expiry with use, and expire after 30 idle minutes', async () => {
    const { token } = await fresh();
    for (let i = 0; i < 3; i += 1) {
      time.advance(SESSION_IDLE_MS - MINUTE_MS);
      expect(await codeOf(token), `use ${i + 1}`).toBe('OK');
    }
    time.advance(SESSION_IDLE_MS);
    expect(await codeOf(token)).toBe('401 SESSION_EXPIRED');
  });

  it('should expire 12 hours after login however active the session is', async () => {
    const { token } = await fresh();
    const steps = Math.floor(SESSION_ABSOLUTE_MS / (20 * MINUTE_MS));
    for (let i = 0; i < steps - 1; i += 1) {
      time.advance(20 * MINUTE_MS);
      expect(await codeOf(token)).toBe('OK');
    }
    time.advance(40 * MINUTE_MS);
    expect(await codeOf(token)).toBe('401 SESSION_EXPIRED');
  });

  it('should revoke the session on logout, and only that one', async () => {
    const { member, token } = await fresh();
    const other = (await loginOk(app, member.username, member.password, { now: time.now })).token;
    const out = await app.inject({ method: 'DELETE', url: API.session.logout, headers: bearer(token) });
    expect(out.json()).toMatchObject({ success: true, value: null });
    expect(await codeOf(token)).toBe('401 AUTH_REQUIRED');
    expect(await codeOf(other)).toBe('OK');
    const again = await app.inject({ method: 'DELETE', url: API.session.logout, headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('should revoke every session of the member on a password change, and log in afresh', async () => {
    const { member, token } = await fresh();
    const other = (await loginOk(app, member.username, member.password, { now: time.now })).token;
    const res = await sealed(
      app,
      'POST',
      API.member.changePassword,
      { oldPassword: member.password, newPassword: 'Fresh#Pass42', confirmNewPassword: 'Fresh#Pass42' },
      { token, now: time.now },
    );
    expect(res.statusCode, res.body).toBe(200);
    const renewed = LoginResponseSchema.parse(res.json().value);
    expect(await codeOf(token)).toBe('401 AUTH_REQUIRED');
    expect(await codeOf(other)).toBe('401 AUTH_REQUIRED');
    expect(await codeOf(renewed.token)).toBe('OK');
    await loginOk(app, member.username, 'Fresh#Pass42', { now: time.now });
  });

  it('should end the sessions of an account that is locked or closed', async () => {
    const { member, token } = await fresh();
    await getDb().query("UPDATE members SET status = 'LOCKED' WHERE id = $1", [member.id]);
    expect(await codeOf(token)).toBe('401 AUTH_REQUIRED');
  });

  it('should not accept a token on another merchant', async () => {
    const { token } = await fresh();
    await getDb().transaction((tx) =>
      insertMerchant(tx, { ...demoMerchantTemplate(), code: 'other', name: 'Other', hosts: ['other.test'] }),
    );
    const res = await app.inject({ url: API.member.info, headers: { ...bearer(token), host: 'other.test' } });
    expect([res.statusCode, res.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    expect(await codeOf(token)).toBe('OK');
  });
});
