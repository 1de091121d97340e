import { Dialog as SharedDialog, type DialogProps } from '@platform/ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

/** The shared dialog (packages/ui) with the player app's close button. */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation();
  return <SharedDialog {...props} closeLabel={t('common.close')} closeIcon={<CloseIcon />} />;
}
