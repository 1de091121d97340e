import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Auth, InvitationPort, MerchantResolver } from '../../identity/identity';
import type { SealedService } from '../../identity/sealed';
import { accountsServiceFactory } from './accounts.service';
import { agentCentreRepository, type AgentLimitRow, type AgentSettings } from './agent-centre.repository';
import { agentCentreRoutes } from './agent-centre.routes';
import { invitationsFactory } from './invitations';
import { agentLimitsFactory } from './limits';
import { periodResolver } from './period';
import type { DownlineAccountCreator, MemberStatusActions, PlayStats, TeamStats } from './ports';
import { reportsServiceFactory } from './reports.service';
import { teamRepository } from './team.repository';
import { teamServiceFactory } from './team.service';

export type { AgentLimitRow, AgentSettings } from './agent-centre.repository';
export { DEFAULT_AGENT_SETTINGS } from './agent-centre.repository';
export type { DownlineAccountCreator, MemberStatusActions, PlayStats, TeamFigureValues, TeamStats } from './ports';

export type AgentCentreDeps = {
  db: Database;
  now: Clock;
  /** The team rollups (agents/agent-team). */
  teamStats: TeamStats;
  /** Play statistics (games/play-stats). */
  play: PlayStats;
  /** Identity: creating accounts in the caller's downline, and a member's status. */
  accounts: DownlineAccountCreator;
  statuses: MemberStatusActions;
};

/**
 * The agent centre (issue 18; spec §2 /agentHome): the team overview, the downline list with remarks and locks,
 * account creation and invitation links within the agent's limits, the team's bets, profit and loss per downline and
 * transactions, and the member centre's personalProfit. An agent only ever reaches its own subtree.
 */
export const createAgentCentreModule = (deps: AgentCentreDeps) => {
  const { db, now } = deps;
  const own = agentCentreRepository(db);
  const repo = teamRepository(db);
  const resolvePeriod = periodResolver(repo, now);
  const team = teamServiceFactory({ repo, own, stats: deps.teamStats, resolvePeriod, now });
  const reports = reportsServiceFactory({ repo, play: deps.play, resolvePeriod });
  const limits = agentLimitsFactory(own, repo);
  const accounts = accountsServiceFactory({
    ...{ db, own, team: repo, limits, now },
    accounts: deps.accounts,
    statuses: deps.statuses,
  });
  return {
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; sealed: Pick<SealedService, 'open'> }) =>
      async (app: FastifyInstance) => {
        await app.register(agentCentreRoutes, { team, reports, accounts, ...options });
      },
    /** An agent's limits as they apply (its own, else the merchant defaults), for the back office. */
    limitsOf: limits.limitsOf,
    /** Sets an agent's own limits; null returns it to the merchant defaults. */
    setLimits: (merchantId: number, agentId: bigint, limits: AgentLimitRow | null) =>
      own.setLimits(merchantId, agentId, limits, now()),
    /** The merchant's agent settings (whether agents may lock their downline; limit defaults). */
    settings: own.settings,
    setSettings: (merchantId: number, settings: AgentSettings) => own.setSettings(merchantId, settings, now()),
  };
};

/**
 * Invitation links as identity's registration asks about them (its InvitationPort). Built before identity, which must
 * not import agents; reads only the agent centre's tables and identity's published views.
 */
export const createAgentInvitations = ({ db, now }: { db: Database; now: Clock }): InvitationPort => {
  const own = agentCentreRepository(db);
  const team = teamRepository(db);
  return invitationsFactory({ own, team, limits: agentLimitsFactory(own, team), now });
};

export type AgentCentreModule = ReturnType<typeof createAgentCentreModule>;
