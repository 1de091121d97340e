import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job';

const appWithLog = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, next) {
      lines.push(String(chunk));
      next();
    },
  });
  return { app: Fastify({ logger: { level: 'info', stream } }), lines };
};

describe('interval jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should run on each tick, never two runs at once, and wait for the run in flight on close', async () => {
    const { app } = appWithLog();
    let finish: () => void = () => {};
    let runs = 0;
    startIntervalJob(app, {
      name: 'test job',
      everyMs: 1_000,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(1);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
  });

  it('should log a failed run under its name and run again on the next tick', async () => {
    const { app, lines } = appWithLog();
    let runs = 0;
    startIntervalJob(app, {
      name: 'test job',
      everyMs: 1_000,
      run: async () => {
        runs += 1;
        throw new Error('database away');
      },
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(2);
    const failures = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(failures.filter((line) => line.msg === 'test job failed')).toHaveLength(2);
    expect(failures[0]?.err?.message).toBe('database away');
    await app.close();
  });
});
