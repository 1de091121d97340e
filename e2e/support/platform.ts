import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadEnv } from '@platform/server';

export type Platform = {
  baseUrl: string;
  /** Runs SQL against the platform's own database (to flip merchant configuration as an operator would). */
  sql: (text: string, params?: unknown[]) => Promise<void>;
  /** The text of the newest captcha the platform drew (the browser only sees its picture). */
  lastCaptcha: () => string;
  /** Newest message first, from the outbox that stands in for the SMS gateway and the mail server. */
  outbox: (to: string) => Promise<Array<{ channel: string; to: string; subject: string | null; body: string }>>;
  /** Calls the staff API (/wps/ops/*) as a staff member would, with the token this platform was started with. */
  staff: (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; json: { success: boolean; value?: unknown; code?: string; message?: string } }>;
  stop: () => Promise<void>;
};

/** The staff API token of the e2e platform (STAFF_API_TOKEN). */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-0123456789abcdef0123456789';

const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Boots the whole platform on loopback, on a fresh embedded database with the demo seed, serving the built web app.
 * X-Forwarded-For is trusted from loopback so a test can play a client from another address.
 */
export const startPlatform = async (): Promise<Platform> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    TRUSTED_PROXIES: '127.0.0.1/8',
    STAFF_API_TOKEN: E2E_STAFF_TOKEN,
  });
  let captcha = '';
  const captchaText = () => {
    captcha = Array.from({ length: 5 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
    return captcha;
  };
  const app = await buildApp({ env, logger: false, seams: { captchaText } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('platform did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    sql: async (text, params) => {
      await app.db.query(text, params);
    },
    lastCaptcha: () => captcha,
    outbox: async (to) => {
      const response = await fetch(`${baseUrl}/wps/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { value: { list: Awaited<ReturnType<Platform['outbox']>> } };
      return body.value.list;
    },
    staff: async (method, path, body) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${E2E_STAFF_TOKEN}`,
          'x-staff-user': 'e2e.cashier',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        json: (await response.json()) as Awaited<ReturnType<Platform['staff']>>['json'],
      };
    },
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
