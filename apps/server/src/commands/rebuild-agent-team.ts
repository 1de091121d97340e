import { createAgentTeamModule } from '../modules/agents/agent-team';
import { runCommand } from './command';

/**
 * `npm run agent-team:rebuild`: recomputes every team rollup (DESIGN.md §12, ADR 0029) from play statistics' changes,
 * the sign-ups and the orders, over the agent tree as it stands now, in one transaction, on the configured database.
 * The rollup job may run meanwhile: the rebuild holds its cursor. Rebuild play statistics first when both are rebuilt.
 */
runCommand(async (_env, db) => {
  const taken = await createAgentTeamModule({ db }).rebuild();
  process.stdout.write(`Team rollups rebuilt from ${taken} play changes, every sign-up and every order.\n`);
});
