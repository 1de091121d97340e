import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';

export type HealthRoutesOptions = { db: Pick<Queryable, 'query'>; readyTimeoutMs?: number };

const DEFAULT_READY_TIMEOUT_MS = 2_000;

/** Resolves when the database answers `select 1` within the limit; a hung database counts as down. */
const pingDatabase = async (db: Pick<Queryable, 'query'>, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Liveness says the process answers (restart it if not); readiness says it can serve (route traffic to
 * it only then), so only readiness depends on the database.
 */
export const healthRoutes = async (app: FastifyInstance, { db, readyTimeoutMs }: HealthRoutesOptions) => {
  route(app, 'GET', API.health.live, { handler: async () => ({ status: 'ok' }) });

  route(app, 'GET', API.health.ready, {
    handler: async () => {
      if (!(await pingDatabase(db, readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS))) {
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'Database is not reachable');
      }
      return { status: 'ok' };
    },
  });
};
