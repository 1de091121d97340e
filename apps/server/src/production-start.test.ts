import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_API, StaffEnrolResponseSchema, StaffLoginResponseSchema } from '@platform/contracts';
import { openPostgres } from '@platform/db';
import type { Database } from './db/database';
import { DEMO_ACCOUNTS } from './db/seed-accounts';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './db/seed-staff';
import { testDatabaseUrl } from './env';
import { TEST_STAFF_SECRET_KEY } from './test/test-app';
import { call, runScript, startServer, type RunningServer } from './test/spawned-server';
import { totpCode } from './test/staff-helpers';

/**
 * Issue 16 (ADR 0016): the real server process (src/main.ts) with NODE_ENV=production on PostgreSQL. It refuses to start
 * while a secret is missing or published in this repository, naming each; with every secret set it has no demo data,
 * no demo gateway and no outbox, and prints no credential; the first owner comes from the one-time create-owner command,
 * whose link enrols the owner once. PGlite is development only, so this suite needs TEST_DATABASE_URL (like the ledger
 * crash test); without it vitest lists it as skipped, by name.
 */
const url = testDatabaseUrl();
const HOST = 'casino.acme.test';
/** Each case starts node processes (tsx compiles on the fly); on a busy machine one takes several seconds. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const OWNER_PASSWORD = `Owner-${randomBytes(9).toString('base64url')}9`;

describe.skipIf(url === undefined)('production start [postgres] (needs TEST_DATABASE_URL)', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-production-'));
  const secret = () => randomBytes(36).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payloadKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const staffKey = secret();
  const vendorSecret = secret();
  let db: Database | undefined;
  let server: RunningServer | undefined;
  /** Every credential this suite knows: none may appear in anything the processes write. */
  const credentials = new Set<string>([
    DEMO_STAFF_PASSWORD,
    DEMO_STAFF_TOTP_SECRET,
    ...DEMO_ACCOUNTS.map((account) => account.password),
    staffKey,
    vendorSecret,
    OWNER_PASSWORD,
    // The body of the PEM (its header line is no secret).
    payloadKey.split('\n')[1]!,
  ]);
  let env: Record<string, string> = {};
  /** A short credential (`123456`) is looked for as a word of its own: as a substring, every timestamp has it. */
  const expectNoCredential = (output: string) => {
    for (const credential of credentials) {
      const escaped = credential.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = credential.length < 12 ? new RegExp(`(?<![\\w.])${escaped}(?![\\w.])`) : new RegExp(escaped);
      expect(output, `a credential (${credential.length} characters) in the output`).not.toMatch(pattern);
    }
  };

  beforeAll(async () => {
    db = await openPostgres({ url: url!, schema, maxConnections: 2 });
    const databaseUrl = new URL(url!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      OPS_DIST_DIR: join(dataDir, 'no-ops-build'),
      DATABASE_URL: databaseUrl.toString(),
      PAYLOAD_PRIVATE_KEY: payloadKey,
      STAFF_SECRET_KEY: staffKey,
      TRUSTED_PROXIES: 'none',
      VENDOR_SECRET_ACME_RGS: vendorSecret,
    };
  });
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'should refuse to start while a secret is missing or published, naming each and printing none',
    async () => {
      const published = 'test-vendor-secret-RGS-0123456789abcdef';
      const { DATABASE_URL: _db, PAYLOAD_PRIVATE_KEY: _key, TRUSTED_PROXIES: _proxies, ...rest } = env;
      const refused = await runScript('src/main.ts', [], {
        ...rest,
        STAFF_SECRET_KEY: TEST_STAFF_SECRET_KEY,
        VENDOR_SECRET_ACME_RGS: published,
      });
      expect(refused.code).toBe(1);
      for (const name of [
        'DATABASE_URL',
        'PAYLOAD_PRIVATE_KEY',
        'STAFF_SECRET_KEY',
        'TRUSTED_PROXIES',
        'VENDOR_SECRET_ACME_RGS',
      ]) {
        expect(refused.stderr).toContain(`${name}: `);
      }
      expect(refused.stdout).not.toContain('Platform is running');
      for (const output of [refused.stdout, refused.stderr]) {
        expect(output).not.toContain(TEST_STAFF_SECRET_KEY);
        expect(output).not.toContain(published);
        expectNoCredential(output);
      }
      // The check itself finds a credential, short or long, where there is one.
      expect(() => expectNoCredential(`{"msg":"x ${staffKey}"}`)).toThrow();
      expect(() => expectNoCredential('password 123456 set')).toThrow();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  let invitation = '';
  it(
    'should make the first owner and its merchant once, printing an enrolment link and no password',
    async () => {
      const args = ['--merchant', 'acme', '--username', 'alice', '--merchant-name', 'Acme Casino'];
      const made = await runScript(
        'src/commands/create-owner.ts',
        [...args, '--host', HOST, '--host', '127.0.0.1'],
        env,
      );
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const link = /https:\/\/casino\.acme\.test\/ops\/sign-in#invite=([A-Za-z0-9_-]{43})\s/.exec(made.stdout);
      expect(link, made.stdout).not.toBeNull();
      invitation = link![1]!;
      expectNoCredential(made.stdout);
      const again = await runScript('src/commands/create-owner.ts', [...args, '--username', 'mallory'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has an owner (alice)');
      expect(again.stdout).not.toContain('invite=');
      const { rows } = await db!.query<{ username: string; role: string }>(
        'SELECT username, role FROM staff_accounts ORDER BY id',
      );
      expect(rows).toEqual([{ username: 'alice', role: 'owner' }]);
      credentials.add(invitation);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'should refuse to start while a vendor switched on in the database has no secret',
    async () => {
      await db!.query(
        `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, wallet_mode, launch_url, api_url)
       SELECT id, 'RGS', 'Originals', '/logo.png', 'SEAMLESS', '/rgs', '/rgs' FROM merchants WHERE code = 'acme'`,
      );
      const { VENDOR_SECRET_ACME_RGS: _vendor, ...withoutVendor } = env;
      const refused = await runScript('src/main.ts', [], withoutVendor);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('VENDOR_SECRET_ACME_RGS: must be set in production');
      expectNoCredential(refused.stdout + refused.stderr);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'should start with every secret set, with no demo data, gateway or outbox, and log no credential',
    async () => {
      server = await startServer(env);
      const { port } = server;
      const count = async (sql: string) => Number((await db!.query<{ n: bigint }>(sql)).rows[0]!.n);
      expect(await count("SELECT count(*) AS n FROM merchants WHERE code = 'demo'")).toBe(0);
      expect(await count('SELECT count(*) AS n FROM members')).toBe(0);
      expect(await count("SELECT count(*) AS n FROM staff_accounts WHERE username <> 'alice'")).toBe(0);
      expect(await count('SELECT count(*) AS n FROM deposit_channels')).toBe(0);
      expect(await count("SELECT count(*) AS n FROM game_vendors WHERE code <> 'RGS'")).toBe(0);
      expect(await count('SELECT count(*) AS n FROM games')).toBe(0);

      const host = HOST;
      expect((await call(port, 'GET', '/demo-gateway/pay/1/DGzyxwvutsrqponmlkji', { host })).status).toBe(404);
      const pay = await call(port, 'POST', '/demo-gateway/pay/1/DGzyxwvutsrqponmlkji', { host, body: {} });
      expect(pay.status).toBe(404);
      const webhook = await call(port, 'POST', '/wps/deposit/webhook/demo', { host, body: { status: 'PAID' } });
      expect(webhook.status).toBe(404);
      expect((await call(port, 'GET', '/wps/dev/outbox?to=%2B639171234567', { host })).status).toBe(404);
      const demoLogin = await call(port, 'POST', OPS_API.auth.login, {
        host: 'localhost',
        body: { username: 'ops_owner', password: DEMO_STAFF_PASSWORD },
      });
      expect(demoLogin.status).toBeGreaterThanOrEqual(400);

      // The owner's link: a password, then the enrolment a first sign-in has, then a session.
      const accepted = await call(port, 'POST', OPS_API.auth.invitation, {
        host,
        body: { token: invitation, password: OWNER_PASSWORD },
      });
      expect(accepted.status).toBe(200);
      const stage = StaffLoginResponseSchema.parse(accepted.body?.value);
      if (stage.stage !== 'ENROL') throw new Error(`expected the ENROL stage, got ${stage.stage}`);
      credentials.add(stage.secret);
      const enrolled = await call(port, 'POST', OPS_API.auth.enrol, {
        host,
        body: { challenge: stage.challenge, code: totpCode(stage.secret, Date.now()) },
      });
      expect(enrolled.status).toBe(200);
      const session = StaffEnrolResponseSchema.parse(enrolled.body?.value);
      credentials.add(session.token);
      const me = await call(port, 'GET', OPS_API.auth.me, { host, token: session.token });
      expect(me.body?.value).toMatchObject({ username: 'alice', role: 'owner', merchantCode: 'acme' });
      const reused = await call(port, 'POST', OPS_API.auth.invitation, {
        host,
        body: { token: invitation, password: `${OWNER_PASSWORD}x` },
      });
      expect(reused.body?.code).toBe('RESET_LINK_INVALID');
      const signIn = await call(port, 'POST', OPS_API.auth.login, {
        host,
        body: { username: 'alice', password: OWNER_PASSWORD },
      });
      expect(StaffLoginResponseSchema.parse(signIn.body?.value).stage).toBe('MFA');

      const output = await server.stop();
      server = undefined;
      expect(output).toContain('Platform is running (production)');
      expect(output).not.toMatch(/demo_member|ops_owner|Back office: .*password/);
      expectNoCredential(output);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
