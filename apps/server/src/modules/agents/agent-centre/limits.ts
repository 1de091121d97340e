import type { AgentLimits, DownlineType } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { AgentCentreRepository, AgentLimitRow } from './agent-centre.repository';
import type { TeamRepository } from './team.repository';

/**
 * What an agent may create: its own limits (set in the back office) or else the merchant's defaults. Accounts count
 * the agent's direct downline, however they were made (by hand, through a link, or moved there by staff).
 */
export const agentLimitsFactory = (
  own: Pick<AgentCentreRepository, 'limits' | 'settings'>,
  team: Pick<TeamRepository, 'directCount'>,
) => {
  const limitsOf = async (merchantId: number, agentId: bigint): Promise<AgentLimitRow> => {
    const mine = await own.limits(merchantId, agentId);
    if (mine !== null) return mine;
    const settings = await own.settings(merchantId);
    return { mayCreateAgents: settings.defaultMayCreateAgents, maxAccounts: settings.defaultMaxAccounts };
  };

  const withUse = async (merchantId: number, agentId: bigint): Promise<AgentLimits> => {
    const [limits, created] = await Promise.all([limitsOf(merchantId, agentId), team.directCount(merchantId, agentId)]);
    return { ...limits, created };
  };

  return {
    limitsOf,
    withUse,
    /**
     * Throws 403 AGENT_LIMIT (value: the limits) unless the agent may create an account of `type`; `counting` also
     * asks for a free account (a new link does not use one; a registration through it does).
     */
    requireRoom: async (merchantId: number, agentId: bigint, type: DownlineType, counting: boolean) => {
      const limits = await withUse(merchantId, agentId);
      if (type === 'AGENT' && !limits.mayCreateAgents) {
        throw new AppError('AGENT_LIMIT', 403, 'You may not create agent accounts', { value: limits });
      }
      if (counting && limits.maxAccounts !== null && limits.created >= limits.maxAccounts) {
        throw new AppError('AGENT_LIMIT', 403, 'You have used up the accounts you may create', { value: limits });
      }
    },
  };
};

export type AgentLimitsService = ReturnType<typeof agentLimitsFactory>;
