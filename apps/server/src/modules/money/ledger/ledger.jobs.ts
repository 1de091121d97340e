import { every, type JobDefinition } from '../../platform/jobs';

type Log = { error(detail: object, message: string): void };

/**
 * The ledger audit (DESIGN.md §5): checks every invariant and logs each violation as an error for whoever is on call.
 * It reads every transfer, so it runs hourly; read-only, so a run by hand changes nothing.
 */
export const ledgerJobs = (audit: () => Promise<readonly { kind: string }[]>, log: Log): JobDefinition[] => [
  {
    name: 'ledger.audit',
    schedule: every(1, 'hours'),
    run: async () => {
      const violations = await audit();
      for (const violation of violations) log.error({ violation }, 'ledger invariant violated');
      return { violations: violations.length };
    },
  },
];
