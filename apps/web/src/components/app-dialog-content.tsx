import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAppDialog, type AppDialog } from '@/lib/app-dialogs';
import { openAuthDialog } from '@/lib/auth-dialog';
import { Dialog } from './dialog';

const onOpenChange = (open: boolean) => {
  if (!open) closeAppDialog();
};

function ConfirmDialog({ dialog }: { dialog: Extract<AppDialog, { kind: 'confirm' }> }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await dialog.onConfirm();
    } finally {
      closeAppDialog();
    }
  };
  return (
    <Dialog open onOpenChange={onOpenChange} title={dialog.title} description={dialog.message} testId="confirm-dialog">
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" data-testid="confirm-cancel" onClick={closeAppDialog}>
          {dialog.cancelLabel}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="confirm-ok"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void confirm()}
        >
          {dialog.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** The content of lib/app-dialogs, loaded on first use. */
export function AppDialogContent({ dialog }: { dialog: AppDialog }) {
  const { t } = useTranslation();
  switch (dialog.kind) {
    case 'confirm':
      return <ConfirmDialog dialog={dialog} />;
    case 'trial':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={t('trial.title')}
          description={t('trial.message')}
          testId="trial-dialog"
        >
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" data-testid="trial-confirm" onClick={closeAppDialog}>
              {t('common.confirm')}
            </button>
            {/* The way out of the block: a real account (registering replaces the free-play session). */}
            <button
              type="button"
              className="button button--primary"
              data-testid="trial-register"
              onClick={() => {
                closeAppDialog();
                openAuthDialog('register');
              }}
            >
              {t('trial.register')}
            </button>
          </div>
        </Dialog>
      );
    case 'notice':
      return (
        <Dialog
          open
          onOpenChange={onOpenChange}
          title={dialog.title}
          description={dialog.message}
          testId="notice-dialog"
        >
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-testid="notice-ok" onClick={closeAppDialog}>
              {t('common.confirm')}
            </button>
          </div>
        </Dialog>
      );
  }
}
