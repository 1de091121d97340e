import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageAudience, OpsMessage, OpsMessageCreate } from '@platform/contracts';
import { DataTable, type Column } from '@/components/data-table';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { Form } from '@platform/ui';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { getSentMessages, messagesKeys, sendMessage } from '../api/messages-api';

const AUDIENCES = ['MEMBERS', 'SEGMENT', 'ALL', 'AGENTS'] as const;
const LANGUAGES = ['EN', 'TY'] as const;
type Draft = Record<string, string>;

const iso = (local: string | undefined) => (local ? new Date(local).toISOString() : undefined);
const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,;]+/u)
    .map((part) => part.trim())
    .filter(Boolean);

/** The form's fields as the API's request; a segment keeps only the conditions given. */
export const toRequest = (draft: Draft): OpsMessageCreate => {
  const kind = (draft.audience ?? 'MEMBERS') as (typeof AUDIENCES)[number];
  let audience: MessageAudience;
  if (kind === 'MEMBERS') audience = { kind, usernames: list(draft.usernames) };
  else if (kind === 'SEGMENT') {
    const levels = list(draft.vipLevels).map(Number);
    const segment = {
      ...(levels.length > 0 ? { vipLevels: levels } : {}),
      ...(draft.agentUsername ? { agentUsername: draft.agentUsername.trim() } : {}),
      ...(draft.registeredFrom ? { registeredFrom: iso(draft.registeredFrom) } : {}),
      ...(draft.registeredTo ? { registeredTo: iso(draft.registeredTo) } : {}),
      ...(draft.lastActiveFrom ? { lastActiveFrom: iso(draft.lastActiveFrom) } : {}),
      ...(draft.lastActiveTo ? { lastActiveTo: iso(draft.lastActiveTo) } : {}),
    };
    audience = { kind, segment };
  } else audience = { kind };
  const translations = LANGUAGES.filter((language) => draft[`title${language}`]?.trim()).map((language) => ({
    language,
    title: draft[`title${language}`]?.trim() ?? '',
    content: draft[`content${language}`]?.trim() ?? '',
  }));
  return { audience, translations, ...(draft.sendAt ? { sendAt: iso(draft.sendAt) } : {}) };
};

/**
 * Internal messages (permission messages.send, issue 22): write a message in each language, choose who gets it (named
 * members, a segment, every member, every agent) and when; below, what was sent with how many read it.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [draft, setDraft] = useState<Draft>({ audience: 'MEMBERS' });
  const sent = useQuery({
    queryKey: messagesKeys.sent(pageNo),
    queryFn: ({ signal }) => getSentMessages(pageNo, signal),
  });
  const send = useMutation({
    mutationFn: sendMessage,
    onSuccess: () => {
      showToast(t('inbox.sent'));
      setDraft({ audience: draft.audience ?? 'MEMBERS' });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
  const field = (name: string) => ({
    name,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const columns: Column<OpsMessage>[] = [
    { key: 'title', header: t('inbox.titleField'), cell: (row) => row.translations[0]?.title ?? '' },
    {
      key: 'audience',
      header: t('inbox.audience'),
      cell: (row) => `${t(`inbox.audiences.${row.audience}`)}${row.recipients === null ? '' : ` (${row.recipients})`}`,
    },
    { key: 'sendAt', header: t('inbox.sendAt'), cell: (row) => formatDateTime(row.sendAt) },
    { key: 'reads', header: t('inbox.reads'), cell: (row) => row.reads, align: 'end' },
    { key: 'by', header: t('inbox.by'), cell: (row) => row.createdBy ?? '' },
  ];
  const audience = draft.audience ?? 'MEMBERS';
  return (
    <div className="page" data-testid="messages-page">
      <h1>{t('nav.messages')}</h1>
      <Form onSubmit={() => send.mutate(toRequest(draft))} testId="message-form" className="form messages-form">
        <SelectField
          label={t('inbox.audience')}
          testId="message-audience"
          {...field('audience')}
          options={AUDIENCES.map((value) => ({ value, label: t(`inbox.audiences.${value}`) }))}
        />
        {audience === 'MEMBERS' && (
          <TextAreaField
            label={t('inbox.usernames')}
            hint={t('inbox.usernamesHint')}
            testId="message-usernames"
            rows={2}
            {...field('usernames')}
          />
        )}
        {audience === 'SEGMENT' && (
          <fieldset className="messages-form__segment">
            <legend>{t('inbox.segment')}</legend>
            <TextField label={t('inbox.vipLevels')} testId="segment-vip" {...field('vipLevels')} />
            <TextField label={t('inbox.agentUsername')} testId="segment-agent" {...field('agentUsername')} />
            <TextField
              label={t('inbox.registeredFrom')}
              type="datetime-local"
              testId="segment-reg-from"
              {...field('registeredFrom')}
            />
            <TextField
              label={t('inbox.registeredTo')}
              type="datetime-local"
              testId="segment-reg-to"
              {...field('registeredTo')}
            />
            <TextField
              label={t('inbox.lastActiveFrom')}
              type="datetime-local"
              testId="segment-active-from"
              {...field('lastActiveFrom')}
            />
            <TextField
              label={t('inbox.lastActiveTo')}
              type="datetime-local"
              testId="segment-active-to"
              {...field('lastActiveTo')}
            />
          </fieldset>
        )}
        {LANGUAGES.map((language) => (
          <fieldset key={language} className="messages-form__language">
            <legend>{t(`inbox.language.${language}`)}</legend>
            <TextField
              label={t('inbox.titleField')}
              testId={`message-title-${language}`}
              {...field(`title${language}`)}
            />
            <TextAreaField
              label={t('inbox.content')}
              testId={`message-content-${language}`}
              rows={3}
              {...field(`content${language}`)}
            />
          </fieldset>
        ))}
        <TextField
          label={t('inbox.sendAt')}
          hint={t('inbox.sendAtHint')}
          type="datetime-local"
          testId="message-send-at"
          {...field('sendAt')}
        />
        <FormError message={send.isError ? errorText(t, send.error) : null} />
        <SubmitButton busy={send.isPending} label={t('inbox.send')} testId="message-send" />
      </Form>
      <DataTable
        query={sent}
        rows={(data) => data.list}
        columns={columns}
        rowKey={(row) => row.id}
        caption={t('inbox.sentList')}
        emptyTitle={t('inbox.noneSent')}
        paging={{ pageNo, totalPages: (data) => data.totalPages, onPage: setPageNo }}
        testId="messages-sent"
      />
    </div>
  );
}
