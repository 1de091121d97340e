import type { JobContext, JobDefinition } from '../../platform/jobs';
import type { SettlementService } from './settlement.service';

/**
 * Settlement jobs (spec §9, DESIGN.md §8, ADR 0030). Each run counts every window that is due at its occurrence (the
 * scheduled instant, or the app's clock when run by hand or by a test) and pays what is counted; a window is counted
 * once whatever runs it, and paid once by its ledger key. Hourly windows follow local hours (some zones are half an
 * hour off UTC), so their job looks every five minutes; day windows wait for the hourly sweep of play statistics.
 */
export const agentContractJobs = (settlement: Pick<SettlementService, 'run'>): JobDefinition[] => [
  {
    name: 'agent-contract.realtime',
    schedule: '0 1-59/5 * * * *',
    run: async ({ occurrence, signal }: JobContext) => settlement.run('REALTIME_SALARY', occurrence, signal),
  },
  {
    name: 'agent-contract.hourly',
    schedule: '0 2-59/5 * * * *',
    run: async ({ occurrence, signal }: JobContext) => settlement.run('HOURLY_SALARY', occurrence, signal),
  },
  {
    name: 'agent-contract.daily',
    schedule: '0 */10 * * * *',
    run: async ({ occurrence, signal }: JobContext) => {
      const daily = await settlement.run('DAILY_SALARY', occurrence, signal);
      const dividend = await settlement.run('DIVIDEND', occurrence, signal);
      return {
        windows: daily.windows + dividend.windows,
        agents: daily.agents + dividend.agents,
        paid: daily.paid + dividend.paid,
        failed: daily.failed + dividend.failed,
      };
    },
  },
];
