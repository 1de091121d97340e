import {
  PasswordField as SharedPasswordField,
  SubmitButton as SharedSubmitButton,
  type SubmitButtonProps,
} from '@platform/ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

// The fields live in packages/ui (shared with the player app); the back office adds its icons and texts.
export { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '@platform/ui';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<ComponentProps<typeof SharedPasswordField>, 'toggle'>) {
  const { t } = useTranslation();
  const toggle = { showLabel: t('form.showPassword'), hideLabel: t('form.hidePassword') };
  return <SharedPasswordField {...props} toggle={{ ...toggle, showIcon: <EyeIcon />, hideIcon: <EyeOffIcon /> }} />;
}

/** A form's submit button: disabled and marked busy ("Working…") while the form is being sent. */
export function SubmitButton(props: SubmitButtonProps) {
  const { t } = useTranslation();
  return <SharedSubmitButton {...props} busyLabel={t('common.working')} />;
}
