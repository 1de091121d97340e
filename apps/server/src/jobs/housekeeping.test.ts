import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, SEAL_MAX_AGE_MS } from '@platform/contracts';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { manualClock } from '../lib/clock';
import { describeEachDatabase } from '../test/databases';
import { freshIp, insertMember, login, solveCaptcha } from '../test/identity-helpers';
import { NO_WEB_BUILD, testHasher } from '../test/test-app';

const count = async (app: FastifyInstance, table: string): Promise<number> => {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
};

describeEachDatabase('housekeeping and logs', (getDb) => {
  const time = manualClock();
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, next) {
        lines.push(String(chunk));
        next();
      },
    });
    app = await buildApp({
      env: loadEnv({
        NODE_ENV: 'test',
        TRUSTED_PROXIES: '127.0.0.1/8',
        WEB_DIST_DIR: NO_WEB_BUILD,
        LOG_LEVEL: 'trace',
      }),
      db: getDb(),
      logger: { stream },
      seams: { now: time.now, passwordHasher: testHasher(), captchaText: () => 'ABCDE' },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('should delete expired captchas, nonces, codes and limits, and keep live ones', async () => {
    const member = await insertMember(getDb());
    await login(app, { username: member.username, password: 'Wrong#2026' }, { now: time.now, ip: freshIp() });
    await solveCaptcha(app);
    await app.inject({
      method: 'POST',
      url: API.verification.smsRegister,
      payload: { mobileNo: '9171110000', countryDialingCode: '+63' },
    });
    const tables = ['captchas', 'sealed_nonces', 'verification_codes', 'rate_limits'];
    const before = await Promise.all(tables.map((t) => count(app, t)));
    expect((await app.jobs.trigger('platform.housekeeping')).status).toBe('DONE');
    expect(await Promise.all(tables.map((t) => count(app, t)))).toEqual(before);
    time.advance(2 * 60 * 60_000 + SEAL_MAX_AGE_MS);
    expect((await app.jobs.trigger('platform.housekeeping')).status).toBe('DONE');
    expect(await Promise.all(tables.map((t) => count(app, t)))).toEqual([0, 0, 0, 0]);
  });

  it('should never write a password, token or code to the log', async () => {
    const member = await insertMember(getDb(), { password: 'Secret#Pass99' });
    const res = await login(app, { username: member.username, password: 'Secret#Pass99' }, { now: time.now });
    const token = res.json().value.token as string;
    await app.inject({ url: '/?resetToken=SECRETRESET123', headers: { accept: 'text/html' } });
    await app.inject({
      method: 'PUT',
      url: API.system.language,
      payload: '{"lang": "Secret#Pass99',
      headers: { 'content-type': 'application/json' },
    });
    await app.inject({ url: API.member.info, headers: { authorization: `Bearer ${token}` } });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const secret of ['Secret#Pass99', token, 'SECRETRESET123']) expect(log).not.toContain(secret);
  });
});
