import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeEachDatabase } from '../test/databases';
import { startHarness, type Harness } from '../test/harness';
import { manualClock, type ManualClock } from '../test/manual-clock';
import { PAGE_SESSION_RETENTION_MS, SESSION_PURGE_EVERY_MS } from './session-purge';

const HOUR_MS = 60 * 60_000;
let seq = 0;

/** A page session row that expires `expiresInMs` from `nowMs` (negative: expired that long ago). */
const insertSession = async (db: Database, nowMs: number, expiresInMs: number): Promise<string> => {
  seq += 1;
  const idHash = `purge-${process.pid}-${Date.now()}-${seq}`;
  await db.query(
    `INSERT INTO page_sessions (id_hash, operator, player_id, currency, mode, game_code, lang, platform_token,
       created_at, expires_at)
     VALUES ($1, 'demo', 'Ppurge', 'PHP', 'real', 'rgs-dice', 'en', 'platform-token', $2, $3)`,
    [idHash, new Date(nowMs + expiresInMs - 4 * HOUR_MS), new Date(nowMs + expiresInMs)],
  );
  return idHash;
};

/** A refused dice round played in the session (the round keeps its session: rounds.session_id references it). */
const insertRound = async (db: Database, sessionIdHash: string, nowMs: number): Promise<void> => {
  await db.query(
    `INSERT INTO rounds (id, operator, player_id, currency, mode, game_code, family, session_id, params, bet_minor,
       bet_transaction_id, state, created_at)
     VALUES ($1, 'demo', 'Ppurge', 'PHP', 'real', 'rgs-dice', 'dice', $2, '{}', 100, $3, 'REFUSED', $4)`,
    [`round-${sessionIdHash}`, sessionIdHash, `bet-${sessionIdHash}`, new Date(nowMs)],
  );
};

const existing = async (db: Database, ids: readonly string[]): Promise<string[]> =>
  (
    await db.query<{ id_hash: string }>(`SELECT id_hash FROM page_sessions WHERE id_hash = ANY ($1::text[])`, [
      [...ids],
    ])
  ).rows
    .map((row) => row.id_hash)
    .sort();

describeEachDatabase('page session purge', (getDb) => {
  let h: Harness;
  let time: ManualClock;
  beforeAll(async () => {
    time = manualClock();
    // A batch of 2 makes the walk take several statements, over the sessions it keeps.
    h = await startHarness(getDb(), { clock: time.clock, rgs: { sessionPurge: { batch: 2 } } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('should delete sessions expired longer ago than the retention, keeping live, recently expired and played ones', async () => {
    const db = getDb();
    const now = time.now();
    const old = [
      await insertSession(db, now, -PAGE_SESSION_RETENTION_MS - 3 * HOUR_MS),
      await insertSession(db, now, -PAGE_SESSION_RETENTION_MS - 2 * HOUR_MS),
      await insertSession(db, now, -PAGE_SESSION_RETENTION_MS - 1 * HOUR_MS),
      await insertSession(db, now, -PAGE_SESSION_RETENTION_MS - 1 * HOUR_MS),
    ];
    const played = await insertSession(db, now, -PAGE_SESSION_RETENTION_MS - 2 * HOUR_MS);
    await insertRound(db, played, now - PAGE_SESSION_RETENTION_MS - 3 * HOUR_MS);
    const recentlyExpired = await insertSession(db, now, -HOUR_MS);
    const live = await insertSession(db, now, 2 * HOUR_MS);
    const all = [...old, played, recentlyExpired, live];

    // Nothing happens before the job's first tick.
    await time.advance(SESSION_PURGE_EVERY_MS - 1, () => h.rgs.rgs.sessionPurge.idle());
    expect(await existing(db, all)).toEqual([...all].sort());

    await time.advance(1, () => h.rgs.rgs.sessionPurge.idle());
    expect(await existing(db, all)).toEqual([played, recentlyExpired, live].sort());

    // A day later the recently expired one has aged past the retention too; the live one has expired since but is
    // still within it.
    await time.advance(PAGE_SESSION_RETENTION_MS, () => h.rgs.rgs.sessionPurge.idle());
    expect(await existing(db, all)).toEqual([played, live].sort());
  });

  it('should stop its timer when the app closes', async () => {
    const separate = manualClock();
    const other = await startHarness(getDb(), { clock: separate.clock });
    expect(separate.pending()).toBeGreaterThan(0);
    await other.close();
    expect(separate.pending()).toBe(0);
  });
});
