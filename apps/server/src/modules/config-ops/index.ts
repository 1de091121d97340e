import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../lib/response-cache';
import type { StaffAuth } from '../staff';
import { configOpsRoutes } from './config-ops.routes';
import { configOpsServiceFactory } from './config-ops.service';

export type { ConfigArea, ConfigOpsService } from './config-ops.service';

/**
 * Longer than any public read trusts a merchant's row and languages it looked up (the catalogue's context memo, 5 s,
 * lib/response-cache ttlMemo): an answer computed from such a stale read right after a change is dropped again.
 */
export const CONFIG_SETTLE_MS = 6_000;

export type ConfigOpsModuleDeps = {
  db: Database;
  now: Clock;
  cache: Pick<ResponseCache, 'invalidate'>;
};

/**
 * Site configuration in the back office (issue 7). The player side reads these rows on every request (modules/merchant
 * does not cache), except the public answers kept in the response cache (games, banners, winners: their language and
 * its fallback come from the configuration). After a change those answers of the merchant are dropped on every node
 * (the cache publishes the invalidation over Redis when REDIS_URL is set), and once more when the short-lived lookups
 * behind them have expired.
 */
export const createConfigOpsModule = ({ db, now, cache }: ConfigOpsModuleDeps) => {
  const timers = new Set<NodeJS.Timeout>();
  const invalidate = (merchantId: number) => {
    cache.invalidate(merchantId);
    const timer = setTimeout(() => {
      timers.delete(timer);
      cache.invalidate(merchantId);
    }, CONFIG_SETTLE_MS);
    timer.unref();
    timers.add(timer);
  };
  const service = configOpsServiceFactory({ db, now, onChange: invalidate });
  return {
    service,
    routes: (options: { staff: StaffAuth }) => async (app: FastifyInstance) => {
      app.addHook('onClose', async () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      });
      await app.register(configOpsRoutes, { config: service, staff: options.staff });
    },
  };
};
