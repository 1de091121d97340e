import type { FastifyInstance } from 'fastify';

export type IntervalJob = {
  /** Names the job in the failure log: "<name> failed". */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
};

/**
 * Runs a job every `everyMs` in-process (DESIGN.md §8): a run never overlaps the previous one on this node, a failure
 * is logged and the next tick tries again, the timer does not keep the process alive, and closing the app stops the
 * timer and waits for the run in flight.
 */
export const startIntervalJob = (app: FastifyInstance, { name, everyMs, run }: IntervalJob): void => {
  let running: Promise<void> | undefined;
  const attempt = async () => {
    try {
      await run();
    } catch (error) {
      app.log.error({ err: error }, `${name} failed`);
    }
  };
  const timer = setInterval(() => {
    running ??= attempt().finally(() => {
      running = undefined;
    });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
