import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@platform/db';
import { migrate } from '../../../db/migrate';
import { testDatabaseUrl } from '../../../env';

const url = testDatabaseUrl();
const SERVER_DIR = fileURLToPath(new URL('../../../../', import.meta.url));
const RUN_FOR_MS = 4_500;

type Tally = { attempts: number; won: number };

/** Runs one scheduler process to its end: its claim attempts and wins; rejects with its stderr when it fails. */
const runNode = (schema: string, node: string): Promise<Tally> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/modules/platform/jobs/jobs.node-fixture.ts',
        url ?? '',
        schema,
        node,
        String(RUN_FOR_MS),
      ],
      { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as Tally) : reject(new Error(`${node} exited ${code}: ${stderr}`)),
    );
  });

// DESIGN.md §8: run once per occurrence across all nodes. Two real processes on one PostgreSQL (PGlite is one process
// by nature), each running the registry with a job due every second.
describe.runIf(url !== undefined)('job registry across processes [postgres]', () => {
  const schema = `test_jobs_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    const db = await openPostgres({ url: url ?? '', schema });
    try {
      await migrate(db);
      await db.exec('CREATE TABLE job_probe (occurrence timestamptz NOT NULL, node text NOT NULL)');
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('should run each occurrence of a job once when two server processes share the database', async () => {
    const [a, b] = await Promise.all([runNode(schema, 'node-a'), runNode(schema, 'node-b')]);
    const db = await openPostgres({ url: url ?? '', schema });
    try {
      const runs = await db.query<{ occurrence: Date; node: string }>(
        'SELECT occurrence, node FROM job_probe ORDER BY occurrence',
      );
      const claims = await db.query<{ occurrence: Date; node: string; status: string }>(
        "SELECT occurrence, node, status FROM job_runs WHERE job = 'probe.tick' ORDER BY occurrence",
      );
      const occurrences = runs.rows.map((row) => row.occurrence.toISOString());
      // Both processes ticked for every second they were up and tried to claim it; one claim each won.
      expect(occurrences.length).toBeGreaterThanOrEqual(3);
      expect(a.attempts).toBeGreaterThanOrEqual(3);
      expect(b.attempts).toBeGreaterThanOrEqual(3);
      expect(a.attempts + b.attempts).toBeGreaterThan(occurrences.length);
      expect(a.won + b.won).toBe(occurrences.length);
      expect(new Set(occurrences).size).toBe(occurrences.length);
      // Each run is the one its claim names, and every claim finished.
      expect(claims.rows.map((row) => [row.occurrence.toISOString(), row.node, row.status])).toEqual(
        runs.rows.map((row) => [row.occurrence.toISOString(), row.node, 'DONE']),
      );
      // Whole seconds: the occurrence is the scheduled instant, not the moment a tick fired.
      for (const occurrence of runs.rows) expect(occurrence.occurrence.getTime() % 1000).toBe(0);
    } finally {
      await db.close();
    }
  }, 30_000);
});
