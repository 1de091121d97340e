import { every, type JobContext, type JobDefinition } from '../../platform/jobs';
import type { AgentTeamRepository } from './agent-team.repository';

/** Play changes one statement of the take-in handles: bounded, so a backlog never holds one long transaction. */
export const AGENT_TEAM_BATCH = 10_000;

/**
 * How far back (by creation time) each run looks at sign-ups, deposit and withdrawal orders: an order created earlier
 * and approved or paid later is taken in by the daily sweep's longer look.
 */
export const FACTS_LOOKBACK_MINUTES = 2 * 24 * 60;
/** How far back the daily sweep looks: every order the back office may still decide. */
export const SWEEP_LOOKBACK_MINUTES = 40 * 24 * 60;

/** Takes in play changes batch after batch until one comes back short or the run is aborted, then the facts. */
export const rollUpTeams =
  (repo: Pick<AgentTeamRepository, 'takeInPlay' | 'takeInFacts'>, batch = AGENT_TEAM_BATCH) =>
  async (
    signal?: AbortSignal,
    lookbackMinutes = FACTS_LOOKBACK_MINUTES,
  ): Promise<{ playChanges: number; facts: number }> => {
    let playChanges = 0;
    for (;;) {
      const taken = await repo.takeInPlay(batch);
      playChanges += taken;
      if (taken < batch || signal?.aborted === true) break;
    }
    const facts = await repo.takeInFacts(lookbackMinutes);
    return { playChanges, facts };
  };

/**
 * `agent-team.rollup` keeps the team rollups (DESIGN.md §12, ADR 0029) a few seconds behind play statistics and the
 * orders; `agent-team.sweep` looks 40 days back once a day for orders decided long after they were created.
 */
export const agentTeamJobs = (rollUp: ReturnType<typeof rollUpTeams>): JobDefinition[] => [
  {
    name: 'agent-team.rollup',
    schedule: every(15, 'seconds'),
    run: async ({ signal }: JobContext) => rollUp(signal),
  },
  {
    name: 'agent-team.sweep',
    schedule: '0 17 4 * * *',
    run: async ({ signal }: JobContext) => rollUp(signal, SWEEP_LOOKBACK_MINUTES),
  },
];
