import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadEnv } from '@platform/server';

export type Platform = {
  baseUrl: string;
  /** Runs SQL against the platform's own database (to flip merchant configuration as an operator would). */
  sql: (text: string, params?: unknown[]) => Promise<void>;
  stop: () => Promise<void>;
};

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
  });
  const app = await buildApp({ env, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('platform did not bind a TCP port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    sql: async (text, params) => {
      await app.db.query(text, params);
    },
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
