/**
 * Invitation links (issue 18) belong to the agents domain; identity only asks through this port, which the agents
 * module implements and platform-modules.ts wires in, so identity never imports agents (like GameSessionEnder).
 */

/** What a link code means for a registration: the new account's upline, its user type and the link to count it on. */
export type Invitation = { agentId: bigint; userType: number; linkId: bigint };

export type InvitationPort = {
  /** The live link `code` names, its agent active and within its limits; undefined otherwise. */
  find: (merchantId: number, code: string) => Promise<Invitation | undefined>;
  /** Counts `memberId`'s registration through the link. */
  registered: (merchantId: number, invitation: Invitation, memberId: bigint) => Promise<void>;
};

export const noInvitations: InvitationPort = {
  find: async () => undefined,
  registered: async () => undefined,
};
