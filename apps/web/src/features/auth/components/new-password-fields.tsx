import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/form-field';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';

export type NewPasswordValues = { newPassword: string; confirmNewPassword: string };

type NewPasswordName = keyof NewPasswordValues;

/** What the fields need of a react-hook-form whose values include NewPasswordValues (its register and getValues fit). */
type NewPasswordFieldsProps = {
  register: (name: NewPasswordName, options: { validate: (value: string) => true | string }) => UseFormRegisterReturn;
  errors: FieldErrors<NewPasswordValues>;
  getValues: (name: 'newPassword') => string;
  /** Test ids `<prefix>-new-password` and `<prefix>-confirm-password`. */
  prefix: 'change' | 'reset' | 'forgot';
  /** The account's username, when known: a new password may not be it (useNewPasswordRules). */
  username?: string | undefined;
};

/** A new password and its confirmation, checked by the new-password rules (spec §5). */
export function NewPasswordFields({ register, errors, getValues, prefix, username }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rules = useNewPasswordRules(username);
  return (
    <>
      <PasswordField
        label={t('form.newPassword')}
        required
        testId={`${prefix}-new-password`}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword', { validate: rules.newPassword })}
      />
      <PasswordField
        label={t('form.confirmPassword')}
        required
        testId={`${prefix}-confirm-password`}
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword', { validate: rules.confirmation(() => getValues('newPassword')) })}
      />
    </>
  );
}
