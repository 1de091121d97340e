import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WHITELABEL_MODULES } from '@platform/contracts';
import { CountrySelect } from '@/components/country-select';
import { Dialog } from '@/components/dialog';
import { FormError, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Tabs } from '@/components/tabs';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { useSmsSender } from '@/lib/use-sms-sender';
import { forgotByEmail, forgotByPhone } from '../api/forgot-password';
import { requestSmsCode } from '../api/request-sms-code';
import { isEmail, trimAll } from '../utils/validators';
import { MobileCodeFields } from './mobile-code-fields';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

type ForgotTab = 'email' | 'mobile';

/** The outcome, with the way back to login. */
function Result({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="form">
      <p className="form-result" role="status" data-testid="forgot-result">
        {message}
      </p>
      <button type="button" className="button button--primary button--block" onClick={() => openAuthDialog('login')}>
        {t('auth.toLogin')}
      </button>
    </div>
  );
}

/** Forgot by email (spec §3): username and email, form-encoded; the answer never says whether they matched. */
function EmailForm() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { username: '', email: '' } });
  const submit = async (raw: { username: string; email: string }) => {
    const values = trimAll(raw);
    setFormError(null);
    try {
      await forgotByEmail(values.username, values.email);
      setDone(true);
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };
  if (done) return <Result message={t('forgot.emailSent')} />;
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <TextField
        label={t('form.username')}
        required
        testId="forgot-username"
        autoComplete="username"
        autoCapitalize="off"
        error={errors.username?.message}
        {...register('username', { validate: (value) => value.trim() !== '' || t('validation.required') })}
      />
      <TextField
        label={t('form.fields.email')}
        required
        testId="forgot-email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', {
          validate: (value) =>
            value.trim() === '' ? t('validation.required') : isEmail(value) || t('validation.email'),
        })}
      />
      <FormError message={formError} testId="forgot-error" />
      <SubmitButton busy={isSubmitting} label={t('forgot.sendLink')} testId="forgot-submit" block />
    </form>
  );
}

type MobileValues = NewPasswordValues & { countryDialingCode: string; mobileNum: string; code: string };

/** Forgot by phone (spec §3, while FORGOTMOB3 is on): the SMS code and a new password. */
function MobileForm() {
  const { t } = useTranslation();
  const sender = useSmsSender();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<MobileValues>({
    defaultValues: { countryDialingCode: '', mobileNum: '', code: '', newPassword: '', confirmNewPassword: '' },
  });
  const sendCode = async () => {
    if (!(await trigger('mobileNum'))) return;
    const { mobileNum, countryDialingCode } = trimAll(getValues());
    sender.send(() => requestSmsCode('forgot', { mobileNum, countryDialingCode }));
  };
  const submit = async (raw: MobileValues) => {
    const values = trimAll(raw);
    setFormError(null);
    try {
      await forgotByPhone({
        mobileNum: values.mobileNum,
        countryDialingCode: values.countryDialingCode,
        verificationCode: values.code,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      setDone(true);
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };
  if (done) return <Result message={t('forgot.passwordSet')} />;
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <div className="field">
        <span className="field__label">{t('form.countryCode')}</span>
        <Controller
          control={control}
          name="countryDialingCode"
          render={({ field }) => (
            <CountrySelect value={field.value} onChange={field.onChange} testId="forgot-country" />
          )}
        />
      </div>
      <MobileCodeFields
        register={register}
        errors={errors}
        sender={sender}
        onSend={() => void sendCode()}
        testIds={{ mobile: 'forgot-mobile', code: 'forgot-code', send: 'forgot-sms-send' }}
      />
      <NewPasswordFields register={register} errors={errors} getValues={getValues} prefix="forgot" />
      <FormError message={formError} testId="forgot-error" />
      <SubmitButton busy={isSubmitting} label={t('forgot.setPassword')} testId="forgot-submit" block />
    </form>
  );
}

/** forgetPassModal (spec §2): by email, or by mobile while FORGOTMOB3 is on; the optional w_forget banner. */
export function ForgotDialog({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  const byMobile = isModuleEnabled(whitelabel, WHITELABEL_MODULES.FORGOT_BY_MOBILE);
  const [tab, setTab] = useState<ForgotTab>('email');
  const tabs = [
    { key: 'email' as const, label: t('forgot.tabEmail'), testId: 'forgot-tab-email' },
    ...(byMobile ? [{ key: 'mobile' as const, label: t('forgot.tabMobile'), testId: 'forgot-tab-mobile' }] : []),
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('forgot.title')}
      description={t('forgot.description')}
      testId="forgot-dialog"
    >
      {banner}
      <Tabs label={t('forgot.methods')} items={tabs} active={byMobile ? tab : 'email'} onChange={setTab}>
        {byMobile && tab === 'mobile' ? <MobileForm /> : <EmailForm />}
      </Tabs>
      <p className="dialog__note">
        <button type="button" className="link-button" onClick={() => openAuthDialog('login')}>
          {t('forgot.backToLogin')}
        </button>
      </p>
    </Dialog>
  );
}
