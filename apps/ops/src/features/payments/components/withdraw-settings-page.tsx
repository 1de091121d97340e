import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OpsWithdrawSettingsUpdateSchema,
  type OpsWithdrawSettings,
  type OpsWithdrawSettingsUpdate,
} from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { z } from '@/lib/zod';
import { getWithdrawSettings, putWithdrawSettings, WITHDRAW_SETTINGS_KEY } from '../api/payments-api';

type SettingsFormValues = {
  minAmount: string;
  maxAmount: string;
  dailyCount: string;
  maxAccounts: string;
  autoReceiveMinutes: string;
};

const numberOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The inputs as the PUT body, checked by the contract schema the server uses. */
const settingsSchema = z.preprocess((values) => {
  const form = values as SettingsFormValues;
  return {
    minAmount: form.minAmount,
    maxAmount: form.maxAmount,
    dailyCount: numberOf(form.dailyCount),
    maxAccounts: numberOf(form.maxAccounts),
    autoReceiveMinutes: numberOf(form.autoReceiveMinutes),
  };
}, OpsWithdrawSettingsUpdateSchema) as unknown as z.ZodType<OpsWithdrawSettingsUpdate, SettingsFormValues>;

const valuesOf = (settings: OpsWithdrawSettings): SettingsFormValues => ({
  minAmount: settings.minAmount,
  maxAmount: settings.maxAmount,
  dailyCount: String(settings.dailyCount),
  maxAccounts: String(settings.maxAccounts),
  autoReceiveMinutes: String(settings.autoReceiveMinutes),
});

function SettingsForm({ settings }: { settings: OpsWithdrawSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<SettingsFormValues, OpsWithdrawSettingsUpdate>(settingsSchema, valuesOf(settings));
  const submit = useFormSubmit(form, putWithdrawSettings, {
    onSuccess: (saved) => {
      showToast(t('payments.settingsSaved'));
      form.reset(valuesOf(saved));
      queryClient.setQueryData(WITHDRAW_SETTINGS_KEY, saved);
    },
  });
  const amountHint = t('payments.amountHint', { symbol: settings.currencySymbol });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit.onSubmit(event)}
      data-testid="withdraw-settings-form"
    >
      <TextField
        label={t('payments.withdrawMin')}
        hint={amountHint}
        inputMode="decimal"
        required
        testId="withdraw-min"
        error={submit.fieldError('minAmount')}
        {...form.register('minAmount')}
      />
      <TextField
        label={t('payments.withdrawMax')}
        hint={amountHint}
        inputMode="decimal"
        required
        testId="withdraw-max"
        error={submit.fieldError('maxAmount')}
        {...form.register('maxAmount')}
      />
      <TextField
        label={t('payments.dailyCount')}
        hint={t('payments.dailyCountHint')}
        inputMode="numeric"
        required
        testId="withdraw-daily-count"
        error={submit.fieldError('dailyCount')}
        {...form.register('dailyCount')}
      />
      <TextField
        label={t('payments.maxAccounts')}
        hint={t('payments.maxAccountsHint')}
        inputMode="numeric"
        required
        testId="withdraw-max-accounts"
        error={submit.fieldError('maxAccounts')}
        {...form.register('maxAccounts')}
      />
      <TextField
        label={t('payments.autoReceiveMinutes')}
        hint={t('payments.autoReceiveHint')}
        inputMode="numeric"
        required
        testId="withdraw-auto-receive"
        error={submit.fieldError('autoReceiveMinutes')}
        {...form.register('autoReceiveMinutes')}
      />
      <FormError message={submit.formError} testId="withdraw-settings-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="withdraw-settings-submit" />
    </form>
  );
}

/** The merchant's withdrawal rules (payments.manage); they apply to the next request a player makes. */
export function WithdrawSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: WITHDRAW_SETTINGS_KEY, queryFn: ({ signal }) => getWithdrawSettings(signal) });
  return (
    <section className="page" data-testid="withdraw-settings-page">
      <PageHeader title={t('nav.withdrawSettings')} />
      {query.isPending ? (
        <p role="status" data-testid="withdraw-settings-loading">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="withdraw-settings-load-error" />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </section>
  );
}
