import { createPlayStatsModule } from '../modules/games/play-stats';
import { runCommand } from './command';

/**
 * `npm run play-stats:rebuild`: recomputes every play-statistics rollup (DESIGN.md §11, ADR 0028) from the raw rounds,
 * in one transaction, on the configured database. The rollup job may run meanwhile: the rebuild holds its watermark.
 */
runCommand(async (_env, db) => {
  const taken = await createPlayStatsModule({ db }).rebuild();
  process.stdout.write(`Play statistics rebuilt from ${taken} settled rounds.\n`);
});
