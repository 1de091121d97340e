import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '@/lib/toast';
import { CloseIcon } from './icons';

/** Where toasts appear: a polite live region, so screen readers announce them without moving focus. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`} data-testid="toast">
          <span>{toast.message}</span>
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={t('common.close')}
            onClick={() => dismissToast(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
