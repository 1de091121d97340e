import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { ResponseCache } from '../../../lib/response-cache';
import { configOpsRoutes } from './config-ops.routes';
import { configOpsServiceFactory, type ConfigAuditWriter, type ConfigGuard } from './config-ops.service';

/**
 * Longer than any public read trusts a merchant's row and languages it looked up (the catalogue's context memo, 5 s,
 * lib/response-cache ttlMemo): an answer computed from such a stale read right after a change is dropped again.
 */
export const CONFIG_SETTLE_MS = 6_000;

export type ConfigOpsDeps = {
  db: Database;
  now: Clock;
  cache: Pick<ResponseCache, 'invalidate'>;
  recordAudit: ConfigAuditWriter;
};

/**
 * Site configuration in the back office (issue 7): the merchant module's own staff routes over its tables. The player
 * side reads these rows on every request (merchant.service.ts does not cache), except the public answers kept in the
 * response cache (games, banners, winners: their language and its fallback come from the configuration). After a change those answers of the merchant are dropped on every node
 * (the cache publishes the invalidation over Redis when REDIS_URL is set), and once more when the short-lived lookups
 * behind them have expired.
 */
export const createConfigOps = ({ db, now, cache, recordAudit }: ConfigOpsDeps) => {
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
  const service = configOpsServiceFactory({ db, now, recordAudit, onChange: invalidate });
  return {
    service,
    routes: (options: { staff: ConfigGuard }) => async (app: FastifyInstance) => {
      app.addHook('onClose', async () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      });
      await app.register(configOpsRoutes, { config: service, staff: options.staff });
    },
  };
};
