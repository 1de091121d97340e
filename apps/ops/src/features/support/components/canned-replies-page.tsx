import './support.css';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CHAT_TEXT_MAX } from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { FormError, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { errorText } from '@/lib/error-text';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { addCanned, getCanned, supportKeys } from '../api/support-api';
import { deleteCanned, updateCanned } from '../api/support-settings-api';

// Messages are locale keys (lib/messages.ts translates them).
const CannedFormSchema = z.object({
  title: z.string().trim().min(1, 'support.cannedPage.errors.title').max(60, 'support.cannedPage.errors.titleLong'),
  body: z
    .string()
    .trim()
    .min(1, 'support.cannedPage.errors.body')
    .max(CHAT_TEXT_MAX, 'support.cannedPage.errors.bodyLong'),
});
type Canned = { id: string; title: string; body: string };

/** Adds a reply (no `reply`) or edits one; `onDone` closes an editor. */
function CannedForm({ reply, onDone }: { reply?: Canned; onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(CannedFormSchema, { title: reply?.title ?? '', body: reply?.body ?? '' });
  const testId = reply ? `canned-edit-${reply.id}` : 'canned-new';
  const submit = useFormSubmit(
    form,
    (values) => (reply ? updateCanned(reply.id, values.title, values.body) : addCanned(values.title, values.body)),
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: supportKeys.canned });
        showToast(t('support.saved'));
        if (reply) onDone?.();
        else form.reset({ title: '', body: '' });
      },
    },
  );
  return (
    <form className="form" noValidate data-testid={testId} onSubmit={(event) => void submit.onSubmit(event)}>
      <TextField
        label={t('support.cannedPage.title')}
        testId={`${testId}-title`}
        error={submit.fieldError('title')}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('support.cannedPage.body')}
        testId={`${testId}-body`}
        rows={3}
        error={submit.fieldError('body')}
        {...form.register('body')}
      />
      <FormError message={submit.formError} testId={`${testId}-error`} />
      <div className="button-row">
        <SubmitButton
          busy={submit.busy}
          label={reply ? t('common.save') : t('support.cannedPage.add')}
          testId={`${testId}-save`}
        />
        {reply && (
          <button type="button" className="button button--ghost" onClick={onDone}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function CannedItem({ reply }: { reply: Canned }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteCanned(reply.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
  if (editing) {
    return (
      <li className="support__canned-item">
        <CannedForm reply={reply} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="support__canned-item" data-testid="canned-item">
      <strong>{reply.title}</strong>
      <p>{reply.body}</p>
      <span className="table__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('support.cannedPage.editNamed', { name: reply.title })}
          onClick={() => setEditing(true)}
        >
          {t('support.cannedPage.edit')}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={t('support.cannedPage.deleteNamed', { name: reply.title })}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('support.cannedPage.delete')}
        </button>
      </span>
      {remove.isError && (
        <p role="alert" className="form-error">
          {errorText(t, remove.error)}
        </p>
      )}
    </li>
  );
}

/** The support console's canned replies (support.handle, issue 22): add, edit and delete. */
export function CannedRepliesPage() {
  const { t } = useTranslation();
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: ({ signal }) => getCanned(signal) });
  return (
    <section className="page support" data-testid="canned-page">
      <PageHeader title={t('nav.supportCanned')} />
      <p className="field__hint">{t('support.cannedPage.intro')}</p>
      <div className="support__canned">
        <section aria-label={t('support.cannedPage.new')}>
          <h2>{t('support.cannedPage.new')}</h2>
          <CannedForm />
        </section>
        <section aria-label={t('nav.supportCanned')}>
          {canned.isPending && <p role="status">{t('common.loading')}</p>}
          {canned.isError && (
            <ErrorState error={canned.error} onRetry={() => void canned.refetch()} testId="canned-error" />
          )}
          {canned.data?.list.length === 0 && <p className="muted">{t('support.cannedPage.empty')}</p>}
          <ul className="support__canned-list">
            {(canned.data?.list ?? []).map((reply) => (
              <CannedItem key={reply.id} reply={reply} />
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
