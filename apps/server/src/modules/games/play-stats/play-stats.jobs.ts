import { every, type JobContext, type JobDefinition } from '../../platform/jobs';
import type { PlayStatsRepository } from './play-stats.repository';

/** Rounds one statement of the take-in handles: bounded, so a backlog never holds one long transaction. */
export const PLAY_STATS_BATCH = 5_000;

/**
 * Takes in newly settled rounds batch after batch until a batch comes back short or the run is aborted. Idempotent:
 * each round's contribution is keyed by the round and replaced, never added twice.
 */
export const rollUpPlay =
  (repo: Pick<PlayStatsRepository, 'takeIn'>, batch = PLAY_STATS_BATCH) =>
  async (signal?: AbortSignal): Promise<number> => {
    let total = 0;
    for (;;) {
      const taken = await repo.takeIn(batch);
      total += taken;
      if (taken < batch || signal?.aborted === true) return total;
    }
  };

/** `play-stats.rollup`: keeps the play-statistics rollups (DESIGN.md §11) a few seconds behind the settled rounds. */
export const playStatsJobs = (rollUp: (signal?: AbortSignal) => Promise<number>): JobDefinition[] => [
  {
    name: 'play-stats.rollup',
    schedule: every(15, 'seconds'),
    run: async ({ signal }: JobContext) => ({ rounds: await rollUp(signal) }),
  },
];
