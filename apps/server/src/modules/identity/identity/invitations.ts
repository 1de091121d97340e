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

/**
 * A member's referral code (issue 21, invite friends) belongs to engagement/referral; identity asks through this port
 * on registration with `referralCode`, the same way it asks agents about invitation links.
 */
export type Referral = { referrerId: bigint };

export type ReferralPort = {
  /** The member whose referral code `code` is, while the programme is on; undefined otherwise (the code is then kept
   * as the free-text referrer only, as before). */
  find: (merchantId: number, code: string) => Promise<Referral | undefined>;
  /** Records `memberId` as the referrer's friend. */
  registered: (merchantId: number, referral: Referral, memberId: bigint, at: Date) => Promise<void>;
};

export const noReferrals: ReferralPort = {
  find: async () => undefined,
  registered: async () => undefined,
};
