import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { API, SEAMLESS_BATCH_PATH, seamlessPath, type SeamlessAnswer, type SeamlessOp } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { bearer } from '../../../test/identity-helpers';
import { signSeamless } from './seamless.signature';

/** The demo merchant's RGS secret in tests (the resolver below hands it out; nothing reads the environment). */
export const TEST_VENDOR_SECRET = 'test-vendor-secret-RGS-0123456789abcdef';
/** Secrets by `merchant:vendor`, as BuildAppOptions.vendorSecret. */
export const secretsOf =
  (secrets: Record<string, string>) =>
  (merchantCode: string, vendorCode: string): string | undefined =>
    secrets[`${merchantCode}:${vendorCode}`];

export type SignedOptions = {
  merchant?: string;
  vendor?: string;
  secret?: string;
  /** Default: the app's clock. */
  timestampMs?: number;
  /** X-Forwarded-For (the test app trusts 127.0.0.1). */
  ip?: string;
  /** Sent instead of the JSON of the body (still signed unless `signature` is given). */
  rawBody?: string;
  signature?: string;
  contentType?: string;
};

/** A vendor calling the platform as the protocol says: JSON body, signed headers. */
export const seamlessClient = (app: FastifyInstance, now: () => number, defaultIp = '198.51.100.10') => {
  const call = (
    op: SeamlessOp | 'batch',
    body: unknown,
    options: SignedOptions = {},
  ): Promise<LightMyRequestResponse> => {
    const raw = options.rawBody ?? JSON.stringify(body);
    const timestamp = String(options.timestampMs ?? now());
    return app.inject({
      method: 'POST',
      url: op === 'batch' ? SEAMLESS_BATCH_PATH : seamlessPath(op),
      headers: {
        'content-type': options.contentType ?? 'application/json',
        'x-merchant': options.merchant ?? 'demo',
        'x-vendor': options.vendor ?? 'RGS',
        'x-timestamp': timestamp,
        'x-signature': options.signature ?? signSeamless(options.secret ?? TEST_VENDOR_SECRET, timestamp, raw),
        'x-forwarded-for': options.ip ?? defaultIp,
      },
      payload: raw,
    });
  };
  /** A call that must succeed; its value. */
  const ok = async (op: SeamlessOp, body: unknown, options: SignedOptions = {}): Promise<SeamlessAnswer> => {
    const res = await call(op, body, options);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().value as SeamlessAnswer;
  };
  /** A call that must be refused with `code` (and `status`); the failure envelope. */
  const refused = async (
    op: SeamlessOp | 'batch',
    body: unknown,
    code: string,
    status: number,
    options: SignedOptions = {},
  ): Promise<{ code: string; message: string; value?: { balance: string; currency: string } }> => {
    const res = await call(op, body, options);
    expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status, code });
    expect(res.json().success).toBe(false);
    return res.json();
  };
  return { call, ok, refused };
};

/** What the platform's launch gave the vendor: the game session as the vendor sees it. */
export type Launched = {
  url: URL;
  sessionToken: string;
  playerId: string;
  currency: string;
  mode: string;
  lang: string;
  theme: string;
};

export const nodeIdOf = async (db: Database, gameCode: string, merchantCode = 'demo'): Promise<string> => {
  const { rows } = await db.query<{ id: bigint }>(
    'SELECT g.id FROM games g JOIN merchants m ON m.id = g.merchant_id WHERE m.code = $1 AND g.game_code = $2',
    [merchantCode, gameCode],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no game ${gameCode}`);
  return id.toString();
};

/** POST launchGame as the web app does; the URL's query read as the game page reads it. */
export const launch = async (
  app: FastifyInstance,
  db: Database,
  token: string,
  gameCode: string,
  language?: string,
  options: { demo?: boolean; theme?: 'dark' | 'light' } = {},
): Promise<Launched> => {
  const res = await app.inject({
    method: 'POST',
    url: API.game.launch,
    headers: bearer(token),
    payload: { nodeId: await nodeIdOf(db, gameCode), ...(language === undefined ? {} : { language }), ...options },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url as string, 'http://platform.test');
  const param = (name: string) => {
    const value = url.searchParams.get(name);
    if (value === null) throw new Error(`launch URL without ${name}: ${url.toString()}`);
    return value;
  };
  return {
    url,
    sessionToken: param('token'),
    playerId: param('player'),
    currency: param('currency'),
    mode: param('mode'),
    lang: param('lang'),
    theme: param('theme'),
  };
};

/** The session fields every call carries. */
export const sessionFields = (launched: Launched) => ({
  sessionToken: launched.sessionToken,
  playerId: launched.playerId,
  currency: launched.currency,
});

let idSeq = 0;
/** A vendor transaction or round id unique in the run. */
export const vendorId = (prefix: string): string => {
  idSeq += 1;
  return `${prefix}-${process.pid}-${idSeq}`;
};
