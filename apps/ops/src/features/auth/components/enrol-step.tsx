import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError, SubmitButton, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { TotpCodeSchema } from '@platform/contracts';
import { enrol, type EnrolResult } from '../api/auth-api';

const EnrolFormSchema = z.object({ code: TotpCodeSchema });

/** The secret in groups of four, easier to type into an authenticator app by hand. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

type EnrolStepProps = {
  challenge: string;
  otpauthUrl: string;
  secret: string;
  onEnrolled: (result: EnrolResult) => void;
  onRestart: () => void;
};

/** First sign-in: scan the QR code (or type the secret), then prove it with a code before any session exists. */
export function EnrolStep({ challenge, otpauthUrl, secret, onEnrolled, onRestart }: EnrolStepProps) {
  const { t } = useTranslation();
  const form = useZodForm(EnrolFormSchema, { code: '' });
  const submit = useFormSubmit(form, ({ code }) => enrol(challenge, code), { onSuccess: onEnrolled });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)} data-testid="enrol-form">
      <h1 className="auth-card__title">{t('auth.enrolTitle')}</h1>
      <p className="muted">{t('auth.enrolHint')}</p>
      <div className="enrol__qr" data-testid="enrol-qr">
        <QRCodeSVG value={otpauthUrl} size={176} marginSize={2} title={t('auth.qrTitle')} />
      </div>
      <div className="field">
        <span className="field__label">{t('auth.secretLabel')}</span>
        <code className="enrol__secret" data-testid="enrol-secret" data-secret={secret}>
          {groupSecret(secret)}
        </code>
      </div>
      <TextField
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        testId="enrol-code"
        error={submit.fieldError('code')}
        {...form.register('code')}
      />
      <FormError message={submit.formError} testId="enrol-error" />
      <SubmitButton busy={submit.busy} label={t('auth.enrolConfirm')} testId="enrol-submit" block />
      <button type="button" className="link-button" onClick={onRestart}>
        {t('auth.startAgain')}
      </button>
    </form>
  );
}
