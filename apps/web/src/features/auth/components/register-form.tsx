import { useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type RegisterRequest } from '@platform/contracts';
import { CountrySelect } from '@/components/country-select';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SmsSendButton } from '@/components/sms-send-button';
import { SubmitButton } from '@/components/submit-button';
import { readAffiliateCode, readReferralCode } from '@/lib/affiliate';
import { openNotice } from '@/lib/app-dialogs';
import { ApiError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { fieldErrorOf, ruleErrorText, validateByRule } from '@/lib/field-rules';
import { useSmsSender } from '@/lib/use-sms-sender';
import { checkAffiliate } from '../api/check-affiliate';
import { register as registerAccount } from '../api/register';
import { requestSmsCode } from '../api/request-sms-code';
import type { CaptchaState } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { registerPlan, type FieldPlan, type RegisterVariant } from '../utils/register-fields';
import { CaptchaField } from './captcha-field';

type Values = Record<string, string>;

const PASSWORD_LIKE = new Set(['password', 'confirmPassword', 'paymentPassword']);

const INPUT_HINTS: Record<string, { type?: string; inputMode?: 'numeric' | 'email'; autoComplete?: string }> = {
  username: { autoComplete: 'username' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  verificationCode: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
  payeeName: { autoComplete: 'name' },
};

/** Server refusals that belong to one field. */
const FIELD_OF_CODE: Partial<Record<string, string>> = {
  [ErrorCode.USERNAME_TAKEN]: 'username',
  [ErrorCode.MOBILE_TAKEN]: 'mobileNum',
  [ErrorCode.VERIFICATION_CODE_INVALID]: 'verificationCode',
  [ErrorCode.PASSWORD_MISMATCH]: 'confirmPassword',
  [ErrorCode.PASSWORD_TOO_WEAK]: 'password',
  [ErrorCode.CAPTCHA_REQUIRED]: 'captcha',
  [ErrorCode.CAPTCHA_INVALID]: 'captcha',
  [ErrorCode.INVALID_INVITATION_CODE]: 'affiliateCode',
};

/**
 * One registration variant (spec §2 registerModal, §4, §5): the fields, required flags, patterns and lengths of the
 * server's field rules; terms first, then the form; an invitation code from the URL is checked before registering
 * and, when it fails, the warning shows and the affiliate field appears. Success logs in and goes home.
 */
export function RegisterForm({ variant, captcha }: { variant: RegisterVariant; captcha: CaptchaState }) {
  const { t } = useTranslation();
  const { register: settings } = useConfig();
  const completeLogin = useCompleteLogin();
  const sender = useSmsSender();
  const layout = registerPlan(settings, variant);
  const [urlCode] = useState(readAffiliateCode);
  const [urlReferral] = useState(readReferralCode);
  const [affiliateFailed, setAffiliateFailed] = useState(false);
  const [terms, setTerms] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const showAffiliate = affiliateFailed || (urlCode === null && layout.affiliateByRule);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { countryDialingCode: '', affiliateCode: '' },
  });

  const shownFields = new Set<string>([
    ...[layout.username, layout.password, layout.mobile, layout.verificationCode, layout.captcha]
      .filter((f): f is FieldPlan => f !== null)
      .map((f) => f.name),
    ...(layout.confirmPassword ? ['confirmPassword'] : []),
    ...layout.extras.map((f) => f.name),
    ...(showAffiliate ? ['affiliateCode'] : []),
  ]);

  const fieldInput = (field: FieldPlan, label: string) => {
    const hints = INPUT_HINTS[field.name] ?? {};
    const props = {
      label,
      required: field.rule.required,
      testId: `register-field-${field.name}`,
      error: errors[field.name]?.message,
      maxLength: field.rule.maxLength,
      ...register(field.name, { validate: validateByRule(t, field.rule) }),
    };
    return PASSWORD_LIKE.has(field.name) ? (
      <PasswordField key={field.name} autoComplete="new-password" {...props} />
    ) : (
      <TextField key={field.name} autoCapitalize="off" spellCheck={false} {...hints} {...props} />
    );
  };

  const sendCode = async () => {
    if (!(await trigger('mobileNum'))) return;
    const { mobileNum = '', countryDialingCode = '' } = getValues();
    sender.send(() => requestSmsCode('register', { mobileNum: mobileNum.trim(), countryDialingCode }));
  };

  const showServerError = (error: unknown) => {
    const ruled = error instanceof ApiError ? fieldErrorOf(error.value) : null;
    if (ruled && shownFields.has(ruled.field)) {
      setError(ruled.field, { message: ruleErrorText(t, ruled.rule, ruled.reason) });
      return;
    }
    const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
    if (field && shownFields.has(field)) setError(field, { message: errorText(t, error) });
    else setFormError(errorText(t, error));
  };

  const affiliateOk = async (code: string): Promise<boolean> => {
    try {
      await checkAffiliate(code, window.location.hostname);
      return true;
    } catch (error) {
      const invalid = error instanceof ApiError && error.code === ErrorCode.INVALID_INVITATION_CODE;
      openNotice(t('register.affiliateTitle'), invalid ? t('register.invitationCodeError') : errorText(t, error));
      setAffiliateFailed(true);
      if (!showAffiliate) setValue('affiliateCode', code);
      return false;
    }
  };

  const submit = async (raw: Values) => {
    const values = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, (value ?? '').trim()]));
    const pick = (name: string) => (shownFields.has(name) && values[name] ? values[name] : undefined);
    const affiliateCode = showAffiliate ? pick('affiliateCode') : (urlCode ?? undefined);
    if (affiliateCode && !(await affiliateOk(affiliateCode))) return;
    const mobileNum = pick('mobileNum');
    const request: RegisterRequest = {
      ...Object.fromEntries(
        [...layout.extras.map((f) => f.name), 'password', 'confirmPassword', 'verificationCode']
          .map((name) => [name, pick(name)])
          .filter(([, value]) => value !== undefined),
      ),
      // The mobile variant's username is the number (spec §4).
      ...(variant === 'mobile' ? { username: mobileNum } : { username: pick('username') }),
      ...(mobileNum ? { mobileNum, countryDialingCode: values.countryDialingCode } : {}),
      ...(affiliateCode ? { affiliateCode } : {}),
      // A friend's invite link (issue 21): sent even when the referral field is hidden, like the affiliate code.
      ...(!pick('referralCode') && urlReferral ? { referralCode: urlReferral } : {}),
      ...(layout.captcha && captcha.captcha
        ? { captchaId: captcha.captcha.captchaId, captcha: values.captcha ?? '' }
        : {}),
      domain: window.location.hostname,
      login: true,
      registerUrl: window.location.href,
      registerMethod: 'WEB',
      acceptTerms: true,
    };
    try {
      const response = await registerAccount(variant, request);
      await completeLogin(response, { destination: '/' });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.INVALID_INVITATION_CODE) {
        setAffiliateFailed(true);
        if (affiliateCode) setValue('affiliateCode', affiliateCode);
      }
      showServerError(error);
      if (layout.captcha) {
        setValue('captcha', '');
        captcha.refresh({ force: true });
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    // Spec §4: the terms box must be ticked, then the form is validated.
    if (!terms) {
      event.preventDefault();
      setFormError(t('validation.terms'));
      return;
    }
    void handleSubmit(submit)(event);
  };

  const label = (name: string) => t(`form.fields.${name}`);
  const confirmRule = layout.password?.rule;

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {layout.username && fieldInput(layout.username, label('username'))}
      {layout.mobile && (
        <>
          <div className="field">
            <span className="field__label">{t('form.countryCode')}</span>
            <Controller
              control={control}
              name="countryDialingCode"
              render={({ field }) => (
                <CountrySelect value={field.value ?? ''} onChange={field.onChange} testId="register-country" />
              )}
            />
          </div>
          {fieldInput(layout.mobile, label('mobileNum'))}
        </>
      )}
      {layout.verificationCode && (
        <TextField
          label={label('verificationCode')}
          required
          testId="register-field-verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={layout.verificationCode.rule.maxLength}
          error={errors.verificationCode?.message}
          {...register('verificationCode', { validate: validateByRule(t, layout.verificationCode.rule) })}
          addon={<SmsSendButton sender={sender} onSend={() => void sendCode()} testId="register-sms-send" />}
        />
      )}
      {layout.password && fieldInput(layout.password, label('password'))}
      {layout.confirmPassword && confirmRule && (
        <PasswordField
          label={label('confirmPassword')}
          required
          testId="register-field-confirmPassword"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', {
            validate: (value) =>
              !value?.trim()
                ? t('validation.required')
                : value.trim() === (getValues('password') ?? '').trim() || t('validation.confirmMismatch'),
          })}
        />
      )}
      {layout.extras.map((field) => fieldInput(field, label(field.name)))}
      {showAffiliate && fieldInput(layout.affiliateCode, label('affiliateCode'))}
      {layout.captcha && (
        <CaptchaField
          captcha={captcha}
          prefix="register"
          inputTestId="register-field-captcha"
          error={errors.captcha?.message}
          input={register('captcha', { validate: validateByRule(t, layout.captcha.rule) })}
        />
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          data-testid="register-terms"
          checked={terms}
          onChange={(event) => {
            setTerms(event.target.checked);
            if (event.target.checked) setFormError(null);
          }}
        />
        <span>{t('register.acceptTerms')}</span>
      </label>
      <FormError message={formError} testId="register-error" />
      <SubmitButton busy={isSubmitting} label={t('register.submit')} testId="register-submit" block />
    </form>
  );
}
