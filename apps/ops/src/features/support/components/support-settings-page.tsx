import './support.css';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ChatHours, FeedbackSettings } from '@platform/contracts';
import { CheckboxField, FormError, SubmitButton, TextField } from '@/components/form-fields';
import { ErrorState, PageHeader } from '@/components/data-table';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import {
  getFeedbackSettings,
  getHours,
  putFeedbackSettings,
  putHours,
  settingsKeys,
} from '../api/support-settings-api';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes of the day as the time input shows them; closing at midnight (1440) shows 00:00. */
export const timeOf = (minute: number) => `${pad(Math.floor(minute / 60) % 24)}:${pad(minute % 60)}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

// Messages are locale keys (lib/messages.ts translates them).
const HoursFormSchema = z
  .object({
    days: z.array(z.string()),
    opens: z.string().regex(TIME, 'support.settings.errors.time'),
    closes: z.string().regex(TIME, 'support.settings.errors.time'),
  })
  .transform((form) => ({
    days: form.days.map(Number).sort((a, b) => a - b),
    opensMinute: minuteOf(form.opens),
    // 00:00 as the closing time is midnight at the end of the day.
    closesMinute: minuteOf(form.closes) === 0 ? 1440 : minuteOf(form.closes),
  }))
  .refine((hours) => hours.closesMinute > hours.opensMinute, {
    path: ['closes'],
    message: 'support.settings.errors.closesAfterOpens',
  });

const words = z.coerce
  .number({ message: 'support.settings.errors.whole' })
  .int('support.settings.errors.whole')
  .min(1, 'support.settings.errors.wordsRange')
  .max(2000, 'support.settings.errors.wordsRange');
const WordsFormSchema = z
  .object({ minWords: words, maxWords: words })
  .refine((value) => value.minWords <= value.maxWords, {
    path: ['maxWords'],
    message: 'support.settings.errors.maxBelowMin',
  });

function HoursForm({ stored }: { stored: ChatHours }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(HoursFormSchema, {
    days: stored.days.map(String),
    opens: timeOf(stored.opensMinute),
    closes: timeOf(stored.closesMinute),
  });
  const submit = useFormSubmit(form, putHours, {
    fields: ['days', 'opens', 'closes'],
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.hours, saved);
      showToast(t('support.saved'));
    },
  });
  return (
    <form className="form" noValidate data-testid="hours-form" onSubmit={(event) => void submit.onSubmit(event)}>
      <h2>{t('support.settings.hours')}</h2>
      <p className="field__hint" data-testid="hours-now">
        {t(stored.open ? 'support.settings.openNow' : 'support.settings.closedNow', { timezone: stored.timezone })}
      </p>
      <fieldset className="support-settings__days">
        <legend className="field__label">{t('support.settings.days')}</legend>
        {DAYS.map((day) => (
          <CheckboxField
            key={day}
            label={t(`support.settings.day.${day}`)}
            testId={`hours-day-${day}`}
            value={String(day)}
            {...form.register('days')}
          />
        ))}
        <p className="field__hint">{t('support.settings.noDays')}</p>
      </fieldset>
      <div className="form__grid support-settings__grid">
        <TextField
          type="time"
          label={t('support.settings.opens')}
          testId="hours-opens"
          error={submit.fieldError('opens')}
          {...form.register('opens')}
        />
        <TextField
          type="time"
          label={t('support.settings.closes')}
          hint={t('support.settings.closesHint')}
          testId="hours-closes"
          error={submit.fieldError('closes')}
          {...form.register('closes')}
        />
      </div>
      <FormError message={submit.formError} testId="hours-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="hours-save" />
    </form>
  );
}

function WordsForm({ stored }: { stored: FeedbackSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(WordsFormSchema, { minWords: stored.minWords, maxWords: stored.maxWords });
  const submit = useFormSubmit(form, putFeedbackSettings, {
    fields: ['minWords', 'maxWords'],
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.feedback, saved);
      showToast(t('support.saved'));
    },
  });
  return (
    <form className="form" noValidate data-testid="words-form" onSubmit={(event) => void submit.onSubmit(event)}>
      <h2>{t('support.settings.words')}</h2>
      <p className="field__hint">{t('support.settings.wordsIntro')}</p>
      <div className="form__grid support-settings__grid">
        <TextField
          type="number"
          inputMode="numeric"
          label={t('support.settings.minWords')}
          testId="words-min"
          error={submit.fieldError('minWords')}
          {...form.register('minWords')}
        />
        <TextField
          type="number"
          inputMode="numeric"
          label={t('support.settings.maxWords')}
          testId="words-max"
          error={submit.fieldError('maxWords')}
          {...form.register('maxWords')}
        />
      </div>
      <FormError message={submit.formError} testId="words-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="words-save" />
    </form>
  );
}

type Query<Data> = { data: Data | undefined; isPending: boolean; error: unknown; refetch: () => unknown };

/** One form's stored state: loading, an error with retry, or the form. */
function Loaded<Data>({
  query,
  testId,
  children,
}: {
  query: Query<Data>;
  testId: string;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="page-spinner" role="status" data-testid={`${testId}-loading`}>
        {t('common.loading')}
      </p>
    );
  }
  if (query.data === undefined) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  }
  return <>{children(query.data)}</>;
}

/**
 * The customer-service rules (config.manage, issue 22): when live chat is staffed (outside these hours a chat is an
 * offline message waiting in the queue) and the feedback form's word limits (spec §5).
 */
export function SupportSettingsPage() {
  const { t } = useTranslation();
  const hours = useQuery({ queryKey: settingsKeys.hours, queryFn: ({ signal }) => getHours(signal) });
  const feedback = useQuery({ queryKey: settingsKeys.feedback, queryFn: ({ signal }) => getFeedbackSettings(signal) });
  return (
    <section className="page support-settings" data-testid="support-settings-page">
      <PageHeader title={t('nav.supportSettings')} />
      <p className="field__hint">{t('support.settings.intro')}</p>
      <div className="support-settings__forms">
        <Loaded query={hours} testId="hours">
          {(stored) => <HoursForm key={JSON.stringify(stored)} stored={stored} />}
        </Loaded>
        <Loaded query={feedback} testId="words">
          {(stored) => <WordsForm key={JSON.stringify(stored)} stored={stored} />}
        </Loaded>
      </div>
    </section>
  );
}
