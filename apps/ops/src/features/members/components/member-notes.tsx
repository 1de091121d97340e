import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_NOTE_MAX_LENGTH, MemberNoteRequestSchema } from '@platform/contracts';
import { ErrorState, Pagination } from '@/components/data-table';
import { FormError, SubmitButton, TextAreaField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { EmptyState } from '@platform/ui';
import { addMemberNote, getMemberNotes, memberKeys } from '../api/members-api';
import { formatTime } from './member-format';

function AddNoteForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(MemberNoteRequestSchema, { text: '' });
  const submit = useFormSubmit(form, ({ text }) => addMemberNote(memberId, text), {
    onSuccess: () => {
      form.reset();
      showToast(t('members.noteAdded'), 'success');
      void queryClient.invalidateQueries({ queryKey: memberKeys.part(memberId, 'notes') });
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="note-form">
      <TextAreaField
        label={t('members.newNote')}
        required
        rows={3}
        maxLength={MEMBER_NOTE_MAX_LENGTH}
        hint={t('members.noteHint', { max: MEMBER_NOTE_MAX_LENGTH })}
        testId="note-text"
        error={submit.fieldError('text')}
        {...form.register('text')}
      />
      <FormError message={submit.formError} testId="note-form-error" />
      <SubmitButton busy={submit.busy} label={t('members.addNote')} testId="note-submit" />
    </form>
  );
}

/** Staff notes on the member, newest first; staff with members.note may add one. */
export function MemberNotes({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canWrite = useCan('members.note');
  const [pageNo, setPageNo] = useState(1);
  const params = { pageNo, pageSize: 20 };
  const query = useQuery({
    queryKey: memberKeys.part(memberId, 'notes', params),
    queryFn: ({ signal }) => getMemberNotes(memberId, params, signal),
  });
  return (
    <div className="member-notes">
      {canWrite && <AddNoteForm memberId={memberId} />}
      {query.isPending && (
        <p role="status" data-testid="member-notes-loading">
          {t('common.loading')}
        </p>
      )}
      {query.isError && (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="member-notes-error" />
      )}
      {query.data && query.data.list.length === 0 && (
        <div data-testid="member-notes-empty">
          <EmptyState title={t('members.noNotes')} />
        </div>
      )}
      {query.data && query.data.list.length > 0 && (
        <>
          <ol className="notes" data-testid="member-notes">
            {query.data.list.map((note) => (
              <li key={note.id} className="notes__item" data-testid="member-note">
                <p className="notes__text">{note.text}</p>
                <p className="notes__meta">
                  {note.staff} · {formatTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ol>
          <Pagination
            pageNo={pageNo}
            totalPages={query.data.totalPages}
            onPage={setPageNo}
            testId="member-notes-pager"
          />
        </>
      )}
    </div>
  );
}
