import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { MemberFacts, PromotionRow, PromotionsRepository } from './promotions.repository';

const DAY_MS = 86_400_000;

/**
 * Whether a member is in a promotion's audience: everyone, members who signed up within its days, an agent's team (the
 * agent tree at any depth), members on one of its VIP levels.
 */
export const audienceOf =
  (repo: Pick<PromotionsRepository, 'inTeam' | 'vipLevelOf'>, now: Clock) =>
  async (merchantId: number, p: PromotionRow, memberId: bigint, member: MemberFacts, q?: Queryable) => {
    switch (p.audience) {
      case 'EVERYONE':
        return true;
      case 'NEW_MEMBERS':
        return now() - member.createdAt.getTime() <= p.newMemberDays * DAY_MS;
      case 'AGENT_TEAM':
        return p.audienceAgentId !== null && repo.inTeam(merchantId, p.audienceAgentId, memberId, q);
      case 'VIP_LEVELS':
        return p.audienceLevels.includes(await repo.vipLevelOf(merchantId, memberId));
    }
  };
