import { createPlayStatsModule } from '../modules/games/play-stats';
import { runCommand } from './command';

/**
 * `npm run play-stats:rebuild`: compares the raw rounds with the play-statistics journal, books any difference and
 * recomputes every rollup from the journal (DESIGN.md §11, ADR 0028), in one transaction, on the configured database. The rollup job may run meanwhile: the rebuild holds its watermark.
 */
runCommand(async (_env, db) => {
  const taken = await createPlayStatsModule({ db }).rebuild();
  process.stdout.write(`Play statistics rebuilt; ${taken} rounds needed a correction.\n`);
});
