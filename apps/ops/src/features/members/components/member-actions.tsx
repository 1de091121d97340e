import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrialType, type MemberStatusAction, type OpsMemberProfile } from '@platform/contracts';
import { ReasonDialog } from '@/components/reason-dialog';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { changeMemberStatus, memberKeys } from '../api/members-api';
import { PasswordResetDialog } from './password-reset-dialog';

/** Which status actions the member's status allows: a closed account is final. */
const ACTIONS_BY_STATUS: Record<OpsMemberProfile['status'], readonly MemberStatusAction[]> = {
  ACTIVE: ['LOCK', 'CLOSE'],
  LOCKED: ['UNLOCK', 'CLOSE'],
  CLOSED: [],
};

const ACTION_KEY: Record<MemberStatusAction, string> = { LOCK: 'lock', UNLOCK: 'unlock', CLOSE: 'close' };

/** Lock, unlock, close (each with a reason) and send a password reset, for the roles that may. */
export function MemberActions({ member }: { member: OpsMemberProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canStatus = useCan('members.status');
  const canReset = useCan('members.password');
  const [action, setAction] = useState<MemberStatusAction | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const actions = canStatus ? ACTIONS_BY_STATUS[member.status] : [];
  const showReset = canReset && member.status !== 'CLOSED' && !isTrialType(member.userType);
  const key = action === null ? 'lock' : ACTION_KEY[action];

  return (
    <>
      {actions.map((next) => (
        <button
          key={next}
          type="button"
          className={next === 'CLOSE' ? 'button button--danger' : 'button button--ghost'}
          onClick={() => setAction(next)}
          data-testid={`member-${ACTION_KEY[next]}`}
        >
          {t(`members.actions.${ACTION_KEY[next]}`)}
        </button>
      ))}
      {showReset && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setResetOpen(true)}
          data-testid="member-reset-password"
        >
          {t('members.actions.resetPassword')}
        </button>
      )}
      <ReasonDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={t(`members.confirm.${key}.title`, { username: member.username })}
        description={t(`members.confirm.${key}.description`, { username: member.username })}
        confirmLabel={t(`members.actions.${key}`)}
        danger={action === 'CLOSE' || action === 'LOCK'}
        testId="member-status-dialog"
        onConfirm={async (reason) => {
          if (action === null) return;
          const result = await changeMemberStatus(member.id, { action, reason });
          showToast(t(`members.done.${key}`, { username: member.username, count: result.sessionsRevoked }), 'success');
          await queryClient.invalidateQueries({ queryKey: memberKeys.member(member.id) });
          await queryClient.invalidateQueries({ queryKey: ['members'] });
        }}
      />
      <PasswordResetDialog member={member} open={resetOpen} onOpenChange={setResetOpen} />
    </>
  );
}
