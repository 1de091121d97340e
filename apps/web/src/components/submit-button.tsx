import { SubmitButton as SharedSubmitButton, type SubmitButtonProps } from '@platform/ui';
import { useTranslation } from 'react-i18next';

/** A form's primary submit button (packages/ui); while busy it says "loading". */
export function SubmitButton(props: SubmitButtonProps) {
  const { t } = useTranslation();
  return <SharedSubmitButton {...props} busyLabel={t('common.loading')} />;
}
