import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MemberPasswordResetRequestSchema,
  type MemberPasswordResetResult,
  type OpsMemberProfile,
} from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { resetMemberPassword } from '../api/members-api';
import { formatTime } from './member-format';

type Props = { member: OpsMemberProfile; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Sends the member a single-use link to choose a new password, to the email or mobile on file. Staff never see or set
 * the password; the member's current one keeps working until the link is used.
 */
export function PasswordResetDialog({ member, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<MemberPasswordResetResult | null>(null);
  const form = useZodForm(MemberPasswordResetRequestSchema, {
    channel: member.email === null && member.mobileNum !== null ? 'SMS' : 'EMAIL',
  });
  const submit = useFormSubmit(form, (values) => resetMemberPassword(member.id, values), { onSuccess: setSent });
  useEffect(() => {
    if (!open) {
      submit.reset();
      setSent(null);
    }
    // Only when the dialog closes: a reopened dialog starts again.
  }, [open]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !submit.busy && onOpenChange(next)}
      title={t('members.reset.title', { username: member.username })}
      description={t('members.reset.description')}
      testId="password-reset-dialog"
    >
      {sent ? (
        <div>
          <p role="status" data-testid="password-reset-sent">
            {t('members.reset.sent', { to: sent.sentTo, expiresAt: formatTime(sent.expiresAt) })}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={() => onOpenChange(false)}>
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
          <SelectField
            label={t('members.reset.channel')}
            required
            testId="password-reset-channel"
            error={submit.fieldError('channel')}
            options={[
              { value: 'EMAIL', label: t('members.reset.email', { to: member.email ?? t('members.reset.none') }) },
              {
                value: 'SMS',
                label: t('members.reset.sms', {
                  to:
                    member.mobileNum === null
                      ? t('members.reset.none')
                      : `${member.countryDialingCode ?? ''} ${member.mobileNum}`,
                }),
              },
            ]}
            {...form.register('channel')}
          />
          <FormError message={submit.formError} testId="password-reset-error" />
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={submit.busy}
              onClick={() => onOpenChange(false)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              data-testid="password-reset-confirm"
              disabled={submit.busy}
              aria-busy={submit.busy || undefined}
            >
              {submit.busy ? t('common.working') : t('members.reset.send')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
