import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RgsApp } from '@platform/rgs';
import { buildApp, randomCaptchaText } from '@platform/server';
import { embeddedSecrets, mountRgs } from '../../scripts/embedded';
import { e2eEnv, openTemplateCopy, type PlatformTemplate } from './template';

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
  /** The in-house game server mounted under /rgs, as `npm start` runs it (only with `startPlatform({ rgs: true })`). */
  rgs: RgsApp | undefined;
  /** Runs a registered job now (e.g. 'play-stats.rollup'), as its timer would, instead of waiting for the tick. */
  runJob: (name: string) => Promise<unknown>;
  /**
   * The platform's clock (only with `startPlatform({ movableClock: true })`): real time plus an offset that only moves
   * forward, so windows that close tomorrow or next month close now. `moveTo` also keeps the e2e staff session alive.
   */
  clock: { now: () => number; moveTo: (ms: number) => Promise<void> };
  /** One pass of the transfer wallet's bet-record pull, as its job runs every minute. */
  pullBets: () => Promise<{ vendors: number; rounds: number; skipped: number; deferred: number; failed: number }>;
  stop: () => Promise<void>;
};

export type PlatformOptions = {
  /** Mount the in-house RGS under /rgs (issue 6 suites); other suites boot faster without it. */
  rgs?: boolean;
  /**
   * Info-level JSON log lines of the platform and of the RGS, each to its own stream. The RGS then builds its own
   * logger from options, as the standalone RGS does (main.ts), instead of a child of the platform's.
   */
  logs?: { platform: NodeJS.WritableStream; rgs: NodeJS.WritableStream };
  /**
   * Play a site whose operator connected every vendor of the demo catalogue (ADR 0020), for suites about the lobby's
   * lists, paging and strips, which need more than the in-house vendor's games. Without it the demo lists only the
   * games of connected vendors: the RGS's.
   */
  connectVendors?: boolean;
  /**
   * The booted databases the e2e run's globalSetup wrote (`inject('platformTemplate')`): the platform and the RGS start
   * on in-memory copies, and their boots find the migrations and the demo seed in place. Without it each opens a new
   * embedded database under DATA_DIR and migrates (and seeds) it, as `npm start` does.
   */
  template?: PlatformTemplate;
  /**
   * The platform (and the RGS, when mounted) reads a clock the test moves forward (settlement windows of later days
   * and months, lottery draws).
   */
  movableClock?: boolean;
  /**
   * The lotteries the RGS's draw engine runs (default all): a suite that moves the clock by hours draws only the
   * issues it bets on, instead of catching up on every fast game's.
   */
  lotteries?: readonly string[];
};

/**
 * Bearer token of a staff session (an owner, `e2e_staff`) that startPlatform writes straight into the database, for
 * suites that call the staff API without signing in through the back office (which e2e/ops-auth.e2e.ts covers).
 */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-0123456789abcdef0123456789x';

/**
 * Boots the whole platform on loopback, on a fresh embedded database with the demo seed, serving the built web app.
 * X-Forwarded-For is trusted from loopback so a test can play a client from another address.
 */
export const startPlatform = async (options: PlatformOptions = {}): Promise<Platform> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));
  const env = e2eEnv(dataDir);
  // Given a database, an app leaves it open on close: stop() closes the copies.
  const { template } = options;
  const db = template === undefined ? undefined : await openTemplateCopy(template, 'platform');
  const rgsDb = template === undefined || !options.rgs ? undefined : await openTemplateCopy(template, 'rgs');
  let captcha = '';
  const captchaText = () => {
    captcha = randomCaptchaText();
    return captcha;
  };
  const secrets = embeddedSecrets(env);
  const logs = options.logs;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const seams = options.movableClock ? { captchaText, now } : { captchaText };
  const app = await buildApp({
    ...{ env, db, seams, vendorSecret: secrets },
    logger: logs === undefined ? false : { level: 'info', stream: logs.platform },
  });
  // On a moved clock the RGS reads the same time as the platform (lottery draws, signed calls, launch links).
  const rgsClock = {
    now,
    schedule: (fn: () => void, delayMs: number) => {
      const timer = setTimeout(fn, Math.max(0, delayMs));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
  const rgsOptions = {
    rgs: {
      ...(logs === undefined ? {} : { logger: { level: 'info', stream: logs.rgs } }),
      ...(options.movableClock ? { clock: rgsClock } : {}),
      ...(options.lotteries === undefined ? {} : { lottery: { codes: options.lotteries } }),
    },
  };
  const rgs = options.rgs
    ? await mountRgs(app, env, { secrets, ...(rgsDb === undefined ? {} : { database: rgsDb }), ...rgsOptions })
    : undefined;
  await app.db.query(
    `WITH staff AS (
       INSERT INTO staff_accounts (merchant_id, username, display_name, password_hash, role)
       SELECT id, 'e2e_staff', 'E2E staff', 'no-password', 'owner' FROM merchants WHERE code = 'demo' RETURNING id, merchant_id)
     INSERT INTO staff_sessions (staff_id, merchant_id, token_hash, created_at, last_seen_at, expires_at, ip)
     SELECT id, merchant_id, $1, now(), now(), now() + interval '12 hours', '127.0.0.1' FROM staff`,
    [createHash('sha256').update(E2E_STAFF_TOKEN).digest()],
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  // After listen: the boot's connection check runs when the app gets ready, and would take them off again.
  if (options.connectVendors) {
    await app.db.query('UPDATE game_vendors SET connected = true, disconnected_by = NULL WHERE NOT connected');
    // The connection check runs again with the catalogue job, every quarter hour of the wall clock, and takes the
    // demo's third-party vendors off (they have no credentials): whatever a check takes off is put back at once, so
    // a suite crossing a quarter hour plays the same site. A vendor a failed launch took off stays off.
    const reconnect = async () => {
      const { rows } = await app.db.query<{ merchant_id: number }>(
        `UPDATE game_vendors SET connected = true, disconnected_by = NULL
         WHERE NOT connected AND disconnected_by = 'CHECK' RETURNING merchant_id`,
      );
      for (const merchantId of new Set(rows.map((row) => row.merchant_id))) {
        app.bus.emit('catalogue.changed', { merchantId });
      }
    };
    app.bus.on('catalogue.changed', () => {
      reconnect().catch(() => {}); // the platform may be closing
    });
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('platform did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    sql: async (text, params) => {
      await app.db.query(text, params);
    },
    lastCaptcha: () => captcha,
    rgs,
    runJob: (name) => app.jobs.trigger(name),
    clock: {
      now,
      moveTo: async (ms) => {
        if (!options.movableClock) throw new Error('startPlatform({ movableClock: true }) to move the clock');
        offsetMs = Math.max(offsetMs, ms - Date.now());
        await app.db.query(
          `UPDATE staff_sessions SET last_seen_at = $1, expires_at = $1::timestamptz + interval '12 hours'
           WHERE staff_id = (SELECT id FROM staff_accounts WHERE username = 'e2e_staff')`,
          [new Date(now()).toISOString()],
        );
      },
    },
    pullBets: () => app.vendorWallet.pullBets(),
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
      await Promise.all([db?.close(), rgsDb?.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
