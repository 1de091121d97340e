import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  API,
  LoginResponseSchema,
  OutboxListSchema,
  PublicKeyResponseSchema,
  sealPayload,
  type LoginResponse,
  type OutboxMessage,
  type PublicKeyInfo,
} from '@platform/contracts';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../modules/identity/identity';
import { createRateLimiter, databaseRateLimitStore, type RateRule } from '../modules/platform/rate-limit';
import { testHasher } from './test-app';

/** Every captcha of a test app shows this text (seams.captchaText), so tests can solve them. */
export const TEST_CAPTCHA = 'K7QW3';

let ipCounter = 0;
/** A client address no other test uses (TEST-NET-2 and private ranges), so per-IP limits do not collide. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const keys = new WeakMap<FastifyInstance, PublicKeyInfo>();
export const publicKeyOf = async (app: FastifyInstance): Promise<PublicKeyInfo> => {
  const cached = keys.get(app);
  if (cached) return cached;
  const res = await app.inject({ url: API.system.publicKey });
  const key = PublicKeyResponseSchema.parse(res.json().value);
  keys.set(app, key);
  return key;
};

export type CallOptions = { token?: string; ip?: string; now?: () => number; headers?: Record<string, string> };

const headersOf = (options: CallOptions): Record<string, string> => ({
  ...(options.token ? bearer(options.token) : {}),
  'x-forwarded-for': options.ip ?? '127.0.0.1',
  ...options.headers,
});

/** Seals `body` with the app's public key (at the test clock's time) and sends it. */
export const sealed = async (
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url,
    headers: headersOf(options),
    payload: await sealPayload(await publicKeyOf(app), body, (options.now ?? Date.now)()),
  });

export const call = (app: FastifyInstance, request: InjectOptions & { url: string }, options: CallOptions = {}) =>
  app.inject({ ...request, headers: { ...headersOf(options), ...(request.headers as Record<string, string>) } });

/** A solved captcha, fetched from an address of its own (the refresh limit is per IP). */
export const solveCaptcha = async (app: FastifyInstance) => {
  const res = await app.inject({ url: API.captcha, headers: { 'x-forwarded-for': freshIp() } });
  expect(res.statusCode).toBe(200);
  return { captchaId: res.json().value.captchaId as string, captcha: TEST_CAPTCHA };
};

export const login = (app: FastifyInstance, body: Record<string, unknown>, options: CallOptions = {}) =>
  sealed(app, 'POST', API.session.login, body, options);

export const loginOk = async (
  app: FastifyInstance,
  username: string,
  password: string,
  options: CallOptions & { side?: 'member' | 'agent' } = {},
): Promise<LoginResponse> => {
  const res = await login(app, { username, password, side: options.side ?? 'member' }, options);
  expect(res.statusCode, res.body).toBe(200);
  return LoginResponseSchema.parse(res.json().value);
};

export const demoMerchantId = async (db: Database, code = 'demo'): Promise<number> => {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no merchant ${code}`);
  return id;
};

const hashes = new Map<string, Promise<string>>();
const hashOnce = (hasher: PasswordHasher, password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hasher.hash(password);
    hashes.set(password, hash);
  }
  return hash;
};

let memberCounter = 0;
export type TestMember = { id: bigint; username: string; password: string };

/** A member row straight in the database (no registration rules, no limits): the fixture for most tests. */
export const insertMember = async (
  db: Database,
  options: {
    userType?: number;
    password?: string;
    username?: string;
    parentId?: bigint;
    mobile?: [countryDialingCode: string, mobileNum: string];
    email?: string;
    affiliateCode?: string;
    merchantCode?: string;
  } = {},
): Promise<TestMember> => {
  memberCounter += 1;
  const username = options.username ?? `tester${Date.now().toString(36)}${memberCounter}`;
  const password = options.password ?? 'Tester#2026';
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO members (merchant_id, username, user_type, parent_id, password_hash, password_changed_at,
       country_dialing_code, mobile_num, email, affiliate_code)
     VALUES ($1, $2, $3, $4, $5, now(), $6, $7, $8, $9) RETURNING id`,
    [
      await demoMerchantId(db, options.merchantCode),
      username,
      options.userType ?? 0,
      options.parentId ?? null,
      await hashOnce(testHasher(), password),
      options.mobile?.[0] ?? null,
      options.mobile?.[1] ?? null,
      options.email ?? null,
      options.affiliateCode ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('member not inserted');
  return { id, username, password };
};

export const outbox = async (app: FastifyInstance, to: string): Promise<OutboxMessage[]> => {
  const res = await app.inject({ url: `${API.dev.outbox}?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return OutboxListSchema.parse(res.json().value).list;
};

/** The six-digit code of the latest SMS to `to`. */
export const latestSmsCode = async (app: FastifyInstance, to: string): Promise<string> => {
  const [latest] = await outbox(app, to);
  const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
  if (code === undefined) throw new Error(`no SMS code for ${to}`);
  return code;
};

/** Forgets every rate-limit key: tests that are not about limits start from a clean slate. */
export const clearRateLimits = (db: Database) => db.query('DELETE FROM rate_limits');

/**
 * Uses up every unit of `rule` for `subject` on the app's database at the app's clock, as a run of requests would:
 * the next request the rule guards is refused.
 */
export const exhaustLimit = async (
  db: Database,
  now: () => number,
  merchantId: number,
  rule: RateRule,
  subject: string,
): Promise<void> => {
  const limiter = createRateLimiter(databaseRateLimitStore(db), now);
  for (let i = 0; i <= rule.limit; i += 1) if (!(await limiter.take(merchantId, rule, subject)).allowed) return;
  throw new Error(`${rule.name} never refused`);
};
