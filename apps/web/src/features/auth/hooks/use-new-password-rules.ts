import { useTranslation } from 'react-i18next';
import { checkNewPassword, checkRegisterValue, passwordRuleFrom } from '@platform/contracts';
import { useConfig } from '@/lib/config';
import { ruleErrorText } from '@/lib/field-rules';

/**
 * The checks of a new password (spec §5): the password rule with the merchant's lengths, not a common password nor the
 * username (the server's checkNewPassword), and a confirmation equal to it ("Incorrect confirmation input").
 */
export function useNewPasswordRules(username?: string) {
  const { t } = useTranslation();
  const { register } = useConfig();
  const rule = passwordRuleFrom(register.fields);
  const newPassword = (value: string): true | string => {
    const password = value.trim();
    const reason = checkRegisterValue(rule, password);
    if (reason !== null) return ruleErrorText(t, rule, reason);
    const options = username ? { rule, username } : { rule };
    return checkNewPassword(password, password, options) === 'PASSWORD_TOO_WEAK'
      ? t('errors.codes.PASSWORD_TOO_WEAK')
      : true;
  };
  const confirmation =
    (current: () => string) =>
    (value: string): true | string => {
      if (value.trim() === '') return t('validation.required');
      return value.trim() === current().trim() || t('validation.confirmMismatch');
    };
  return { rule, newPassword, confirmation };
}
