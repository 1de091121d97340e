import type { MemberStatus } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';
import { memberStaffRepository } from './member-staff.repository';

/**
 * What the back office (member-ops, issue 7) may read of members and their logins, and the one write it makes: a
 * member's status. The status calls take the caller's transaction (like `staffActions`), so the staff audit entry
 * commits exactly when the change does; the rules of which change is allowed stay with member-ops.
 */
export const memberStaffFactory = (db: Database) => ({
  ...memberStaffRepository(db),
  /** The member's status and type, its row locked until `tx` ends (two staff changing it at once take turns). */
  lockStatus: (tx: Queryable, merchantId: number, memberId: bigint) =>
    memberStaffRepository(tx).lockStatus(merchantId, memberId),
  setStatus: (tx: Queryable, merchantId: number, memberId: bigint, status: MemberStatus, nowMs: number) =>
    memberStaffRepository(tx).setStatus(merchantId, memberId, status, nowMs),
});

export type MemberStaff = ReturnType<typeof memberStaffFactory>;
