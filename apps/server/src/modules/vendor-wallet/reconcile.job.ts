import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../jobs/interval-job';

/** Every 30 seconds, at most RECONCILE_BATCH orders per pass. */
export const RECONCILE_INTERVAL_MS = 30_000;
export const RECONCILE_BATCH = 50;

/**
 * The transfer reconciliation job (DESIGN.md §8): settles PENDING vendor transfers by the vendor's order query. Safe on
 * every node at once (claims are SKIP LOCKED and every money step is keyed by the order number); a pass never overlaps
 * the previous one on this node; the timer stops with the app, which waits for the pass in flight (drained on close).
 */
export const startReconciliation = (
  app: FastifyInstance,
  run: (batch: number) => Promise<{ claimed: number; settled: number }>,
  intervalMs = RECONCILE_INTERVAL_MS,
): void => {
  startIntervalJob(app, {
    name: 'vendor transfer reconciliation',
    everyMs: intervalMs,
    run: async () => {
      const result = await run(RECONCILE_BATCH);
      if (result.claimed > 0) app.log.info(result, 'vendor transfer reconciliation');
    },
  });
};
