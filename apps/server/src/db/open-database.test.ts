import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { NO_WEB_BUILD } from '../test/test-app';

// The lock itself is tested in packages/db (embedded-lock.test.ts); this is the platform booting on it.
describe('embedded database on DATA_DIR', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'platform-data-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'should boot the app on DATA_DIR, refuse a concurrent boot, and keep changes across restarts',
    { timeout: 120_000 },
    async () => {
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: NO_WEB_BUILD });
      const app = await buildApp({ env });
      await app.db.query(
        "UPDATE merchants SET maintenance_enabled = true, maintenance_message = 'Upgrade' WHERE code = 'demo'",
      );
      await expect(buildApp({ env })).rejects.toThrow(
        `The embedded database at ${join(dataDir, 'platform')} is in use by process ${process.pid}. ` +
          'Stop it, or set DATA_DIR/DATABASE_URL.',
      );
      await app.close();

      const restarted = await buildApp({ env });
      try {
        const res = await restarted.inject({ url: '/wps/system/status' });
        expect(res.json()).toEqual({ success: true, value: { status: 1, message: 'Upgrade', ip: '127.0.0.1' } });
      } finally {
        await restarted.close();
      }
    },
  );
});
