import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field';
import { SmsSendButton } from '@/components/sms-send-button';
import type { SmsSender } from '@/lib/use-sms-sender';
import { isMobileNum } from '../utils/validators';

export type MobileCodeValues = { mobileNum: string; code: string };

/**
 * The mobile number and the SMS code with its send button, as SMS login and password recovery by phone ask for them
 * (spec §5: the number is checked before a code is sent).
 */
export function MobileCodeFields({
  register,
  errors,
  sender,
  onSend,
  testIds,
}: {
  /** The form's register (its values include MobileCodeValues), as NewPasswordFields takes it. */
  register: (
    name: keyof MobileCodeValues,
    options: { validate: (value: string) => true | string },
  ) => UseFormRegisterReturn;
  errors: FieldErrors<MobileCodeValues>;
  sender: SmsSender;
  onSend: () => void;
  testIds: { mobile: string; code: string; send: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('form.mobileNumber')}
        required
        testId={testIds.mobile}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.mobileNum?.message}
        {...register('mobileNum', { validate: (value) => isMobileNum(value) || t('validation.mobile') })}
      />
      <TextField
        label={t('form.smsCode')}
        required
        testId={testIds.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        error={errors.code?.message}
        {...register('code', { validate: (value) => value.trim() !== '' || t('validation.verificationCode') })}
        addon={<SmsSendButton sender={sender} onSend={onSend} testId={testIds.send} />}
      />
    </>
  );
}
