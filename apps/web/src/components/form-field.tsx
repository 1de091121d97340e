import { PasswordField as SharedPasswordField } from '@platform/ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './control-icons';

// The fields live in packages/ui (shared with the back office); the player app adds its icons and texts.
export { FormError, SelectField, TextField } from '@platform/ui';

/** A password input with a show/hide toggle (spec §2 "Password fields toggle between visible and hidden"). */
export function PasswordField(props: Omit<ComponentProps<typeof SharedPasswordField>, 'toggle'>) {
  const { t } = useTranslation();
  const toggle = {
    showLabel: t('form.showPassword'),
    hideLabel: t('form.hidePassword'),
    showIcon: <EyeIcon />,
    hideIcon: <EyeOffIcon />,
  };
  return <SharedPasswordField {...props} toggle={toggle} />;
}
