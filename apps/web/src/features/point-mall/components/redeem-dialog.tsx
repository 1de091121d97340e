import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MallItem } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { newRequestId } from '@/lib/request-id';
import { showToast } from '@/lib/toast';
import { balanceQueryKey, groupDigits } from '@/lib/wallet';
import { POINTS_QUERY_ROOT, redeemItem } from '../api/points-api';

type Values = { name: string; phone: string; address: string; paymentPassword: string };

/**
 * The confirmation of one redemption: what the item costs and gives, the delivery address for goods, and the payment
 * password; one sealed call. The request id is kept across retries of this dialog, so a lost answer redeems once.
 */
export function RedeemDialog({ item, onClose }: { item: MallItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: '', phone: '', address: '', paymentPassword: '' } });
  const goods = item?.kind === 'GOODS';
  const required = (v: string) => v.trim() !== '' || t('validation.required');

  const close = () => {
    if (busy) return;
    setFormError(null);
    reset();
    onClose();
  };
  const submit = async (values: Values) => {
    if (item === null) return;
    setBusy(true);
    setFormError(null);
    try {
      const address = goods ? { name: values.name, phone: values.phone, address: values.address } : null;
      const result = await redeemItem({
        itemId: item.id,
        paymentPassword: values.paymentPassword,
        requestId: requestId.current,
        address,
      });
      requestId.current = newRequestId();
      showToast(
        t(result.status === 'APPROVED' ? 'pointMall.redeemedNow' : 'pointMall.redeemedPending', { name: item.name }),
      );
      reset();
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [POINTS_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['bonus'] }),
      ]);
    } catch (error) {
      setFormError(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('pointMall.confirmTitle')}
      description={item ? t('pointMall.confirmText', { name: item.name, points: groupDigits(item.pricePoints) }) : ''}
      testId="redeem-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {goods && (
          <>
            <TextField
              label={t('pointMall.addressName')}
              required
              testId="redeem-name"
              autoComplete="name"
              error={errors.name?.message}
              {...register('name', { validate: required })}
            />
            <TextField
              label={t('pointMall.addressPhone')}
              required
              testId="redeem-phone"
              autoComplete="tel"
              inputMode="tel"
              error={errors.phone?.message}
              {...register('phone', { validate: required })}
            />
            <TextField
              label={t('pointMall.address')}
              required
              testId="redeem-address"
              autoComplete="street-address"
              error={errors.address?.message}
              {...register('address', { validate: required })}
            />
          </>
        )}
        <PasswordField
          label={t('transfer.paymentPassword')}
          required
          testId="redeem-password"
          autoComplete="off"
          inputMode="numeric"
          error={errors.paymentPassword?.message}
          {...register('paymentPassword', { validate: (v) => v !== '' || t('validation.required') })}
        />
        <FormError message={formError} testId="redeem-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={busy} onClick={close}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={busy} label={t('pointMall.redeemConfirm')} testId="redeem-confirm" />
        </div>
      </form>
    </Dialog>
  );
}
