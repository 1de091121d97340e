import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { relative, isAbsolute } from 'node:path';

/**
 * PGlite is a single-process database: two processes writing the same data directory corrupt it. A lock
 * file created exclusively records the holder (pid, host, random token). A lock whose pid is gone is stale
 * (a crash) and is taken over; a lock from another host cannot be checked and is always respected.
 */
export class EmbeddedDatabaseLockedError extends Error {
  /** `settingNames`: what points the app at another database ('DATA_DIR/DATABASE_URL'), named in the message. */
  constructor(displayPath: string, holderPid: string, settingNames?: string) {
    super(
      `The embedded database at ${displayPath} is in use by process ${holderPid}. ` +
        (settingNames === undefined ? 'Stop it.' : `Stop it, or set ${settingNames}.`),
    );
    this.name = 'EmbeddedDatabaseLockedError';
  }
}

export type EmbeddedLock = { release(): void };

type Holder = { pid: number; host: string; token: string };

/** Tokens of the locks this process holds: a lock with our own pid but a foreign token is from a former
 * process that had the same pid (containers restart as pid 1), hence stale. */
const heldTokens = new Set<string>();

const readHolder = (lockPath: string): Holder | undefined => {
  try {
    const [pid = '', host = '', token = ''] = readFileSync(lockPath, 'utf8').split('\n');
    return { pid: Number(pid), host, token };
  } catch {
    return undefined;
  }
};

const isAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const isStale = (holder: Holder): boolean => {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return !heldTokens.has(holder.token);
  return !isAlive(holder.pid);
};

const isExists = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'EEXIST';

/**
 * Writes the holder to a private file, then hard-links it into place: link() fails when the lock exists
 * and is atomic, so a reader never sees a half-written lock. Where the file system has no hard links
 * (some container bind mounts), the lock is created directly with O_EXCL instead.
 */
const tryCreate = (lockPath: string, token: string): boolean => {
  const content = `${process.pid}\n${hostname()}\n${token}\n`;
  const draft = `${lockPath}.${process.pid}-${token.slice(0, 8)}`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (isExists(error)) return false;
    try {
      writeFileSync(lockPath, content, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if (isExists(fallbackError)) return false;
      throw fallbackError;
    }
  } finally {
    unlinkSync(draft);
  }
};

/** Moves a stale lock aside atomically; only one of two racing processes can win the rename. */
const takeOver = (lockPath: string, stale: Holder): void => {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // Someone else moved it first; the next attempt sees their lock.
  }
  const moved = readHolder(aside);
  if (moved && moved.token !== stale.token) {
    // We moved a fresh lock that replaced the stale one in between: put it back.
    renameSync(aside, lockPath);
    return;
  }
  unlinkSync(aside);
};

const display = (path: string): string => {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel}` : path;
};

export const acquireEmbeddedLock = (lockPath: string, databasePath: string, settingNames?: string): EmbeddedLock => {
  const token = randomBytes(16).toString('hex');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath, token)) {
      heldTokens.add(token);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          heldTokens.delete(token);
          if (readHolder(lockPath)?.token === token) unlinkSync(lockPath);
        },
      };
    }
    const holder = readHolder(lockPath);
    if (holder && !isStale(holder)) {
      throw new EmbeddedDatabaseLockedError(display(databasePath), String(holder.pid), settingNames);
    }
    if (holder) takeOver(lockPath, holder);
  }
  throw new EmbeddedDatabaseLockedError(
    display(databasePath),
    String(readHolder(lockPath)?.pid ?? 'unknown'),
    settingNames,
  );
};
