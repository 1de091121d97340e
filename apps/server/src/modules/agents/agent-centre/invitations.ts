import { isAgentType } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Invitation, InvitationPort } from '../../identity/identity';
import type { AgentCentreRepository } from './agent-centre.repository';
import type { AgentLimitsService } from './limits';
import type { TeamRepository } from './team.repository';

/**
 * Identity's InvitationPort: a registration with a link's code joins the link's agent with the link's type, while
 * the link is live, its agent an active agent, and the agent within its limits; each registration is counted.
 */
export const invitationsFactory = (deps: {
  own: Pick<AgentCentreRepository, 'linkByCode' | 'recordRegistration'>;
  team: Pick<TeamRepository, 'memberById'>;
  limits: Pick<AgentLimitsService, 'requireRoom'>;
  now: Clock;
}): InvitationPort => ({
  find: async (merchantId: number, code: string): Promise<Invitation | undefined> => {
    const link = await deps.own.linkByCode(merchantId, code);
    if (link === undefined || link.disabledAt !== null) return undefined;
    const agent = await deps.team.memberById(merchantId, link.agentId);
    if (agent === undefined || agent.status !== 'ACTIVE' || !isAgentType(agent.userType)) return undefined;
    try {
      await deps.limits.requireRoom(merchantId, link.agentId, isAgentType(link.userType) ? 'AGENT' : 'MEMBER', true);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
    return { agentId: link.agentId, userType: link.userType, linkId: link.id };
  },
  registered: async (merchantId: number, invitation: Invitation, memberId: bigint) => {
    await deps.own.recordRegistration(merchantId, invitation.linkId, memberId, deps.now());
  },
});
