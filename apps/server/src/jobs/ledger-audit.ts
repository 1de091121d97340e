import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from './interval-job';

/** The audit reads every transfer (see ledger.audit.ts), so it runs hourly, not per request. */
export const LEDGER_AUDIT_INTERVAL_MS = 60 * 60_000;

export type AuditRun = () => Promise<readonly { kind: string }[]>;

/**
 * The ledger audit job (DESIGN.md §5, §8): checks every invariant and logs each violation found as an error, for
 * whoever is on call. Read-only, so it is idempotent and safe on every node; a run never overlaps the previous one;
 * each check reports a bounded number of rows; the timer stops with the app and does not keep the process alive.
 */
export const startLedgerAudit = (
  app: FastifyInstance,
  audit: AuditRun,
  intervalMs: number = LEDGER_AUDIT_INTERVAL_MS,
): void => {
  startIntervalJob(app, {
    name: 'ledger audit',
    everyMs: intervalMs,
    run: async () => {
      const violations = await audit();
      if (violations.length === 0) app.log.debug('ledger audit: no violation');
      for (const violation of violations) app.log.error({ violation }, 'ledger invariant violated');
    },
  });
};
