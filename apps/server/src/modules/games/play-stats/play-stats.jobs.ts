import { every, type JobContext, type JobDefinition } from '../../platform/jobs';
import type { PlayStatsRepository } from './play-stats.repository';

/** Rounds one statement of the take-in handles: bounded, so a backlog never holds one long transaction. */
export const PLAY_STATS_BATCH = 5_000;

/** How far before the watermark each rollup run looks again: rounds whose transaction committed a little late. */
export const ROLLUP_LOOKBACK_MINUTES = 5;
/**
 * How far the hourly sweep looks back: rounds the transfer wallet's bet pull brings in late (a vendor's settlement
 * time, hours back when the pull was behind) and wins a vendor sends after the round ended.
 */
export const SWEEP_LOOKBACK_MINUTES = 3 * 24 * 60;

/**
 * Takes in newly settled rounds batch after batch until a batch comes back short or the run is aborted. Idempotent:
 * each round's contribution is keyed by the round and replaced, never added twice. The first batch looks back
 * `lookbackMinutes` before the watermark; each next one reads on from the latest settlement time the one before took
 * in, so a run compares the rounds of its look-back once rather than once per batch.
 */
export const rollUpPlay =
  (repo: Pick<PlayStatsRepository, 'takeIn'>, batch = PLAY_STATS_BATCH) =>
  async (signal?: AbortSignal, lookbackMinutes = ROLLUP_LOOKBACK_MINUTES): Promise<number> => {
    let total = 0;
    let from: Date | null = null;
    for (;;) {
      const { taken, last } = await repo.takeIn(batch, lookbackMinutes, from);
      total += taken;
      if (taken < batch || signal?.aborted === true) return total;
      from = last;
    }
  };

/**
 * `play-stats.rollup` keeps the play-statistics rollups (DESIGN.md §11) a few seconds behind the settled rounds;
 * `play-stats.sweep` looks three days back each hour for rounds that arrived or changed behind the watermark.
 */
export const playStatsJobs = (
  rollUp: (signal?: AbortSignal, lookbackMinutes?: number) => Promise<number>,
): JobDefinition[] => [
  {
    name: 'play-stats.rollup',
    schedule: every(15, 'seconds'),
    run: async ({ signal }: JobContext) => ({ rounds: await rollUp(signal) }),
  },
  {
    name: 'play-stats.sweep',
    schedule: '0 7 * * * *',
    run: async ({ signal }: JobContext) => ({ rounds: await rollUp(signal, SWEEP_LOOKBACK_MINUTES) }),
  },
];
