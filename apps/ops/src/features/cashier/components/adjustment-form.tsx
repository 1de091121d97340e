import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustmentRequestSchema, CashierAmountSchema, parseMoney, type AdjustmentResult } from '@platform/contracts';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { ApiError, isApiError } from '@/lib/api-client';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { formatAmount } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { requestAdjustment } from '../api/cashier-api';

/** The server's request schema, with the amount checked as an amount here already (the server checks it too). */
const FormSchema = AdjustmentRequestSchema.extend({ amount: CashierAmountSchema });

/** A new idempotency key per adjustment: a resend of the same form (a lost answer) applies once. */
const newRequestId = () => `adj-${crypto.randomUUID()}`;

const aboveThreshold = (amount: string, threshold: string | undefined): boolean => {
  if (threshold === undefined) return false;
  try {
    return parseMoney(amount.trim(), 2) > parseMoney(threshold, 2, { allowZero: true });
  } catch {
    return false;
  }
};

/**
 * Money refusals that name a field (INVALID_AMOUNT, ACCOUNT_NOT_FOUND with `value.fields`) go under that field like a
 * VALIDATION_FAILED does.
 */
const asFieldFailure = (error: unknown): unknown =>
  isApiError(error) && error.code !== 'VALIDATION_FAILED' && error.fields.length > 0
    ? new ApiError('VALIDATION_FAILED', error.status, error.message, error.value)
    : error;

/**
 * A manual adjustment of a member's cash (adjustment.request): at or below the merchant's threshold it applies at
 * once; above it, it waits for a second staff member, which the form says before it is sent.
 */
export function AdjustmentForm({ threshold }: { threshold: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useZodForm(FormSchema, { username: '', direction: 'CREDIT', amount: '', reason: '', requestId });
  const submit = useFormSubmit(
    form,
    async (values) => {
      try {
        return await requestAdjustment({ ...values, requestId });
      } catch (error) {
        throw asFieldFailure(error);
      }
    },
    {
      fields: ['username', 'direction', 'amount', 'reason'],
      onSuccess: (result: AdjustmentResult) => {
        showToast(
          result.status === 'PENDING'
            ? t('cashier.adjustments.waiting', { amount: formatAmount(result.amount), username: result.username })
            : t('cashier.adjustments.applied', {
                amount: formatAmount(result.amount),
                username: result.username,
                balance: formatAmount(result.balanceAfter ?? '0'),
              }),
          'success',
        );
        setRequestId(newRequestId());
        form.reset({ username: '', direction: 'CREDIT', amount: '', reason: '' });
        void queryClient.invalidateQueries({ queryKey: ['cashier', 'adjustments'] });
      },
    },
  );
  const amount = form.watch('amount');
  const waits = aboveThreshold(amount ?? '', threshold);

  return (
    <section className="cashier-panel" aria-labelledby="adjustment-form-title" data-testid="adjustment-form">
      <h2 id="adjustment-form-title" className="cashier-panel__title">
        {t('cashier.adjustments.newTitle')}
      </h2>
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <TextField
          label={t('cashier.fields.member')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          testId="adjustment-username"
          error={submit.fieldError('username')}
          {...form.register('username')}
        />
        <SelectField
          label={t('cashier.adjustments.direction')}
          required
          testId="adjustment-direction"
          options={[
            { value: 'CREDIT', label: t('cashier.adjustments.CREDIT') },
            { value: 'DEBIT', label: t('cashier.adjustments.DEBIT') },
          ]}
          error={submit.fieldError('direction')}
          {...form.register('direction')}
        />
        <TextField
          label={t('cashier.fields.amount')}
          inputMode="decimal"
          required
          testId="adjustment-amount"
          hint={
            threshold === undefined
              ? undefined
              : t('cashier.adjustments.thresholdHint', { threshold: formatAmount(threshold) })
          }
          error={submit.fieldError('amount')}
          {...form.register('amount')}
        />
        {waits && (
          <p className="cashier-note" role="status" data-testid="adjustment-needs-approval">
            {t('cashier.adjustments.needsApproval', { threshold: formatAmount(threshold ?? '0') })}
          </p>
        )}
        <TextAreaField
          label={t('cashier.fields.reason')}
          required
          rows={2}
          maxLength={200}
          testId="adjustment-reason"
          error={submit.fieldError('reason')}
          {...form.register('reason')}
        />
        <FormError message={submit.formError} testId="adjustment-error" />
        <SubmitButton
          busy={submit.busy}
          label={waits ? t('cashier.adjustments.submitForApproval') : t('cashier.adjustments.submit')}
          testId="adjustment-submit"
        />
      </form>
    </section>
  );
}
