import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';

/**
 * A page session is deleted this long after it expired: nothing can use it once it expired (the page is refused with
 * SESSION_EXPIRED), and a day leaves room to look at a complaint about a game that would not load.
 */
export const PAGE_SESSION_RETENTION_MS = 24 * 60 * 60_000;
export const SESSION_PURGE_EVERY_MS = 10 * 60_000;
/** Sessions visited per statement, and statements per run: bounded work, whatever piled up. */
export const SESSION_PURGE_BATCH = 2_000;
const MAX_BATCHES_PER_RUN = 25;

export type SessionPurgeOptions = { everyMs?: number; retentionMs?: number; batch?: number };

/** Where the walk stands: the last session visited, in (expires_at, id_hash) order. */
type Cursor = { expiresAt: string; idHash: string };
const START: Cursor = { expiresAt: '-infinity', idHash: '' };

type BatchRow = { visited: number; removed: number; last_expires_at: string | null; last_id_hash: string | null };

/**
 * Deletes expired page sessions (DESIGN.md §8: in-process, idempotent, bounded, stopped with the app). A session that a
 * round names stays, as long as the round does (rounds.session_id references it, and a round's platform calls take the
 * platform token from it); only the sessions that never played a round go.
 *
 * The walk goes in (expires_at, id_hash) order from an in-memory cursor, so the kept sessions, which grow with play,
 * are visited once per process and not at every run. New sessions expire after the cursor, since expiry is creation
 * time plus a fixed TTL. After a restart the walk starts again from the oldest session, in bounded runs. Two nodes
 * may walk at once: a row deleted by one is skipped by the other.
 */
export const sessionPurgeFactory = (deps: {
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  options?: SessionPurgeOptions;
}) => {
  const { db, clock, log } = deps;
  const everyMs = deps.options?.everyMs ?? SESSION_PURGE_EVERY_MS;
  const retentionMs = deps.options?.retentionMs ?? PAGE_SESSION_RETENTION_MS;
  const batch = deps.options?.batch ?? SESSION_PURGE_BATCH;
  let cursor = START;
  let stopped = true;
  let cancel: (() => void) | undefined;
  let running: Promise<void> | undefined;

  /** Visits up to `batch` sessions after the cursor that expired before `beforeMs`; deletes those no round names. */
  const purgeBatch = async (beforeMs: number): Promise<{ visited: number; removed: number }> => {
    const { rows } = await db.query<BatchRow>(
      `WITH visited AS (
         SELECT id_hash, expires_at FROM page_sessions
         WHERE expires_at < $1 AND (expires_at, id_hash) > ($2::timestamptz, $3::text)
         ORDER BY expires_at, id_hash LIMIT $4
       ), removed AS (
         -- = ANY (ARRAY(...)), not a join with visited: PostgreSQL hash-joined that with a scan of page_sessions.
         DELETE FROM page_sessions s
         WHERE s.id_hash = ANY (ARRAY(SELECT id_hash FROM visited))
           AND NOT EXISTS (SELECT 1 FROM rounds r WHERE r.session_id = s.id_hash)
         RETURNING 1
       ), last AS (
         -- As text, so the cursor keeps the column's full precision.
         SELECT v.expires_at::text AS expires_at, v.id_hash FROM visited v
         ORDER BY v.expires_at DESC, v.id_hash DESC LIMIT 1
       )
       SELECT (SELECT count(*) FROM visited)::int AS visited, (SELECT count(*) FROM removed)::int AS removed,
         (SELECT expires_at FROM last) AS last_expires_at, (SELECT id_hash FROM last) AS last_id_hash`,
      [new Date(beforeMs), cursor.expiresAt, cursor.idHash, batch],
    );
    const row = rows[0];
    if (row?.last_expires_at != null && row.last_id_hash != null) {
      cursor = { expiresAt: row.last_expires_at, idHash: row.last_id_hash };
    }
    return { visited: row?.visited ?? 0, removed: row?.removed ?? 0 };
  };

  /** One run: batches until the walk reaches the sessions still within retention, or the batch limit. */
  const run = async (): Promise<number> => {
    const beforeMs = clock.now() - retentionMs;
    let removed = 0;
    for (let i = 0; i < MAX_BATCHES_PER_RUN; i += 1) {
      const outcome = await purgeBatch(beforeMs);
      removed += outcome.removed;
      if (outcome.visited < batch) break;
    }
    if (removed > 0) log.debug({ removed }, 'page sessions purged');
    return removed;
  };

  const schedule = (): void => {
    if (stopped) return;
    cancel = clock.schedule(() => {
      cancel = undefined;
      running = run()
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, 'page session purge failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, everyMs);
  };

  return {
    run,
    start: (): void => {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Cancels the timer and waits for the run in flight. */
    stop: async (): Promise<void> => {
      stopped = true;
      cancel?.();
      cancel = undefined;
      await running;
    },
    /** Resolves when no run is in flight (tests, after moving the clock). */
    idle: async (): Promise<void> => {
      await running;
    },
  };
};
export type SessionPurge = ReturnType<typeof sessionPurgeFactory>;
