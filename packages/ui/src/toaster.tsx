import type { ReactNode } from 'react';
import { dismissToast, useToasts } from './toast';

/** Where toasts appear: a polite live region, so screen readers announce them without moving focus. */
export function Toaster({ closeLabel, closeIcon }: { closeLabel: string; closeIcon: ReactNode }) {
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={toast.tone ? `toast toast--${toast.tone}` : 'toast'} data-testid="toast">
          <span>{toast.message}</span>
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={closeLabel}
            onClick={() => dismissToast(toast.id)}
          >
            {closeIcon}
          </button>
        </div>
      ))}
    </div>
  );
}
