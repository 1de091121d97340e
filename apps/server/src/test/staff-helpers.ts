import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { type StaffRole, OPS_API } from '@platform/contracts';
import { secretBox, staffRepository } from '../modules/operations/staff';
import { freshIp } from './identity-helpers';
import { clockOf, TEST_STAFF_SECRET_KEY, testHasher } from './test-app';

/** The password and TOTP secret (base32) of every staff account the helpers create. */
export const TEST_STAFF_PASSWORD = 'Staff#2026test';
export const TEST_STAFF_TOTP_SECRET = 'KRSXG5CTORQWMZTTMVRXEZLUKRSXG5CT';

/** The code an authenticator shows for `secret` at `timestampMs` (SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, timestampMs: number): string =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: timestampMs,
  });

let seq = 0;
const box = secretBox(TEST_STAFF_SECRET_KEY);

/** app.inject's host, which the test apps' demo merchant answers on. */
export const TEST_HOST = 'localhost';

/** The merchant answering on `host` (merchant_domains). */
const merchantIdOf = async (app: FastifyInstance, host: string): Promise<number> => {
  const { rows } = await app.db.query<{ id: number }>(
    'SELECT merchant_id AS id FROM merchant_domains WHERE host = $1',
    [host.toLowerCase()],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no merchant answers on ${host}`);
  return id;
};

export type TestStaff = { id: string; username: string; password: string; secret: string; role: StaffRole };

/**
 * A new staff account of `role` in the merchant of `host` (default: the test merchant; a super admin: in no merchant), straight into the database with
 * TEST_STAFF_PASSWORD and, unless `enrolled` is false, TOTP enrolled with TEST_STAFF_TOTP_SECRET.
 */
export const createStaff = async (
  app: FastifyInstance,
  role: StaffRole,
  options: { enrolled?: boolean; username?: string; displayName?: string; host?: string } = {},
): Promise<TestStaff> => {
  seq += 1;
  const username = options.username ?? `t_${role}_${process.pid}_${seq}`.slice(0, 32);
  const enrolled = options.enrolled ?? true;
  const id = await staffRepository(app.db).insert(
    {
      merchantId: role === 'super' ? null : await merchantIdOf(app, options.host ?? TEST_HOST),
      username,
      displayName: options.displayName ?? `Test ${role}`,
      passwordHash: await testHasher().hash(TEST_STAFF_PASSWORD),
      role,
      totpSecret: enrolled ? box.seal(TEST_STAFF_TOTP_SECRET) : null,
      enrolledAtMs: enrolled ? clockOf(app)() : null,
    },
    clockOf(app)(),
  );
  if (id === undefined) throw new Error(`staff username ${username} is taken`);
  return { id: id.toString(), username, password: TEST_STAFF_PASSWORD, secret: TEST_STAFF_TOTP_SECRET, role };
};

export const staffPost = (app: FastifyInstance, url: string, payload: unknown, ip = freshIp(), host = TEST_HOST) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': ip, host },
  });

const expectOk = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what} refused: ${res.statusCode} ${res.body}`);
  return res.json().value as Record<string, unknown>;
};

/**
 * Signs an enrolled account in through the real endpoints (password, then a TOTP code at the app's time), from `ip`
 * when given (both steps), else from a new address for each step.
 */
export const signInStaff = async (
  app: FastifyInstance,
  account: { username: string; password: string; secret: string },
  host = TEST_HOST,
  ip?: string,
): Promise<string> => {
  const login = expectOk(
    await staffPost(
      app,
      OPS_API.auth.login,
      { username: account.username, password: account.password },
      ip ?? freshIp(),
      host,
    ),
    'staff login',
  );
  if (login.stage !== 'MFA') throw new Error(`staff login answered stage ${String(login.stage)}`);
  const session = expectOk(
    await staffPost(
      app,
      OPS_API.auth.mfa,
      { challenge: login.challenge, code: totpCode(account.secret, clockOf(app)()) },
      ip ?? freshIp(),
      host,
    ),
    'staff MFA',
  );
  return session.token as string;
};

const sessions = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

/**
 * `{ authorization: 'Bearer …' }` of a staff session of `role` on the merchant of `host` (default: the test merchant on
 * localhost; a session only works on the host it signed in on, so pass the same host with the call): an account made
 * for it, signed in through the real login and MFA endpoints at the test app's clock. Cached per app, role and host; a
 * cached session that has ended (the test moved its clock past the idle time-out, or signed it out) is replaced.
 */
export const staffHeaders = async (
  app: FastifyInstance,
  role: StaffRole,
  { host = TEST_HOST }: { host?: string } = {},
): Promise<{ authorization: string }> => {
  let cache = sessions.get(app);
  if (cache === undefined) {
    cache = new Map();
    sessions.set(app, cache);
  }
  const key = `${role}@${host}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    const token = await cached;
    const me = await app.inject({ url: OPS_API.auth.me, headers: { authorization: `Bearer ${token}`, host } });
    if (me.statusCode === 200) return { authorization: `Bearer ${token}` };
  }
  // A new account each time: a TOTP code works once, so signing the same account in again could need the next step.
  const fresh = createStaff(app, role, { host }).then((account) => signInStaff(app, account, host));
  const byKey = cache;
  byKey.set(key, fresh);
  fresh.catch(() => byKey.delete(key));
  return { authorization: `Bearer ${await fresh}` };
};
