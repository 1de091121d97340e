import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mobileNumRuleFrom } from '@platform/contracts';
import { CountrySelect } from '@/components/country-select';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SmsSendButton } from '@/components/sms-send-button';
import { SubmitButton } from '@/components/submit-button';
import { ApiError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { fieldErrorOf, ruleErrorText, validateByRule } from '@/lib/field-rules';
import { memberInfoQueryKey } from '@/lib/member-info';
import { updateUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useSmsSender } from '@/lib/use-sms-sender';
import { bindMobile } from '../api/bind-mobile';
import { profileQueryKey } from '../api/profile';
import { requestBindCode } from '../api/request-bind-code';
import { useMemberInfo } from '../hooks/use-member-info';

type Values = { countryDialingCode: string; mobileNum: string; verificationCode: string; password: string };

const EMPTY: Values = { countryDialingCode: '', mobileNum: '', verificationCode: '', password: '' };

/**
 * Bind a mobile number, or replace the bound one: the number is checked by the rule registration applies to it
 * (contracts' mobileNumRuleFrom) before a code is sent to it, the send button counts down expiredMinutes × 60 s
 * (spec §4), and the code proves the number is the member's. Replacing a bound number also needs the login password
 * (a stolen session alone must not move the number that allows SMS login and reset). Success shows the new number in
 * the account summary.
 */
export function BindMobileSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { register: settings } = useConfig();
  const queryClient = useQueryClient();
  const info = useMemberInfo();
  const sender = useSmsSender();
  const [formError, setFormError] = useState<string | null>(null);
  const rule = mobileNumRuleFrom(settings.fields);
  const hasNumber = Boolean(info.data?.mobileNum);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: EMPTY });

  const phone = () => {
    const { mobileNum, countryDialingCode } = getValues();
    return { mobileNum: mobileNum.trim(), countryDialingCode };
  };

  const sendCode = async () => {
    setFormError(null);
    if (!(await trigger('mobileNum'))) return;
    sender.send(() => requestBindCode(phone()));
  };

  const submit = async (values: Values) => {
    setFormError(null);
    try {
      const next = await bindMobile({
        ...phone(),
        verificationCode: values.verificationCode.trim(),
        ...(hasNumber ? { password: values.password.trim() } : {}),
      });
      queryClient.setQueryData(memberInfoQueryKey, next);
      updateUser(next);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      // The country stays chosen for the next change; the number and its spent code go.
      reset({ ...EMPTY, countryDialingCode: values.countryDialingCode });
      showToast(t('member.mobileSaved'));
    } catch (error) {
      const ruled = error instanceof ApiError ? fieldErrorOf(error.value) : null;
      if (ruled?.field === 'mobileNum') setError('mobileNum', { message: ruleErrorText(t, ruled.rule, ruled.reason) });
      else setFormError(errorText(t, error));
    }
  };

  return (
    <section aria-labelledby={headingId} className="member-section">
      <h3 id={headingId} className="member-centre__subheading">
        {hasNumber ? t('member.changeMobile') : t('member.bindMobile')}
      </h3>
      <p className="muted">{t('member.bindMobileIntro')}</p>
      {hasNumber && <p className="muted">{t('member.changeMobileIntro')}</p>}
      <form
        className="form form--wide"
        noValidate
        data-testid="bind-mobile-form"
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <div className="form__grid">
          <div className="field">
            <span className="field__label">{t('form.countryCode')}</span>
            <Controller
              control={control}
              name="countryDialingCode"
              render={({ field }) => (
                <CountrySelect value={field.value} onChange={field.onChange} testId="bind-mobile-country" />
              )}
            />
          </div>
          <TextField
            label={t('member.newMobileNumber')}
            required
            testId="bind-mobile-number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={rule.maxLength}
            error={errors.mobileNum?.message}
            {...register('mobileNum', { validate: validateByRule(t, rule) })}
          />
          <TextField
            label={t('form.smsCode')}
            required
            testId="bind-mobile-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={255}
            error={errors.verificationCode?.message}
            {...register('verificationCode', {
              validate: (value) => value.trim() !== '' || t('validation.verificationCode'),
            })}
            addon={<SmsSendButton sender={sender} onSend={() => void sendCode()} testId="bind-mobile-send" />}
          />
          {hasNumber && (
            <PasswordField
              label={t('member.currentLoginPassword')}
              required
              testId="bind-mobile-password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password', { validate: (value) => value.trim() !== '' || t('validation.required') })}
            />
          )}
        </div>
        <FormError message={formError} testId="bind-mobile-error" />
        <SubmitButton busy={isSubmitting} label={t('member.saveMobile')} testId="bind-mobile-submit" />
      </form>
    </section>
  );
}
