import type { Database } from '../../../db/database';
import { agentTeamJobs, rollUpTeams } from './agent-team.jobs';
import { agentTeamRepository } from './agent-team.repository';
import type { TeamDay, TeamFigures, TeamPlay } from './agent-team.types';

export { AGENT_TEAM_BATCH } from './agent-team.jobs';
export { NO_TEAM_FIGURES, type TeamDay, type TeamFigures, type TeamPlay } from './agent-team.types';

/**
 * Team rollups (DESIGN.md §12, ADR 0029): per merchant, agent and business day the figures of the agent's team (the
 * agent and every descendant in identity's agent_tree), kept by the `agent-team.rollup` job from play statistics'
 * play_stat_changes, identity's member_directory and the deposit and withdrawal order facts. Every agent page reads
 * these. Days are 'YYYY-MM-DD' business days in the merchant's time zone, inclusive.
 */
export const createAgentTeamModule = ({ db }: { db: Database }) => {
  const repo = agentTeamRepository(db);
  const rollUp = rollUpTeams(repo);
  return {
    jobs: agentTeamJobs(rollUp),
    /** Takes in every play change, sign-up and order since the last run (what the job does). */
    rollUp,
    /**
     * Recomputes every team rollup from the sources, over the tree as it stands now, in one transaction without the
     * pool's statement timeout (a rebuild reads every play change ever booked).
     */
    rebuild: (): Promise<number> =>
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL statement_timeout = 0');
        return agentTeamRepository(tx).rebuild();
      }),
    /** The team's figures over fromDay..toDay. */
    teamSummary: (merchantId: number, agentId: bigint, fromDay: string, toDay: string): Promise<TeamFigures> =>
      repo.summary(merchantId, agentId, fromDay, toDay),
    /** The team's figures on each day of fromDay..toDay (zeros on days without any). */
    teamByDay: (merchantId: number, agentId: bigint, fromDay: string, toDay: string): Promise<TeamDay[]> =>
      repo.byDay(merchantId, agentId, fromDay, toDay),
    /**
     * Each listed member's own team figures over fromDay..toDay, keyed by the member id's decimal string; members
     * outside agentId's subtree are left out.
     */
    downlineFigures: (
      merchantId: number,
      agentId: bigint,
      memberIds: bigint[],
      fromDay: string,
      toDay: string,
    ): Promise<Map<string, TeamFigures>> => repo.downline(merchantId, agentId, memberIds, fromDay, toDay),
    /**
     * Each listed agent's team play over fromDay..toDay (valid bet, profit and loss, active members), keyed by the
     * agent id's decimal string: one statement for every contract holder of a settlement window.
     */
    teamsPlay: (
      merchantId: number,
      agentIds: bigint[],
      fromDay: string,
      toDay: string,
    ): Promise<Map<string, TeamPlay>> => repo.teamsPlay(merchantId, agentIds, fromDay, toDay),
    /** Whether memberId is agentId itself or one of its descendants at any depth. */
    isInSubtree: repo.isInSubtree,
    /** The agent's direct downlines and all its descendants (the agent itself not counted). */
    teamSize: repo.teamSize,
  };
};

export type AgentTeamModule = ReturnType<typeof createAgentTeamModule>;
