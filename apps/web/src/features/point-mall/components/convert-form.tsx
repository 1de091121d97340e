import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { balanceQueryKey, groupDigits } from '@/lib/wallet';
import { convertPoints, fetchPointsConfig, POINTS_QUERY_ROOT, pointsKeys } from '../api/points-api';

type Values = { points: string; paymentPassword: string };

/** Convert points to cash (spec §7, E): the merchant's rate and minimum, a confirmation, then one sealed call. */
export function ConvertForm({ points }: { points: bigint }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: pointsKeys.config, queryFn: ({ signal }) => fetchPointsConfig(signal) });
  const [pending, setPending] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { points: '', paymentPassword: '' } });
  const perUnit = config.data?.convertPointsPerUnit ?? 0;
  const minimum = config.data?.convertMinPoints ?? '0';

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    setFormError(null);
    try {
      const result = await convertPoints({
        points: Number(pending.points),
        paymentPassword: pending.paymentPassword,
        requestId: requestId.current,
      });
      requestId.current = newRequestId();
      setPending(null);
      reset();
      showToast(t('pointMall.converted', { points: groupDigits(result.points), amount: groupDigits(result.cash) }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [POINTS_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    } catch (error) {
      setPending(null);
      setFormError(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (config.isSuccess && perUnit <= 0) return <p className="muted">{t('pointMall.convertOff')}</p>;
  return (
    <>
      <p className="muted" data-testid="convert-rate">
        {t('pointMall.convertRate', { points: groupDigits(String(perUnit)), minimum: groupDigits(minimum) })}
      </p>
      <form
        className="form"
        noValidate
        data-testid="convert-form"
        onSubmit={(event) => void handleSubmit((values) => setPending(values))(event)}
      >
        <TextField
          label={t('pointMall.convertPoints')}
          required
          testId="convert-points"
          inputMode="numeric"
          autoComplete="off"
          error={errors.points?.message}
          {...register('points', {
            validate: (v) => {
              if (!/^[0-9]{1,10}$/.test(v.trim())) return t('pointMall.wholePoints');
              if (BigInt(v.trim()) < BigInt(minimum)) return t('pointMall.belowMinimum', { minimum });
              return BigInt(v.trim()) <= points || t('pointMall.notEnough');
            },
          })}
        />
        <PasswordField
          label={t('transfer.paymentPassword')}
          required
          testId="convert-password"
          autoComplete="off"
          inputMode="numeric"
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: (v) => v !== '' || t('validation.required') })}
        />
        <FormError message={formError} testId="convert-error" />
        <SubmitButton busy={busy} label={t('pointMall.convert')} testId="convert-submit" />
      </form>
      <ConfirmActionDialog
        open={pending !== null}
        busy={busy}
        title={t('pointMall.convertTitle')}
        description={t('pointMall.convertText', {
          points: groupDigits(pending?.points.trim() ?? ''),
          amount: perUnit > 0 && pending ? (Number(pending.points) / perUnit).toFixed(2) : '',
        })}
        confirmLabel={t('pointMall.convert')}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId="convert-confirm-dialog"
        confirmTestId="convert-confirm"
      />
    </>
  );
}
