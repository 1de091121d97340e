import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Dialog } from './dialog';
import { FormError } from './form-fields';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, with the amounts and names involved ("Approve withdrawal W123 of 1,250.00 to juan?"). */
  description: string;
  confirmLabel: string;
  /** Runs the action; the dialog stays open and busy until it settles, shows a failure, closes on success. */
  onConfirm: () => Promise<unknown>;
  /** A red confirm button for destructive actions (disable, reject). */
  danger?: boolean;
  testId?: string;
};

/**
 * The confirmation asked before an action that moves money or changes a status (DESIGN.md §9): cancel, or confirm and
 * wait for the answer; a failure is shown in the dialog and the staff member may try again.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) setError(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (failure) {
      setBusy(false);
      setError(errorText(t, failure));
    }
  };
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description} testId={testId}>
      <FormError message={error} testId={`${testId}-error`} />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => close(false)}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          data-testid={`${testId}-confirm`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void confirm()}
        >
          {busy ? t('common.working') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
