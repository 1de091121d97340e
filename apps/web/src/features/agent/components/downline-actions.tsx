import { useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX, type DownlineRow } from '@platform/contracts';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Dialog } from '@/components/dialog';
import { FormError, TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { agentQueryRoot, saveRemark, setLocked } from '../api/agent-api';

/** The transfer to one downline, owned by the transfer feature and composed in by the app layer. */
export type DownlineTransfer = ComponentType<{ recipient: string }>;

/** A direct downline agent's contracts with this agent (composed in by the app layer). */
export type DownlineContractsPanel = ComponentType<{ username: string }>;

export type DownlineAction = { kind: 'remark' | 'lock' | 'transfer' | 'contracts'; row: DownlineRow };

function RemarkDialog({ row, onClose }: { row: DownlineRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState(row.remark ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveRemark(row.username, remark.trim());
      showToast(t('agent.remarkSaved', { username: row.username }));
      await queryClient.invalidateQueries({ queryKey: agentQueryRoot });
      onClose();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('agent.remarkTitle', { username: row.username })}
      description={t('agent.remarkHint', { max: REMARK_MAX })}
      testId="remark-dialog"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t('agent.columns.remark')}
          testId="remark-input"
          value={remark}
          maxLength={REMARK_MAX}
          onChange={(event) => setRemark(event.target.value)}
        />
        <FormError message={error} testId="remark-error" />
        <SubmitButton busy={busy} label={t('agent.save')} testId="remark-save" />
      </form>
    </Dialog>
  );
}

function LockDialog({ row, onClose }: { row: DownlineRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locking = row.status === 'ACTIVE';
  const confirm = async () => {
    setBusy(true);
    try {
      await setLocked(row.username, locking);
      showToast(t(locking ? 'agent.lockedDone' : 'agent.unlockedDone', { username: row.username }));
      await queryClient.invalidateQueries({ queryKey: agentQueryRoot });
      onClose();
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ConfirmActionDialog
        open={error === null}
        busy={busy}
        title={t(locking ? 'agent.lockTitle' : 'agent.unlockTitle', { username: row.username })}
        description={t(locking ? 'agent.lockText' : 'agent.unlockText', { username: row.username })}
        confirmLabel={t(locking ? 'agent.lock' : 'agent.unlock')}
        onConfirm={() => void confirm()}
        onCancel={onClose}
        testId="lock-dialog"
        confirmTestId="lock-confirm"
      />
      {error !== null && (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
          title={t(locking ? 'agent.lockTitle' : 'agent.unlockTitle', { username: row.username })}
          description={error}
          testId="lock-error"
        />
      )}
    </>
  );
}

function TransferDialog({
  row,
  Transfer,
  onClose,
}: {
  row: DownlineRow;
  Transfer: DownlineTransfer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('agent.transfer')}
      description={t('agent.transferHint')}
      testId="downline-transfer-dialog"
    >
      <Transfer recipient={row.username} />
    </Dialog>
  );
}

function ContractsDialog({
  row,
  Contracts,
  onClose,
}: {
  row: DownlineRow;
  Contracts: DownlineContractsPanel;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('contracts.manage.title', { username: row.username })}
      description={t('contracts.manage.description')}
      testId="downline-contracts-dialog"
      className="contract-dialog"
    >
      <Contracts username={row.username} />
    </Dialog>
  );
}

/** The dialog of the action the agent picked on a row, if any. */
export function DownlineActionDialog({
  action,
  Transfer,
  Contracts,
  onClose,
}: {
  action: DownlineAction | null;
  Transfer?: DownlineTransfer | undefined;
  Contracts?: DownlineContractsPanel | undefined;
  onClose: () => void;
}) {
  if (action === null) return null;
  if (action.kind === 'remark') return <RemarkDialog row={action.row} onClose={onClose} />;
  if (action.kind === 'lock') return <LockDialog row={action.row} onClose={onClose} />;
  if (action.kind === 'contracts') {
    return Contracts ? <ContractsDialog row={action.row} Contracts={Contracts} onClose={onClose} /> : null;
  }
  return Transfer ? <TransferDialog row={action.row} Transfer={Transfer} onClose={onClose} /> : null;
}
