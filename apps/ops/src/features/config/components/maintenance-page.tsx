import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OpsMaintenanceUpdateSchema, type OpsLanguage, type OpsMaintenance } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckboxField, FormError, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { configKeys, getLanguages, getMaintenance, putMaintenance } from '../api/config-api';
import { ConfigPage } from './config-parts';
import { Form } from '@platform/ui';

/** `YYYY-MM-DDTHH:mm` of a datetime-local input (the staff member's time zone) ⇄ an ISO instant. */
const toInstant = (local: string): string | null => {
  if (local.trim() === '') return null;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
};
const toLocalInput = (iso: string | null): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** What the inputs hold; checked and sent as OpsMaintenanceUpdateSchema (the server's schema). */
const MaintenanceFormSchema = z
  .object({
    enabled: z.boolean(),
    messages: z.record(z.string(), z.string()),
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .transform((form) => ({ ...form, startsAt: toInstant(form.startsAt), endsAt: toInstant(form.endsAt) }))
  .pipe(OpsMaintenanceUpdateSchema);
type MaintenanceFormInput = z.input<typeof MaintenanceFormSchema>;

function MaintenanceStatus({ stored }: { stored: OpsMaintenance }) {
  const { t } = useTranslation();
  if (stored.active)
    return <StatusBadge tone="danger" label={t('config.maintenance.active')} testId="maintenance-status" />;
  if (stored.enabled) {
    return <StatusBadge tone="warning" label={t('config.maintenance.scheduled')} testId="maintenance-status" />;
  }
  return <StatusBadge tone="success" label={t('config.maintenance.off')} testId="maintenance-status" />;
}

function MaintenanceForm({ stored, languages }: { stored: OpsMaintenance; languages: readonly OpsLanguage[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const shown = languages.filter((language) => language.enabled);
  const form = useZodForm<MaintenanceFormInput, z.output<typeof MaintenanceFormSchema>>(MaintenanceFormSchema, {
    enabled: stored.enabled,
    messages: Object.fromEntries(shown.map((language) => [language.code, stored.messages[language.code] ?? ''])),
    startsAt: toLocalInput(stored.startsAt),
    endsAt: toLocalInput(stored.endsAt),
  });
  const submit = useFormSubmit(form, putMaintenance, {
    fields: ['enabled', 'startsAt', 'endsAt', ...shown.map((language) => `messages.${language.code}`)],
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.area('maintenance'), saved);
      showToast(saved.active ? t('config.maintenance.savedOn') : t('config.saved'));
    },
  });
  /** Turning maintenance on takes the site away from every player: it is confirmed first (valid input only). */
  const requestSave = async () => {
    if (!(await form.trigger())) return;
    if (form.getValues('enabled') && !stored.enabled) setConfirming(true);
    else await submit.onSubmit();
  };
  return (
    <>
      <div>
        <MaintenanceStatus stored={stored} />
      </div>
      <Form testId="maintenance-form" onSubmit={() => void requestSave()}>
        <CheckboxField
          label={t('config.maintenance.enabled')}
          testId="maintenance-enabled"
          error={submit.fieldError('enabled')}
          {...form.register('enabled')}
        />
        {shown.map((language) => (
          <TextAreaField
            key={language.code}
            label={t('config.maintenance.message', { language: language.label })}
            hint={t('config.maintenance.messageHint')}
            rows={3}
            testId={`maintenance-message-${language.code}`}
            error={submit.fieldError(`messages.${language.code}`)}
            {...form.register(`messages.${language.code}`)}
          />
        ))}
        <div className="form__grid">
          <TextField
            type="datetime-local"
            label={t('config.maintenance.startsAt')}
            hint={t('config.maintenance.startsAtHint')}
            testId="maintenance-starts-at"
            error={submit.fieldError('startsAt')}
            {...form.register('startsAt')}
          />
          <TextField
            type="datetime-local"
            label={t('config.maintenance.endsAt')}
            hint={t('config.maintenance.endsAtHint')}
            testId="maintenance-ends-at"
            error={submit.fieldError('endsAt')}
            {...form.register('endsAt')}
          />
        </div>
        <FormError message={submit.formError} testId="maintenance-form-error" />
        <SubmitButton busy={submit.busy} label={t('common.save')} testId="maintenance-save" />
      </Form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('config.maintenance.confirmTitle')}
        description={t('config.maintenance.confirmText')}
        confirmLabel={t('config.maintenance.confirm')}
        danger
        testId="maintenance-confirm"
        onConfirm={() => submit.onSubmit()}
      />
    </>
  );
}

/** Maintenance (spec §4 status 1): players get the maintenance page instead of the site, optionally in a window. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const maintenance = useQuery({
    queryKey: configKeys.area('maintenance'),
    queryFn: ({ signal }) => getMaintenance(signal),
  });
  const languages = useQuery({ queryKey: configKeys.area('languages'), queryFn: ({ signal }) => getLanguages(signal) });
  const both = {
    data: maintenance.data && languages.data ? { stored: maintenance.data, languages: languages.data } : undefined,
    isPending: maintenance.isPending || languages.isPending,
    isError: maintenance.isError || languages.isError,
    error: maintenance.error ?? languages.error,
    refetch: () => Promise.all([maintenance.refetch(), languages.refetch()]),
  };
  return (
    <ConfigPage
      title={t('nav.configMaintenance')}
      intro={t('config.maintenance.intro')}
      query={both}
      testId="config-maintenance-page"
    >
      {(data) => (
        <MaintenanceForm key={JSON.stringify(data)} stored={data.stored} languages={data.languages.languages} />
      )}
    </ConfigPage>
  );
}
