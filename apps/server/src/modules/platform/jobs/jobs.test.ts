import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { migrate } from '../../../db/migrate';
import { jobsRepository } from './jobs.repository';
import { createJobScheduler } from './jobs.scheduler';
import { every, everyMs, type JobDefinition } from './jobs.types';

const silentLog = { info: () => {}, error: () => {} };

describeEachDatabase('job registry', (getDb) => {
  const schedulerOn = (node: string, log = silentLog) =>
    createJobScheduler({ repository: jobsRepository(getDb()), now: () => Date.now(), log, node });

  it('should run an occurrence on one node only: the other node finds it claimed', async () => {
    await migrate(getDb());
    let runs = 0;
    const job: JobDefinition = {
      name: 'probe.count',
      schedule: every(1, 'minutes'),
      run: async () => {
        runs += 1;
        return { counted: 1 };
      },
    };
    const [a, b] = [schedulerOn('node-a'), schedulerOn('node-b')];
    a.register(job);
    b.register(job);
    const occurrence = new Date('2026-11-26T10:00:00Z');
    const outcomes = await Promise.all([a.runOccurrence(job.name, occurrence), b.runOccurrence(job.name, occurrence)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['DONE', 'SKIPPED']);
    expect(runs).toBe(1);
    expect(await b.runOccurrence(job.name, occurrence)).toEqual({ status: 'SKIPPED' });
    expect(await b.runOccurrence(job.name, new Date('2026-11-26T10:01:00Z'))).toEqual({
      status: 'DONE',
      report: { counted: 1 },
    });
    const { rows } = await getDb().query<{ status: string; detail: unknown }>(
      "SELECT status, detail FROM job_runs WHERE job = 'probe.count' ORDER BY occurrence",
    );
    expect(rows).toEqual([
      { status: 'DONE', detail: { counted: 1 } },
      { status: 'DONE', detail: { counted: 1 } },
    ]);
  });

  it('should record a failed run as FAILED and log it, and keep the claim so the occurrence is not retried', async () => {
    await migrate(getDb());
    const error = vi.fn();
    const scheduler = schedulerOn('node-a', { info: () => {}, error });
    scheduler.register({
      name: 'probe.fail',
      schedule: every(1, 'minutes'),
      run: () => Promise.reject(new Error('vendor down')),
    });
    const occurrence = new Date('2026-11-26T11:00:00Z');
    expect(await scheduler.runOccurrence('probe.fail', occurrence)).toEqual({ status: 'FAILED' });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'probe.fail' }), 'job failed');
    expect(await scheduler.runOccurrence('probe.fail', occurrence)).toEqual({ status: 'SKIPPED' });
    const { rows } = await getDb().query<{ status: string }>("SELECT status FROM job_runs WHERE job = 'probe.fail'");
    expect(rows).toEqual([{ status: 'FAILED' }]);
  });

  it('should never overlap two runs of a job on one node, and drain the run in flight on stop', async () => {
    await migrate(getDb());
    let release: () => void = () => {};
    let aborted = false;
    let runs = 0;
    const scheduler = schedulerOn('node-a');
    scheduler.register({
      name: 'probe.slow',
      schedule: every(1, 'minutes'),
      run: ({ signal }) =>
        new Promise((resolve) => {
          runs += 1;
          signal.addEventListener('abort', () => {
            aborted = true;
          });
          release = () => resolve({ done: 1 });
        }),
    });
    const first = scheduler.trigger('probe.slow');
    const second = scheduler.trigger('probe.slow');
    await vi.waitFor(() => expect(runs).toBe(1));
    const stopped = scheduler.stop();
    expect(aborted).toBe(true);
    release();
    await stopped;
    expect(await first).toEqual({ status: 'DONE', report: { done: 1 } });
    expect(await second).toEqual({ status: 'SKIPPED' });
    expect(runs).toBe(1);
    // trigger runs outside any occurrence: nothing claimed.
    const { rows } = await getDb().query("SELECT 1 FROM job_runs WHERE job = 'probe.slow'");
    expect(rows).toEqual([]);
  });

  it('should refuse a job registered twice, a bad pattern and a period that is not whole seconds', () => {
    const scheduler = schedulerOn('node-a');
    const job: JobDefinition = { name: 'probe.once', schedule: every(5, 'minutes'), run: async () => undefined };
    scheduler.register(job);
    expect(() => scheduler.register(job)).toThrow(/registered twice/);
    expect(() => scheduler.register({ ...job, name: 'probe.bad', schedule: 'every day' })).toThrow();
    expect(() => everyMs(1_500)).toThrow(/whole seconds/);
    expect(() => every(7, 'minutes')).toThrow(/divide 60/);
    expect([everyMs(30_000), everyMs(15 * 60_000), everyMs(3_600_000)]).toEqual([
      '*/30 * * * * *',
      '0 */15 * * * *',
      '0 0 * * * *',
    ]);
  });
});
