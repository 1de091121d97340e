import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@platform/contracts';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { login } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { captchaAnswer, renewCaptchaAfterFailure } from '../utils/login-captcha';
import { forgetUsername, readRememberedUsername, rememberUsername } from '../utils/remember-me';
import { trimAll } from '../utils/validators';
import { CaptchaField } from './captcha-field';

type Values = { username: string; password: string; captcha: string; remember: boolean };

type LoginFormProps = {
  /** The door (spec §6): the popup admits members, /agent admits agents. */
  side: LoginRequest['side'];
  /** Test-id prefix: `login` in the popup, `agent-login` on /agent. */
  prefix: 'login' | 'agent-login';
};

/**
 * Username and password login (spec §2, §4, §5): values trimmed, both required; a failure stops the loader and shows
 * the server's message, translated by its code; a failure that asks for it shows the captcha, which is then required.
 * "Remember me" keeps the username only, for a day.
 */
export function LoginForm({ side, prefix }: LoginFormProps) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const captcha = useCaptcha();
  const [formError, setFormError] = useState<string | null>(null);
  const [remembered] = useState(readRememberedUsername);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { username: remembered ?? '', password: '', captcha: '', remember: remembered !== null },
  });
  const required = {
    validate: (value: unknown) => (String(value ?? '').trim() !== '' ? true : t('validation.required')),
  };

  const submit = async (raw: Values) => {
    const values = trimAll(raw);
    setFormError(null);
    const request: LoginRequest = {
      type: 'username',
      username: values.username,
      password: values.password,
      side,
      ...captchaAnswer(captcha, values.captcha),
    };
    try {
      const response = await login(request);
      if (values.remember) rememberUsername(values.username);
      else forgetUsername();
      await completeLogin(response);
    } catch (error) {
      setFormError(errorText(t, error));
      setValue('captcha', '');
      renewCaptchaAfterFailure(captcha, error);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <TextField
        label={t('form.username')}
        required
        testId={`${prefix}-username`}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username', required)}
      />
      <PasswordField
        label={t('form.password')}
        required
        testId={`${prefix}-password`}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', required)}
      />
      <CaptchaField
        captcha={captcha}
        prefix={prefix}
        error={errors.captcha?.message}
        input={register('captcha', {
          validate: (value) => (!captcha.shown || value.trim() !== '' ? true : t('validation.required')),
        })}
      />
      <label className="checkbox">
        <input type="checkbox" data-testid={`${prefix}-remember`} {...register('remember')} />
        <span>{t('auth.rememberMe')}</span>
      </label>
      <FormError message={formError} testId={`${prefix}-error`} />
      <SubmitButton busy={isSubmitting} label={t('auth.loginSubmit')} testId={`${prefix}-submit`} block />
    </form>
  );
}
