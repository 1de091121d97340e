import { Toaster as SharedToaster } from '@platform/ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

/** The shared toaster (packages/ui) with the player app's close button. */
export function Toaster() {
  const { t } = useTranslation();
  return <SharedToaster closeLabel={t('common.close')} closeIcon={<CloseIcon />} />;
}
