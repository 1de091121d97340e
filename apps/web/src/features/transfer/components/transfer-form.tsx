import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TransferResult } from '@platform/contracts';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { isAmount } from '@/lib/amount';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { balanceQueryKey, groupDigits } from '@/lib/wallet';
import { recordsQueryRoot } from '../api/transfer';

export type TransferValues = { username: string; amount: string; paymentPassword: string };

type TransferFormProps = {
  /** The receiver is fixed (the upline) or typed by the caller (a downline member). */
  fixedRecipient?: string;
  prefix: string;
  send: (values: TransferValues & { requestId: string }) => Promise<TransferResult>;
};

/** Two decimals at most: the server checks again in the merchant's scale. */
const AMOUNT_SCALE = 2;

/**
 * Amount and payment password, a confirmation naming the receiver and the amount, then one sealed call. The request
 * id is kept across retries of one confirmation, so a lost answer never moves the money twice.
 */
export function TransferForm({ fixedRecipient, prefix, send }: TransferFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TransferValues | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TransferValues>({ defaultValues: { username: fixedRecipient ?? '', amount: '', paymentPassword: '' } });

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    setFormError(null);
    try {
      const result = await send({ ...pending, requestId: requestId.current });
      requestId.current = newRequestId();
      setPending(null);
      reset({ username: fixedRecipient ?? '', amount: '', paymentPassword: '' });
      showToast(t('transfer.success', { amount: groupDigits(result.amount), to: result.to }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: recordsQueryRoot }),
      ]);
    } catch (error) {
      setPending(null);
      setFormError(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const recipient = pending ? (fixedRecipient ?? pending.username.trim()) : '';
  return (
    <>
      <form
        className="form"
        noValidate
        data-testid={`${prefix}-form`}
        onSubmit={(event) =>
          void handleSubmit((values) => {
            setFormError(null);
            setPending(values);
          })(event)
        }
      >
        {fixedRecipient === undefined && (
          <TextField
            label={t('transfer.recipient')}
            required
            testId={`${prefix}-username`}
            autoComplete="off"
            error={errors.username?.message}
            {...register('username', { validate: (v) => v.trim() !== '' || t('validation.required') })}
          />
        )}
        <TextField
          label={t('transfer.amount')}
          required
          testId={`${prefix}-amount`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount', {
            validate: (v) =>
              v.trim() === '' ? t('validation.required') : isAmount(v, AMOUNT_SCALE) || t('transfer.amountInvalid'),
          })}
        />
        <PasswordField
          label={t('transfer.paymentPassword')}
          required
          testId={`${prefix}-password`}
          autoComplete="off"
          inputMode="numeric"
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: (v) => v !== '' || t('validation.required') })}
        />
        <FormError message={formError} testId={`${prefix}-error`} />
        <SubmitButton busy={busy} label={t('transfer.submit')} testId={`${prefix}-submit`} />
      </form>
      <ConfirmActionDialog
        open={pending !== null}
        busy={busy}
        title={t('transfer.confirmTitle')}
        description={t('transfer.confirmText', { amount: groupDigits(pending?.amount.trim() ?? ''), to: recipient })}
        confirmLabel={t('transfer.confirm')}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId={`${prefix}-confirm-dialog`}
        confirmTestId={`${prefix}-confirm`}
      />
    </>
  );
}
