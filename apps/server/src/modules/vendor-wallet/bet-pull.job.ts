import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../jobs/interval-job';
import type { BetPullResult } from './bet-pull.service';

/**
 * The bet-record pull job (DESIGN.md §8): every minute, the rounds each HTTP transfer vendor settled. Safe on every
 * node at once (a vendor's cursor is claimed under SKIP LOCKED with a lease, and every round's money is keyed by its
 * round id); a pass never overlaps the previous one on this node and is drained when the app closes.
 */
export const startBetPull = (app: FastifyInstance, run: () => Promise<BetPullResult>, intervalMs: number): void => {
  startIntervalJob(app, {
    name: 'bet-record pull',
    everyMs: intervalMs,
    run: async () => {
      const result = await run();
      if (result.rounds + result.skipped + result.failed > 0) app.log.info(result, 'bet-record pull');
    },
  });
};
