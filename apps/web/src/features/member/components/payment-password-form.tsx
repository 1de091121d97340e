import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkNewPaymentPassword, paymentPasswordRuleFrom } from '@platform/contracts';
import { FormError, PasswordField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { ApiError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { fieldErrorOf, ruleErrorText, validateByRule } from '@/lib/field-rules';
import { memberInfoQueryKey } from '@/lib/member-info';
import { showToast } from '@/lib/toast';
import { setPaymentPassword } from '../api/payment-password';
import { useMemberInfo } from '../hooks/use-member-info';

type Values = { proof: string; newPaymentPassword: string; confirmPaymentPassword: string };

/**
 * The payment (transaction) password (spec §3): set with the login password, changed with the current one. Checked
 * as the server checks it (contracts' paymentPasswordRuleFrom: the merchant's rule, else six digits; not a common
 * password); the server checks again.
 */
export function PaymentPasswordSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { register: settings } = useConfig();
  const queryClient = useQueryClient();
  const info = useMemberInfo();
  const hasOne = info.data?.hasPaymentPassword === true;
  const [formError, setFormError] = useState<string | null>(null);
  const rule = paymentPasswordRuleFrom(settings.fields);
  const newPaymentPassword = (value: string): true | string => {
    const ruled = validateByRule(t, rule)(value);
    if (ruled !== true) return ruled;
    const weak = checkNewPaymentPassword(value.trim(), value.trim(), rule) === 'PASSWORD_TOO_WEAK';
    return !weak || t('errors.codes.PASSWORD_TOO_WEAK');
  };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { proof: '', newPaymentPassword: '', confirmPaymentPassword: '' } });
  const required = (value: string) => value.trim() !== '' || t('validation.required');

  const submit = async (values: Values) => {
    setFormError(null);
    const proof = values.proof.trim();
    try {
      await setPaymentPassword({
        ...(hasOne ? { oldPaymentPassword: proof } : { loginPassword: proof }),
        newPaymentPassword: values.newPaymentPassword.trim(),
        confirmPaymentPassword: values.confirmPaymentPassword.trim(),
      });
      reset();
      await queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
      showToast(t('member.paymentPasswordSaved'));
    } catch (error) {
      const ruled = error instanceof ApiError ? fieldErrorOf(error.value) : null;
      if (ruled?.field === 'newPaymentPassword') {
        setError('newPaymentPassword', { message: ruleErrorText(t, ruled.rule, ruled.reason) });
      } else {
        setFormError(errorText(t, error));
      }
    }
  };

  return (
    <section aria-labelledby={headingId} className="member-section">
      <h3 id={headingId} className="member-centre__subheading">
        {hasOne ? t('member.changePaymentPassword') : t('member.setPaymentPassword')}
      </h3>
      <form
        className="form form--wide"
        noValidate
        data-testid="payment-password-form"
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <div className="form__grid">
          <PasswordField
            label={hasOne ? t('member.currentPaymentPassword') : t('member.loginPassword')}
            required
            testId="payment-password-proof"
            autoComplete="current-password"
            error={errors.proof?.message}
            {...register('proof', { validate: required })}
          />
          <PasswordField
            label={t('member.newPaymentPassword')}
            required
            testId="payment-password-new"
            autoComplete="new-password"
            inputMode="numeric"
            error={errors.newPaymentPassword?.message}
            maxLength={rule.maxLength}
            {...register('newPaymentPassword', { validate: newPaymentPassword })}
          />
          <PasswordField
            label={t('member.confirmPaymentPassword')}
            required
            testId="payment-password-confirm"
            autoComplete="new-password"
            inputMode="numeric"
            error={errors.confirmPaymentPassword?.message}
            {...register('confirmPaymentPassword', {
              validate: (value) =>
                value.trim() === ''
                  ? t('validation.required')
                  : value.trim() === getValues('newPaymentPassword').trim() || t('validation.confirmMismatch'),
            })}
          />
        </div>
        <FormError message={formError} testId="payment-password-error" />
        <SubmitButton
          busy={isSubmitting}
          disabled={info.isPending}
          label={t('member.savePaymentPassword')}
          testId="payment-password-save"
        />
      </form>
    </section>
  );
}
