import { checkNewPassword, checkRegisterValue, passwordRuleFrom, type RegisterFieldRule } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';

/**
 * The new-password checks of change, reset and forgot-by-phone, with the same codes and texts as registration:
 * PASSWORD_RULE (value: the rule), PASSWORD_MISMATCH, PASSWORD_TOO_WEAK.
 */
export const requireGoodNewPassword = (
  password: string,
  confirmation: string,
  rules: readonly RegisterFieldRule[],
  username?: string,
  field = 'newPassword',
): void => {
  const rule = passwordRuleFrom(rules);
  const problem = checkNewPassword(password, confirmation, { rule, username });
  if (problem === 'PASSWORD_RULE') {
    throw new AppError(
      'PASSWORD_RULE',
      400,
      `Please fill in your password with ${rule.minLength} - ${rule.maxLength} characters, with an uppercase letter, a lowercase letter, a digit and a symbol`,
      {
        value: {
          field,
          reason: checkRegisterValue(rule, password) ?? 'pattern',
          patternId: rule.patternId,
          minLength: rule.minLength,
          maxLength: rule.maxLength,
        },
      },
    );
  }
  if (problem === 'PASSWORD_MISMATCH') throw new AppError('PASSWORD_MISMATCH', 400, 'Incorrect confirmation input');
  if (problem === 'PASSWORD_TOO_WEAK') {
    throw new AppError('PASSWORD_TOO_WEAK', 400, 'This password is too easy to guess; please choose another');
  }
};

export const sameAsOld = () =>
  new AppError('PASSWORD_TOO_WEAK', 400, 'The new password must be different from the current one');
