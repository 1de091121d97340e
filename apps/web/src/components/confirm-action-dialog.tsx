import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

type ConfirmActionDialogProps = {
  open: boolean;
  /** While the action runs, both buttons are disabled and the dialog cannot be closed. */
  busy: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  confirmTestId: string;
};

/** The confirmation asked before money moves (DESIGN.md §9): cancel, or confirm and wait for the answer. */
export function ConfirmActionDialog({
  open,
  busy,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  testId,
  confirmTestId,
}: ConfirmActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title={title}
      description={description}
      testId={testId}
    >
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid={confirmTestId}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {busy ? t('common.loading') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
