import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { RecoveryCodeSchema, TotpCodeSchema } from '@platform/contracts';
import { verifyMfa, type SessionResult } from '../api/auth-api';

const CodeFormSchema = z.object({ code: TotpCodeSchema });
const RecoveryFormSchema = z.object({ recoveryCode: RecoveryCodeSchema });

type MfaStepProps = { challenge: string; onSignedIn: (result: SessionResult) => void; onRestart: () => void };

/** Step 2: the 6-digit code of the authenticator app, or one of the recovery codes (each works once). */
export function MfaStep({ challenge, onSignedIn, onRestart }: MfaStepProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <div className="form">
      <h1 className="auth-card__title">{t('auth.mfaTitle')}</h1>
      {useRecovery ? (
        <RecoveryForm challenge={challenge} onSignedIn={onSignedIn} />
      ) : (
        <CodeForm challenge={challenge} onSignedIn={onSignedIn} />
      )}
      <button
        type="button"
        className="link-button"
        data-testid="mfa-toggle-recovery"
        onClick={() => setUseRecovery((value) => !value)}
      >
        {useRecovery ? t('auth.useAuthenticator') : t('auth.useRecoveryCode')}
      </button>
      <button type="button" className="link-button" data-testid="mfa-restart" onClick={onRestart}>
        {t('auth.startAgain')}
      </button>
    </div>
  );
}

function CodeForm({ challenge, onSignedIn }: Omit<MfaStepProps, 'onRestart'>) {
  const { t } = useTranslation();
  const form = useZodForm(CodeFormSchema, { code: '' });
  const submit = useFormSubmit(form, ({ code }) => verifyMfa(challenge, { code }), { onSuccess: onSignedIn });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="mfa-form">
      <p className="muted">{t('auth.mfaHint')}</p>
      <TextField
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
        testId="mfa-code"
        error={submit.fieldError('code')}
        {...form.register('code')}
      />
      <FormError message={submit.formError} testId="mfa-error" />
      <SubmitButton busy={submit.busy} label={t('auth.verify')} testId="mfa-submit" block />
    </form>
  );
}

function RecoveryForm({ challenge, onSignedIn }: Omit<MfaStepProps, 'onRestart'>) {
  const { t } = useTranslation();
  const form = useZodForm(RecoveryFormSchema, { recoveryCode: '' });
  const submit = useFormSubmit(form, ({ recoveryCode }) => verifyMfa(challenge, { recoveryCode }), {
    onSuccess: onSignedIn,
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="recovery-form">
      <p className="muted">{t('auth.recoveryHint')}</p>
      <TextField
        label={t('auth.recoveryCode')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        autoFocus
        testId="mfa-recovery-code"
        error={submit.fieldError('recoveryCode')}
        {...form.register('recoveryCode')}
      />
      <FormError message={submit.formError} testId="mfa-error" />
      <SubmitButton busy={submit.busy} label={t('auth.verify')} testId="mfa-submit" block />
    </form>
  );
}
