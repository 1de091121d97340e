/**
 * One node of the two-process job test (jobs.processes.test.ts): a scheduler on the shared database with one job that
 * ticks every second and records each run, so the test can count how often each occurrence ran across processes.
 * Arguments: <database url> <schema> <node name> <how long to run, ms>.
 */
import { openPostgres } from '@platform/db';
import { systemClock } from '../../../lib/clock';
import { jobsRepository } from './jobs.repository';
import { createJobScheduler } from './jobs.scheduler';
import { every } from './jobs.types';

const [url, schema, node, runForMs] = process.argv.slice(2);
if (url === undefined || schema === undefined || node === undefined || runForMs === undefined) {
  throw new Error('usage: jobs.node-fixture.ts <url> <schema> <node> <ms>');
}
const db = await openPostgres({ url, schema, maxConnections: 2 });
const log = { info: () => {}, error: (detail: object, message: string) => console.error(message, detail) };
const repository = jobsRepository(db);
// Counts this node's claim attempts and wins, printed at the end for the test.
const tally = { attempts: 0, won: 0 };
const counting = {
  ...repository,
  claim: async (...args: Parameters<typeof repository.claim>) => {
    tally.attempts += 1;
    const won = await repository.claim(...args);
    if (won) tally.won += 1;
    return won;
  },
};
const scheduler = createJobScheduler({ repository: counting, now: systemClock, log, node });
scheduler.register({
  name: 'probe.tick',
  schedule: every(1, 'seconds'),
  run: async ({ occurrence }) => {
    await db.query('INSERT INTO job_probe (occurrence, node) VALUES ($1, $2)', [occurrence.toISOString(), node]);
  },
});
scheduler.start();
await new Promise((resolve) => setTimeout(resolve, Number(runForMs)));
await scheduler.stop();
await db.close();
process.stdout.write(JSON.stringify(tally));
