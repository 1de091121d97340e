import {
  isTrialType,
  type MemberNote,
  type MemberPasswordResetRequest,
  type MemberPasswordResetResult,
  type MemberStatus,
  type MemberStatusAction,
  type MemberStatusRequest,
  type MemberStatusResult,
} from '@platform/contracts';
import type { AppError } from '../../../lib/app-error';
import { recordAudit } from '../audit';
import type { StaffCaller } from '../staff';
import { fieldError, maskDestination, memberNotFound, stateInvalid, toNote } from './member-ops.mapping';
import { memberOpsRepository } from './member-ops.repository';
import { STAFF_RESET_LINK_TTL_MS, type MemberOpsServiceDeps } from './member-ops.service';

/** What each action needs and leaves: CLOSED is final, so nothing leads out of it. */
const TRANSITIONS: Record<MemberStatusAction, { from: readonly MemberStatus[]; to: MemberStatus; audit: string }> = {
  LOCK: { from: ['ACTIVE'], to: 'LOCKED', audit: 'member.lock' },
  UNLOCK: { from: ['LOCKED'], to: 'ACTIVE', audit: 'member.unlock' },
  CLOSE: { from: ['ACTIVE', 'LOCKED'], to: 'CLOSED', audit: 'member.close' },
};

const refusal = (action: MemberStatusAction, status: MemberStatus): AppError => {
  if (status === 'CLOSED') return stateInvalid('This account is closed; a closed account cannot be changed');
  if (action === 'LOCK') return stateInvalid('This account is already locked');
  return stateInvalid('This account is not locked');
};

/**
 * The back office's changes to a member (issue 7): status, a password reset link, a note. Each records its audit entry
 * in the transaction that makes the change; a member of another merchant is answered like one that does not exist.
 */
export const memberOpsActionsFactory = (deps: MemberOpsServiceDeps) => {
  const { db, now } = deps;

  const changeStatus = async (
    caller: StaffCaller,
    memberId: bigint,
    request: MemberStatusRequest,
  ): Promise<MemberStatusResult> => {
    const transition = TRANSITIONS[request.action];
    const merchantId = caller.merchant.id;
    return db.transaction(async (tx) => {
      const current = await deps.members.lockStatus(tx, merchantId, memberId);
      if (current === undefined) throw memberNotFound();
      if (!transition.from.includes(current.status)) throw refusal(request.action, current.status);
      await deps.members.setStatus(tx, merchantId, memberId, transition.to, now());
      // A locked or closed member is logged out everywhere at once, not at its next request.
      const revoked = transition.to === 'ACTIVE' ? 0 : await deps.identity.revokeSessions(tx, merchantId, memberId);
      await recordAudit(tx, caller, {
        action: transition.audit,
        targetType: 'member',
        targetId: memberId.toString(),
        before: { status: current.status },
        after: { status: transition.to, sessionsRevoked: revoked },
        reason: request.reason,
      });
      return { id: memberId.toString(), status: transition.to, sessionsRevoked: revoked };
    });
  };

  /**
   * Sends the member a single-use reset link (identity's reset tokens; the member sets the password at
   * `/?resetToken=`). Staff never see the old password or choose the new one; the token is in the message only.
   */
  const resetPassword = async (
    caller: StaffCaller,
    memberId: bigint,
    request: MemberPasswordResetRequest,
    linkBase: string,
  ): Promise<MemberPasswordResetResult> => {
    const { merchant } = caller;
    const row = await deps.members.detail(merchant.id, memberId);
    if (row === undefined) throw memberNotFound();
    if (isTrialType(row.userType)) throw stateInvalid('A trial account has no password');
    if (row.status === 'CLOSED') throw stateInvalid('This account is closed');
    const email = row.email;
    const mobile = row.mobileNum !== null && row.countryDialingCode !== null ? row.mobileNum : null;
    if (request.channel === 'EMAIL' && email === null) throw fieldError('channel', 'the member has no email address');
    if (request.channel === 'SMS' && mobile === null) throw fieldError('channel', 'the member has no mobile number');
    const issued = await db.transaction(async (tx) => {
      const token = await deps.identity.issueResetToken(tx, merchant.id, memberId, STAFF_RESET_LINK_TTL_MS);
      await recordAudit(tx, caller, {
        action: 'member.password-reset',
        targetType: 'member',
        targetId: memberId.toString(),
        after: { channel: request.channel, expiresAt: new Date(token.expiresAtMs).toISOString() },
      });
      return token;
    });
    const link = `${linkBase}/?resetToken=${issued.token}`;
    if (request.channel === 'EMAIL' && email !== null) {
      await deps.email.send({
        merchantId: merchant.id,
        to: email,
        subject: `${merchant.name}: reset your password`,
        body: `Hello ${row.username},\n\nOur support team has sent you a link to choose a new password. Open it within 24 hours:\n${link}\n\nIt works once. If you did not ask for it, contact customer service.`,
      });
    } else if (mobile !== null && row.countryDialingCode !== null) {
      await deps.sms.send({
        merchantId: merchant.id,
        to: `${row.countryDialingCode}${mobile}`,
        text: `${merchant.name}: choose a new password within 24 hours at ${link}`,
      });
    }
    return {
      channel: request.channel,
      sentTo:
        request.channel === 'EMAIL'
          ? maskDestination('EMAIL', email ?? '')
          : maskDestination('SMS', mobile ?? '', row.countryDialingCode ?? undefined),
      expiresAt: new Date(issued.expiresAtMs).toISOString(),
    };
  };

  const addNote = async (caller: StaffCaller, memberId: bigint, text: string): Promise<MemberNote> => {
    const merchantId = caller.merchant.id;
    // The member is checked before the transaction: identity reads it on its own connection, and members are never
    // deleted, so it still exists when the note is written.
    if ((await deps.members.brief(merchantId, memberId)) === undefined) throw memberNotFound();
    return db.transaction(async (tx) => {
      const note = await memberOpsRepository(tx).insertNote(
        merchantId,
        { memberId, staffId: caller.staffId, staffUsername: caller.staff, text },
        now(),
      );
      await recordAudit(tx, caller, {
        action: 'member.note',
        targetType: 'member',
        targetId: memberId.toString(),
        after: { noteId: note.id.toString(), text },
      });
      return toNote(note);
    });
  };

  return { changeStatus, resetPassword, addNote };
};

export type MemberOpsActions = ReturnType<typeof memberOpsActionsFactory>;
