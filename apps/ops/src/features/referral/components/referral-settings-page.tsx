import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferralSettingsInputSchema, type ReferralSettings } from '@platform/contracts';
import { ErrorState, PageHeader } from '@/components/data-table';
import { CheckboxField, FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { z } from '@/lib/zod';
import { referralKeys } from '../api/keys';
import { getReferralSettings } from '../api/get-referral-settings';
import { saveReferralSettings } from '../api/save-referral-settings';
import './referral.css';

type SettingsForm = Omit<ReferralSettings, 'windowDays'> & { windowDays: string };

/** The inputs as the PUT body, checked by the schema the server parses (the share is at most 5 %). */
const settingsSchema = z.preprocess((values) => {
  const form = values as SettingsForm;
  const days = form.windowDays.trim();
  return { ...form, windowDays: /^\d+$/.test(days) ? Number(days) : Number.NaN };
}, ReferralSettingsInputSchema) as unknown as z.ZodType<ReferralSettings, SettingsForm>;

const formOf = (s: ReferralSettings): SettingsForm => ({ ...s, windowDays: String(s.windowDays) });

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<SettingsForm, ReferralSettings>(settingsSchema, formOf(settings));
  const submit = useFormSubmit(form, saveReferralSettings, {
    onSuccess: (saved) => {
      showToast(t('referral.settings.saved'));
      form.reset(formOf(saved));
      queryClient.setQueryData(referralKeys.settings, saved);
    },
  });
  const field = (name: Exclude<keyof SettingsForm, 'enabled'>, extra: object) => (
    <TextField
      label={t(`referral.settings.fields.${name}`)}
      required
      testId={`referral-${name}`}
      error={submit.fieldError(name)}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <form className="form referral__form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
      <CheckboxField
        label={t('referral.settings.fields.enabled')}
        testId="referral-enabled"
        error={submit.fieldError('enabled')}
        {...form.register('enabled')}
      />
      <p className="field__hint">{t('referral.settings.enabledHint')}</p>
      <fieldset className="referral__group">
        <legend>{t('referral.settings.qualifies')}</legend>
        <div className="form__grid">
          {field('minDeposit', { inputMode: 'decimal', hint: t('referral.settings.minDepositHint') })}
          {field('minValidBet', { inputMode: 'decimal', hint: t('referral.settings.minValidBetHint') })}
          {field('windowDays', { inputMode: 'numeric', hint: t('referral.settings.windowDaysHint') })}
        </div>
      </fieldset>
      <fieldset className="referral__group">
        <legend>{t('referral.settings.pays')}</legend>
        <div className="form__grid">
          {field('reward', { inputMode: 'decimal', hint: t('referral.settings.rewardHint') })}
          {field('sharePercent', { inputMode: 'decimal', hint: t('referral.settings.sharePercentHint') })}
        </div>
      </fieldset>
      <FormError message={submit.formError} testId="referral-settings-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="referral-settings-save" />
    </form>
  );
}

/**
 * Invite friends (promotions.manage, issue 21): whether the programme runs (beside the site feature REFERRAL3), when a
 * friend qualifies (deposits and valid bet within days of signing up), the reward per qualified friend and the daily
 * share of qualified friends' valid bet. Each save is audited.
 */
export function ReferralSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: referralKeys.settings, queryFn: ({ signal }) => getReferralSettings(signal) });
  return (
    <section className="page referral" data-testid="referral-settings-page">
      <PageHeader title={t('nav.referralSettings')} />
      <p className="field__hint">{t('referral.settings.hint')}</p>
      {query.isPending ? (
        <p role="status" data-testid="referral-settings-loading">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="referral-settings-load-error" />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </section>
  );
}
