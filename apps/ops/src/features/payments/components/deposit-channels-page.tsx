import './payments.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsDepositChannel } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { showToast } from '@/lib/toast';
import { CHANNELS_KEY, getChannels, updateChannel } from '../api/payments-api';
import { ChannelForm } from './channel-form';

/**
 * Deposit channels (payments.manage): what players may pay with, with limits and the bank account shown for manual
 * transfers. A change applies to players' next look at the deposit page; disabling a channel asks first.
 */
export function DepositChannelsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: CHANNELS_KEY, queryFn: ({ signal }) => getChannels(signal) });
  // undefined: no form open; null: the create form; a channel: its edit form.
  const [editing, setEditing] = useState<OpsDepositChannel | null | undefined>(undefined);
  const [disabling, setDisabling] = useState<OpsDepositChannel | null>(null);
  const scale = query.data?.currencyScale ?? 2;

  const saved = (channel: OpsDepositChannel) => {
    showToast(t('payments.channelSaved', { name: channel.displayName }));
    setEditing(undefined);
    void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
  };
  const setEnabled = async (channel: OpsDepositChannel, enabled: boolean) => {
    const updated = await updateChannel(channel.id, { enabled });
    showToast(t(enabled ? 'payments.channelEnabled' : 'payments.channelDisabled', { name: updated.displayName }));
    await queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
  };

  return (
    <section className="page" data-testid="deposit-channels-page">
      <PageHeader
        title={t('nav.depositChannels')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="channel-create"
            disabled={query.data === undefined}
            onClick={() => setEditing(null)}
          >
            {t('payments.newChannel')}
          </button>
        }
      />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(channel) => channel.id}
        caption={t('nav.depositChannels')}
        emptyTitle={t('payments.noChannels')}
        testId="channels"
        columns={[
          {
            key: 'name',
            header: t('payments.displayName'),
            cell: (channel) => (
              <>
                <strong>{channel.displayName}</strong> <code>{channel.code}</code>
              </>
            ),
          },
          { key: 'kind', header: t('payments.kind'), cell: (channel) => t(`payments.kinds.${channel.kind}`) },
          {
            key: 'min',
            header: t('payments.minAmount'),
            align: 'end',
            cell: (channel) => <Money amount={channel.minAmount} scale={scale} />,
          },
          {
            key: 'max',
            header: t('payments.maxAmount'),
            align: 'end',
            cell: (channel) => <Money amount={channel.maxAmount} scale={scale} />,
          },
          {
            key: 'account',
            header: t('payments.shownToPlayers'),
            cell: (channel) =>
              channel.kind === 'MANUAL_BANK'
                ? `${channel.bankName ?? ''} · ${channel.bankAccountName ?? ''} · ${channel.bankAccountNumber ?? ''}`
                : channel.gatewayCode,
          },
          { key: 'sort', header: t('payments.sort'), align: 'end', cell: (channel) => channel.sort },
          {
            key: 'enabled',
            header: t('payments.enabled'),
            cell: (channel) => (
              <StatusBadge
                tone={channel.enabled ? 'success' : 'neutral'}
                label={channel.enabled ? t('payments.on') : t('payments.off')}
                testId={`channel-state-${channel.code}`}
              />
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            cell: (channel) => (
              <span className="row-actions">
                <button
                  type="button"
                  className="button button--ghost"
                  data-testid={`channel-edit-${channel.code}`}
                  onClick={() => setEditing(channel)}
                >
                  {t('payments.edit')}
                </button>
                {channel.enabled ? (
                  <button
                    type="button"
                    className="button button--danger"
                    data-testid={`channel-disable-${channel.code}`}
                    onClick={() => setDisabling(channel)}
                  >
                    {t('payments.disable')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    data-testid={`channel-enable-${channel.code}`}
                    onClick={() => void setEnabled(channel, true).catch(() => undefined)}
                  >
                    {t('payments.enable')}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        title={editing ? t('payments.editChannel', { name: editing.displayName }) : t('payments.newChannel')}
        description={t('payments.channelFormHint')}
        testId="channel-dialog"
        className="dialog--wide"
      >
        {editing !== undefined && query.data !== undefined && (
          <ChannelForm
            key={editing?.id ?? 'new'}
            channel={editing}
            gateways={query.data.gateways}
            currencySymbol={query.data.currencySymbol}
            onSaved={saved}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => !open && setDisabling(null)}
        title={t('payments.confirmDisableTitle')}
        description={disabling === null ? '' : t('payments.confirmDisable', { name: disabling.displayName })}
        confirmLabel={t('payments.disable')}
        danger
        onConfirm={async () => {
          if (disabling !== null) await setEnabled(disabling, false);
        }}
        testId="channel-disable-confirm"
      />
    </section>
  );
}
