import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@platform/contracts';
import { CountrySelect } from '@/components/country-select';
import { FormError } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { useSmsSender } from '@/lib/use-sms-sender';
import { login } from '../api/login';
import { requestSmsCode } from '../api/request-sms-code';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { captchaAnswer, renewCaptchaAfterFailure } from '../utils/login-captcha';
import { trimAll } from '../utils/validators';
import { CaptchaField } from './captcha-field';
import { MobileCodeFields } from './mobile-code-fields';

type Values = { countryDialingCode: string; mobileNum: string; code: string; captcha: string };

/**
 * SMS login (spec §2, shown while SMSLOGIN3 is on): the mobile number is checked before a code is sent (§5), the code
 * is the password of the login call (type sms).
 */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const captcha = useCaptcha();
  const sender = useSmsSender();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { countryDialingCode: '', mobileNum: '', code: '', captcha: '' } });

  const sendCode = async () => {
    if (!(await trigger('mobileNum'))) return;
    const { mobileNum, countryDialingCode } = trimAll(getValues());
    sender.send(() => requestSmsCode('login', { mobileNum, countryDialingCode }));
  };

  const submit = async (raw: Values) => {
    const values = trimAll(raw);
    setFormError(null);
    const request: LoginRequest = {
      type: 'sms',
      username: values.mobileNum,
      password: values.code,
      countryDialingCode: values.countryDialingCode,
      side: 'member',
      ...captchaAnswer(captcha, values.captcha),
    };
    try {
      await completeLogin(await login(request));
    } catch (error) {
      setFormError(errorText(t, error));
      setValue('captcha', '');
      renewCaptchaAfterFailure(captcha, error);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <div className="field">
        <span className="field__label">{t('form.mobile')}</span>
        <div className="field__row">
          <Controller
            control={control}
            name="countryDialingCode"
            render={({ field }) => (
              <CountrySelect value={field.value} onChange={field.onChange} testId="login-sms-country" />
            )}
          />
        </div>
      </div>
      <MobileCodeFields
        register={register}
        errors={errors}
        sender={sender}
        onSend={() => void sendCode()}
        testIds={{ mobile: 'login-sms-mobile', code: 'login-sms-code', send: 'login-sms-send' }}
      />
      <CaptchaField
        captcha={captcha}
        prefix="login"
        error={errors.captcha?.message}
        input={register('captcha', {
          validate: (value) => !captcha.shown || value.trim() !== '' || t('validation.required'),
        })}
      />
      <FormError message={formError} testId="login-error" />
      <SubmitButton busy={isSubmitting} label={t('auth.loginSubmit')} testId="login-submit" block />
    </form>
  );
}
