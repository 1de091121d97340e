import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LoginResponseSchema, WHITELABEL_MODULES as W } from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, clearRateLimits, freshIp, sealed } from '../../../test/identity-helpers';
import { buildTestApp } from '../../../test/test-app';

const BODY = { os: 'Android', platform: 'W', random: 'a-random-string-of-some-length', gatewayVersion: 3 };

describeEachDatabase('free play', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb() });
  });
  afterAll(() => app.close());
  beforeEach(() => clearRateLimits(getDb()));

  const play = (ip = freshIp()) => sealed(app, 'POST', API.session.freePlay, BODY, { ip });

  it('should create a trial member with a session, and refuse it every real-account action', async () => {
    const res = await play();
    expect(res.statusCode, res.body).toBe(200);
    const value = LoginResponseSchema.parse(res.json().value);
    expect(value).toMatchObject({ firstTimeLogin: true, mustChangePassword: false });
    expect(value.user).toMatchObject({ type: 4, isTrial: true, isAgent: false });
    expect(value.user.account).toMatch(/^trial_[0-9a-f]{12}$/);
    const info = await app.inject({ url: API.member.info, headers: bearer(value.token) });
    expect(info.json().value.isTrial).toBe(true);
    for (const url of [API.member.profile, API.member.logins]) {
      const refused = await app.inject({ url, headers: bearer(value.token) });
      expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
        403,
        'TRIAL_FORBIDDEN',
        'A real account is needed for this; please register',
      ]);
    }
  });

  it('should make at most 5 trial accounts an hour per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await play(ip)).statusCode).toBe(200);
    const refused = await play(ip);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('should be off without FREEPLAY3', async () => {
    await getDb().query('UPDATE merchant_whitelabel_modules SET enabled = false WHERE mod_id = $1', [W.FREE_PLAY]);
    try {
      const res = await play();
      expect([res.statusCode, res.json().code]).toEqual([403, 'FEATURE_DISABLED']);
    } finally {
      await getDb().query('UPDATE merchant_whitelabel_modules SET enabled = true WHERE mod_id = $1', [W.FREE_PLAY]);
    }
  });
});
