import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AgentTreeNode } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, TextAreaField, TextField } from '@/components/form-fields';
import { REASON_MAX_LENGTH } from '@/components/reason-dialog';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { findAgentByUsername, moveMember } from '../api/agents-api';

const MoveFormSchema = z
  .object({
    target: z.enum(['AGENT', 'TOP']),
    upline: z.string().trim(),
    reason: z.string().trim().min(1, 'form.reasonRequired').max(REASON_MAX_LENGTH, 'form.reasonTooLong'),
  })
  .superRefine((form, ctx) => {
    if (form.target === 'AGENT' && form.upline === '') {
      ctx.addIssue({ code: 'custom', message: 'agents.move.uplineRequired', path: ['upline'] });
    }
  });

type Props = { member: AgentTreeNode | null; onClose: () => void };

/**
 * Moves a member and its whole team under another agent (named by username) or to the top. The reason goes to the
 * audit log; the server refuses a cycle, a non-agent upline or one of another site, and says why.
 */
export function MoveDialog({ member, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(MoveFormSchema, { target: 'AGENT', upline: '', reason: '' });
  const submit = useFormSubmit(
    form,
    async (values) => {
      if (member === null) return null;
      let parentId: string | null = null;
      if (values.target === 'AGENT') {
        const agent = await findAgentByUsername(values.upline);
        if (agent === null) {
          throw new ApiError('VALIDATION_FAILED', 400, 'No such agent', {
            fields: [{ path: 'upline', message: 'agents.move.uplineUnknown' }],
          });
        }
        parentId = agent.id;
      }
      return moveMember(member.id, { parentId, reason: values.reason });
    },
    {
      onSuccess: (result) => {
        if (result !== null) {
          showToast(
            result.to === null
              ? t('agents.move.movedTop', { username: result.username, count: result.moved })
              : t('agents.move.moved', { username: result.username, upline: result.to.username, count: result.moved }),
          );
        }
        void queryClient.invalidateQueries({ queryKey: ['agent-tree'] });
        onClose();
      },
    },
  );
  useEffect(() => {
    if (member === null) submit.reset();
    // Only when the dialog closes: a reopened dialog starts empty.
  }, [member]);
  const target = form.watch('target');

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t('agents.move.title', { username: member?.username ?? '' })}
      description={t('agents.move.description', { count: (member?.total ?? 0) + 1 })}
      testId="move-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <SelectField
          label={t('agents.move.target')}
          required
          testId="move-target"
          options={[
            { value: 'AGENT', label: t('agents.move.underAgent') },
            { value: 'TOP', label: t('agents.move.toTop') },
          ]}
          {...form.register('target')}
        />
        {target === 'AGENT' && (
          <TextField
            label={t('agents.move.upline')}
            required
            autoComplete="off"
            testId="move-upline"
            error={submit.fieldError('upline')}
            {...form.register('upline')}
          />
        )}
        <TextAreaField
          label={t('form.reason')}
          required
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          hint={t('agents.move.reasonHint')}
          testId="move-reason"
          error={submit.fieldError('reason')}
          {...form.register('reason')}
        />
        <FormError message={submit.formError} testId="move-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            data-testid="move-confirm"
            disabled={submit.busy}
            aria-busy={submit.busy || undefined}
          >
            {submit.busy ? t('common.working') : t('agents.move.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
