import { Dialog as SharedDialog, type DialogProps } from '@platform/ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

/** The shared dialog (packages/ui, as apps/web) with the back office's close button. */
export function Dialog(props: Omit<DialogProps, 'focusAfterPaint'>) {
  const { t } = useTranslation();
  return <SharedDialog {...props} closeLabel={t('common.close')} closeIcon={<CloseIcon />} />;
}
