import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { EmbeddedDatabaseLockedError } from './embedded-lock';
import { openPglite as openEmbedded, type PgliteOptions } from './pglite';

/** As an app opens it: its settings named in the message of a locked directory. */
const openPglite = (options: PgliteOptions): Promise<Database> =>
  openEmbedded({ ...options, settingNames: 'DATA_DIR/DATABASE_URL' });

/** A pid that belonged to a process that has exited. */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
};

describe('embedded database on disk', () => {
  let dataDir: string;
  let dbDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'db-lock-'));
    dbDir = join(dataDir, 'app');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should refuse a second open of the same directory with a clear message, and allow it after close', async () => {
    const first = await openPglite({ dataDir: dbDir });
    const second = openPglite({ dataDir: dbDir });
    await expect(second).rejects.toBeInstanceOf(EmbeddedDatabaseLockedError);
    await expect(second).rejects.toThrow(
      `The embedded database at ${dbDir} is in use by process ${process.pid}. Stop it, or set DATA_DIR/DATABASE_URL.`,
    );
    await first.close();
    expect(existsSync(`${dbDir}.lock`)).toBe(false);
    const third = await openPglite({ dataDir: dbDir });
    await third.close();
  });

  it('should keep data across close and reopen', async () => {
    const first = await openPglite({ dataDir: dbDir });
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await first.close();
    const again = await openPglite({ dataDir: dbDir });
    try {
      expect((await again.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('should take over a lock left by a process that died', async () => {
    writeFileSync(`${dbDir}.lock`, `${deadPid()}\n${hostname()}\nleftover\n`);
    const db = await openPglite({ dataDir: dbDir });
    await db.close();
  });

  it('should respect a lock held from another host, whose process it cannot check', async () => {
    writeFileSync(`${dbDir}.lock`, `${deadPid()}\nsome-other-host\nforeign\n`);
    await expect(openPglite({ dataDir: dbDir })).rejects.toThrow(/is in use by process \d+/);
  });

  it('should name no settings when the app gave none', async () => {
    const first = await openEmbedded({ dataDir: dbDir });
    try {
      await expect(openEmbedded({ dataDir: dbDir })).rejects.toThrow(
        `The embedded database at ${dbDir} is in use by process ${process.pid}. Stop it.`,
      );
    } finally {
      await first.close();
    }
  });
});
