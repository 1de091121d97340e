import { isAgentType, isTrialType, type MemberStatus } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { memberStaffRepository } from './member-staff.repository';
import { memberTreeStaffRepository } from './member-tree-staff.repository';

export type { TreeLevelFilter, TreeNodeRow } from './member-tree-staff.repository';

/** What a staff move of a member changed (issue 18): the old and new upline, and how many members moved with it. */
export type MemberMove = {
  username: string;
  from: { id: bigint; username: string } | null;
  to: { id: bigint; username: string } | null;
  moved: number;
};

const refused = (message: string) => new AppError('MOVE_REFUSED', 409, message);

/**
 * What the back office (member-ops, issue 7; agent-ops, issue 18) may read of members, their logins and the agent
 * tree, and the writes it makes: a member's status and its upline. The writes take the caller's transaction (like
 * `staffActions`), so the staff audit entry commits exactly when the change does; the rules of which status change is
 * allowed stay with member-ops, the rules of the tree (no cycle, uplines are agents of the same site) are here.
 */
export const memberStaffFactory = (db: Database) => ({
  ...memberStaffRepository(db),
  /** One level of the agent tree, a node, and a node's uplines (agent-ops). */
  treeLevel: memberTreeStaffRepository(db).level,
  countTreeLevel: memberTreeStaffRepository(db).countLevel,
  treeNode: memberTreeStaffRepository(db).node,
  treeUplines: memberTreeStaffRepository(db).uplines,
  /** The member's status and type, its row locked until `tx` ends (two staff changing it at once take turns). */
  lockStatus: (tx: Queryable, merchantId: number, memberId: bigint) =>
    memberStaffRepository(tx).lockStatus(merchantId, memberId),
  setStatus: (tx: Queryable, merchantId: number, memberId: bigint, status: MemberStatus, nowMs: number) =>
    memberStaffRepository(tx).setStatus(merchantId, memberId, status, nowMs),

  /**
   * Moves a member and its whole subtree under `parentId` (an agent of the same merchant) or to the top (null), in
   * `tx`. Refused (409 MOVE_REFUSED) under itself or a member of its own team, under a member who is not an agent,
   * for a trial member, or where it already is; a member of another merchant is not found (404). The member_tree
   * trigger re-links the subtree; the team rollups already made stay where they were (future figures only).
   */
  moveMember: async (
    tx: Queryable,
    merchantId: number,
    memberId: bigint,
    parentId: bigint | null,
    nowMs: number,
  ): Promise<MemberMove> => {
    const tree = memberTreeStaffRepository(tx);
    // Moves of a merchant take turns from here (the lock the member_tree trigger takes for a move): two moves that
    // would close a loop together are checked one after the other, so the second is refused with its reason.
    await tree.lockTree(merchantId);
    const member = await tree.lockForMove(merchantId, memberId);
    if (member === undefined) throw new AppError('NOT_FOUND', 404, 'Member not found');
    if (isTrialType(member.userType)) throw refused('A trial account has no place in the agent tree');
    if (parentId !== null && parentId === memberId) throw refused('A member cannot be moved under itself');
    if (member.parentId === parentId) {
      throw refused(parentId === null ? 'This member is already at the top' : 'This member is already there');
    }
    const from = member.parentId === null ? null : await tree.node(merchantId, member.parentId);
    let to: { id: bigint; username: string } | null = null;
    if (parentId !== null) {
      const upline = await tree.node(merchantId, parentId);
      // Ids are per platform, so a member of another merchant reads as absent here: it is refused like a stranger.
      if (upline === undefined) throw refused('The new upline is not a member of this site');
      if (!isAgentType(upline.userType)) throw refused(`${upline.username} is not an agent`);
      if (await tree.isBelow(merchantId, memberId, parentId)) {
        throw refused(`${upline.username} is in ${member.username}'s own team: the move would make a cycle`);
      }
      to = { id: upline.id, username: upline.username };
    }
    try {
      await tree.setParent(merchantId, memberId, parentId, nowMs);
    } catch (error) {
      // Another move committed in between and closed the loop: the trigger refuses what the check above let through.
      if ((error as { constraint?: string }).constraint === 'members_tree_cycle') {
        throw refused(
          `${to?.username ?? 'The new upline'} is in ${member.username}'s own team: the move would make a cycle`,
        );
      }
      throw error;
    }
    return {
      username: member.username,
      from: from === undefined || from === null ? null : { id: from.id, username: from.username },
      to,
      moved: await tree.subtreeSize(merchantId, memberId),
    };
  },
});

export type MemberStaff = ReturnType<typeof memberStaffFactory>;
