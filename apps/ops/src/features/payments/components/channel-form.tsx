import { useTranslation } from 'react-i18next';
import {
  OpsDepositChannelCreateSchema,
  OpsDepositChannelUpdateSchema,
  type DepositChannelKind,
  type OpsDepositChannel,
  type OpsDepositChannelCreate,
  type OpsDepositChannelUpdate,
} from '@platform/contracts';
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { z } from '@/lib/zod';
import { createChannel, updateChannel } from '../api/payments-api';

/** What the inputs hold: text, as typed. */
export type ChannelFormValues = {
  code: string;
  kind: DepositChannelKind;
  displayName: string;
  minAmount: string;
  maxAmount: string;
  enabled: boolean;
  sort: string;
  gatewayCode: string;
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  expiryMinutes: string;
};

/** A whole number as typed, else NaN (the schema then says it must be a number). */
const numberOf = (text: string): number => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/**
 * The inputs as the request body: numbers from their text, and the fields of the other kind as null (a bank account
 * belongs to a MANUAL_BANK channel, a gateway to a GATEWAY channel). The contract schema then checks it, on the client
 * exactly as on the server.
 */
const bodyOf = (values: ChannelFormValues) => {
  const bank = values.kind === 'MANUAL_BANK';
  return {
    displayName: values.displayName,
    minAmount: values.minAmount,
    maxAmount: values.maxAmount,
    sort: numberOf(values.sort),
    expiryMinutes: numberOf(values.expiryMinutes),
    gatewayCode: bank ? null : values.gatewayCode,
    bankName: bank ? values.bankName : null,
    bankAccountName: bank ? values.bankAccountName : null,
    bankAccountNumber: bank ? values.bankAccountNumber : null,
  };
};

const createSchema = z.preprocess((values) => {
  const form = values as ChannelFormValues;
  return { ...bodyOf(form), code: form.code, kind: form.kind, enabled: form.enabled };
}, OpsDepositChannelCreateSchema) as unknown as z.ZodType<OpsDepositChannelCreate, ChannelFormValues>;

const updateSchema = z.preprocess(
  (values) => bodyOf(values as ChannelFormValues),
  OpsDepositChannelUpdateSchema,
) as unknown as z.ZodType<OpsDepositChannelUpdate, ChannelFormValues>;

const valuesOf = (channel: OpsDepositChannel | null, gateways: readonly string[]): ChannelFormValues => ({
  code: channel?.code ?? '',
  kind: channel?.kind ?? 'MANUAL_BANK',
  displayName: channel?.displayName ?? '',
  minAmount: channel?.minAmount ?? '',
  maxAmount: channel?.maxAmount ?? '',
  enabled: channel?.enabled ?? true,
  sort: String(channel?.sort ?? 0),
  gatewayCode: channel?.gatewayCode ?? gateways[0] ?? '',
  bankName: channel?.bankName ?? '',
  bankAccountName: channel?.bankAccountName ?? '',
  bankAccountNumber: channel?.bankAccountNumber ?? '',
  expiryMinutes: String(channel?.expiryMinutes ?? 30),
});

type ChannelFormProps = {
  /** The channel to edit; null creates one. */
  channel: OpsDepositChannel | null;
  gateways: readonly string[];
  currencySymbol: string;
  onSaved: (channel: OpsDepositChannel) => void;
};

/**
 * Create or edit a deposit channel. Code and kind are set once; enabling and disabling an existing channel is done
 * from the list (with a confirmation), so the edit form has no switch for it.
 */
export function ChannelForm({ channel, gateways, currencySymbol, onSaved }: ChannelFormProps) {
  const { t } = useTranslation();
  const creating = channel === null;
  const form = useZodForm<ChannelFormValues, OpsDepositChannelCreate | OpsDepositChannelUpdate>(
    creating ? createSchema : updateSchema,
    valuesOf(channel, gateways),
  );
  const submit = useFormSubmit(
    form,
    (body) =>
      creating
        ? createChannel(body as OpsDepositChannelCreate)
        : updateChannel(channel.id, body as OpsDepositChannelUpdate),
    { onSuccess: onSaved },
  );
  const kind = form.watch('kind');
  const amountHint = t('payments.amountHint', { symbol: currencySymbol });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="channel-form">
      {creating ? (
        <>
          <TextField
            label={t('payments.code')}
            hint={t('payments.codeHint')}
            required
            testId="channel-code"
            error={submit.fieldError('code')}
            {...form.register('code')}
          />
          <SelectField
            label={t('payments.kind')}
            testId="channel-kind"
            options={[
              { value: 'MANUAL_BANK', label: t('payments.kinds.MANUAL_BANK') },
              { value: 'GATEWAY', label: t('payments.kinds.GATEWAY') },
            ]}
            {...form.register('kind')}
          />
        </>
      ) : (
        <p className="field__hint" data-testid="channel-identity">
          <code>{channel.code}</code> · {t(`payments.kinds.${channel.kind}`)}
        </p>
      )}
      <TextField
        label={t('payments.displayName')}
        required
        testId="channel-name"
        error={submit.fieldError('displayName')}
        {...form.register('displayName')}
      />
      <TextField
        label={t('payments.minAmount')}
        hint={amountHint}
        inputMode="decimal"
        required
        testId="channel-min"
        error={submit.fieldError('minAmount')}
        {...form.register('minAmount')}
      />
      <TextField
        label={t('payments.maxAmount')}
        hint={amountHint}
        inputMode="decimal"
        required
        testId="channel-max"
        error={submit.fieldError('maxAmount')}
        {...form.register('maxAmount')}
      />
      {kind === 'GATEWAY' ? (
        <SelectField
          label={t('payments.gateway')}
          required
          testId="channel-gateway"
          error={submit.fieldError('gatewayCode')}
          options={gateways.map((code) => ({ value: code, label: code }))}
          {...form.register('gatewayCode')}
        />
      ) : (
        <>
          <TextField
            label={t('payments.bankName')}
            hint={t('payments.bankHint')}
            required
            testId="channel-bank-name"
            error={submit.fieldError('bankName')}
            {...form.register('bankName')}
          />
          <TextField
            label={t('payments.bankAccountName')}
            required
            testId="channel-account-name"
            error={submit.fieldError('bankAccountName')}
            {...form.register('bankAccountName')}
          />
          <TextField
            label={t('payments.bankAccountNumber')}
            required
            testId="channel-account-number"
            error={submit.fieldError('bankAccountNumber')}
            {...form.register('bankAccountNumber')}
          />
        </>
      )}
      <TextField
        label={t('payments.expiryMinutes')}
        inputMode="numeric"
        testId="channel-expiry"
        error={submit.fieldError('expiryMinutes')}
        {...form.register('expiryMinutes')}
      />
      <TextField
        label={t('payments.sort')}
        inputMode="numeric"
        testId="channel-sort"
        error={submit.fieldError('sort')}
        {...form.register('sort')}
      />
      {creating && (
        <CheckboxField label={t('payments.enabled')} testId="channel-enabled" {...form.register('enabled')} />
      )}
      <FormError message={submit.formError} testId="channel-form-error" />
      <SubmitButton busy={submit.busy} label={t('common.save')} testId="channel-submit" />
    </form>
  );
}
