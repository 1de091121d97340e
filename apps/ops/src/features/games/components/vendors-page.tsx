import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameStatus, type OpsVendor, type OpsVendorPatch } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { GAMES_KEY, getVendors, patchVendor, VENDORS_KEY } from '../api/games-api';
import { SortInput, StatusSelect } from './inline-controls';

/**
 * Connected or not (DESIGN §6: players see only connected vendors' games), with the last launch error and when it
 * happened; the error stays shown after the vendor is connected again.
 */
function ConnectionCell({ vendor }: { vendor: OpsVendor }) {
  const { t } = useTranslation();
  return (
    <span data-testid={`vendor-connection-${vendor.code}`}>
      <strong className={vendor.connected ? 'vendor-connection--on' : 'vendor-connection--off'}>
        {vendor.connected ? t('games.connected') : t('games.notConnected')}
      </strong>
      {vendor.lastLaunchError !== null && (
        <small className="muted vendor-connection__error">
          {t('games.lastLaunchError', {
            at: formatDateTime(vendor.lastLaunchErrorAt),
            error: vendor.lastLaunchError,
          })}
        </small>
      )}
      {!vendor.connected && <span className="visually-hidden">{t('games.notConnectedHint')}</span>}
    </span>
  );
}

/** Vendors (games.manage): status, order and the new flag; taking a vendor out of the lobby asks first. */
export function VendorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: VENDORS_KEY, queryFn: ({ signal }) => getVendors(signal) });
  const [pending, setPending] = useState<{ vendor: OpsVendor; status: GameStatus } | null>(null);

  const mutation = useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: OpsVendorPatch }) => patchVendor(code, patch),
    onSuccess: (vendor) => {
      showToast(t('games.vendorSaved', { name: vendor.displayName }));
      void queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
      void queryClient.invalidateQueries({ queryKey: GAMES_KEY });
    },
    onError: (error) => showToast(errorText(t, error), 'error'),
  });
  const save = (code: string, patch: OpsVendorPatch) => mutation.mutateAsync({ code, patch });

  const changeStatus = (vendor: OpsVendor, status: GameStatus) => {
    if (status === vendor.status) return;
    // Maintenance and disabling take the vendor's games out of the players' lobby: confirm first.
    if (status === 'ACTIVE') void save(vendor.code, { status }).catch(() => undefined);
    else setPending({ vendor, status });
  };

  return (
    <section className="page" data-testid="vendors-page">
      <PageHeader title={t('nav.vendors')} />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(vendor) => vendor.code}
        caption={t('nav.vendors')}
        emptyTitle={t('games.noVendors')}
        testId="vendors"
        columns={[
          {
            key: 'name',
            header: t('games.vendor'),
            cell: (vendor) => (
              <>
                <strong>{vendor.displayName}</strong> <code>{vendor.code}</code>
              </>
            ),
          },
          { key: 'types', header: t('games.gameTypes'), cell: (vendor) => vendor.gameTypes.join(', ') },
          {
            key: 'games',
            header: t('games.activeOfTotal'),
            align: 'end',
            cell: (vendor) => `${vendor.activeGames} / ${vendor.games}`,
          },
          {
            key: 'connection',
            header: t('games.connection'),
            cell: (vendor) => <ConnectionCell vendor={vendor} />,
          },
          {
            key: 'status',
            header: t('games.status'),
            cell: (vendor) => (
              <StatusSelect
                label={t('games.statusOf', { name: vendor.displayName })}
                value={vendor.status}
                onChange={(status) => changeStatus(vendor, status)}
                testId={`vendor-status-${vendor.code}`}
              />
            ),
          },
          {
            key: 'new',
            header: t('games.new'),
            cell: (vendor) => (
              <input
                type="checkbox"
                aria-label={t('games.newOf', { name: vendor.displayName })}
                data-testid={`vendor-new-${vendor.code}`}
                checked={vendor.isNew}
                onChange={(event) => void save(vendor.code, { isNew: event.target.checked }).catch(() => undefined)}
              />
            ),
          },
          {
            key: 'sort',
            header: t('games.order'),
            cell: (vendor) => (
              <SortInput
                label={t('games.orderOf', { name: vendor.displayName })}
                value={vendor.sort}
                onCommit={(sort) => save(vendor.code, { sort })}
                testId={`vendor-sort-${vendor.code}`}
              />
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('games.confirmVendorTitle')}
        description={
          pending === null
            ? ''
            : t('games.confirmVendor', {
                name: pending.vendor.displayName,
                status: t(`games.statuses.${pending.status}`),
              })
        }
        confirmLabel={pending === null ? '' : t(`games.statuses.${pending.status}`)}
        danger
        onConfirm={async () => {
          if (pending !== null) await save(pending.vendor.code, { status: pending.status });
        }}
        testId="vendor-confirm"
      />
    </section>
  );
}
