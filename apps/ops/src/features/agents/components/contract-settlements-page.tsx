import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, SETTLEMENT_STATUSES, type OpsSettlementPage } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { FilterField } from '@/components/filter-field';
import { Money } from '@/components/money';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { contractKeys, getSettlements, rerunSettlement } from '../api/contracts-api';
import { AdjustDialog } from './contract-adjust-dialog';
import './agents.css';

type Row = OpsSettlementPage['list'][number];

const FILTERS = { username: '', type: '', status: '', from: '', to: '' };
const TONES: Record<Row['status'], BadgeTone> = {
  COUNTED: 'info',
  PAID: 'success',
  HELD: 'warning',
  CARRIED: 'neutral',
  NOTHING: 'neutral',
  FAILED: 'danger',
};

const windowText = (row: Row) =>
  row.window.firstDay === row.window.lastDay
    ? `${formatDateTime(row.window.start)} – ${formatDateTime(row.window.end)}`
    : `${row.window.firstDay} – ${row.window.lastDay}`;

/** Windows and paid amount per status over every matching window, above the list. */
function Totals({ page }: { page: OpsSettlementPage }) {
  const { t } = useTranslation();
  return (
    <ul className="agent-figures" aria-label={t('contracts.board.status')} data-testid="settlement-totals">
      {page.totals.map((total) => (
        <li key={total.status} data-testid={`settlement-total-${total.status}`}>
          <span>
            {t(`contracts.windowStatuses.${total.status}`)} · {total.windows}
          </span>
          <strong>
            <Money amount={total.net} />
          </strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * The settlement board (agents.view): each settled window per agent and type, with its base, rate, gross, the
 * downlines' share, net, status and failure; a failed (or stuck) window can be paid again, and an agent's contract
 * income adjusted through the ledger (both adjustment.approve).
 */
export function ContractSettlementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canPay = useCan('adjustment.approve');
  const list = useListParams(FILTERS);
  const [rerun, setRerun] = useState<Row | null>(null);
  const [adjust, setAdjust] = useState<Row | null>(null);
  const query = useQuery({
    queryKey: contractKeys.settlements(list.query),
    queryFn: ({ signal }) => getSettlements(list.query, signal),
  });
  const source = { values: list.filters, fieldError: () => undefined };
  const all = (label: string) => ({ value: '', label });
  const columns: Column<Row>[] = [
    { key: 'window', header: t('contracts.board.window'), cell: windowText },
    { key: 'agent', header: t('contracts.board.agent'), cell: (row) => row.username },
    { key: 'type', header: t('contracts.board.type'), cell: (row) => t(`contracts.types.${row.type}`) },
    {
      key: 'base',
      header: t('contracts.board.teamBase'),
      align: 'end',
      cell: (row) => <Money amount={row.teamBase} />,
    },
    { key: 'rate', header: t('contracts.board.rate'), align: 'end', cell: (row) => `${row.rate}%` },
    { key: 'gross', header: t('contracts.board.gross'), align: 'end', cell: (row) => <Money amount={row.gross} /> },
    {
      key: 'downlines',
      header: t('contracts.board.downlines'),
      align: 'end',
      cell: (row) => <Money amount={row.downlineShare} />,
    },
    { key: 'net', header: t('contracts.board.net'), align: 'end', cell: (row) => <Money amount={row.net} /> },
    {
      key: 'status',
      header: t('contracts.board.status'),
      cell: (row) => (
        <StatusBadge
          tone={TONES[row.status]}
          label={t(`contracts.windowStatuses.${row.status}`)}
          testId="settlement-status"
        />
      ),
    },
    { key: 'failure', header: t('contracts.board.failure'), cell: (row) => row.failure ?? '' },
    { key: 'paidAt', header: t('contracts.board.paidAt'), cell: (row) => formatDateTime(row.paidAt) },
    {
      key: 'actions',
      header: t('contracts.board.actions'),
      cell: (row) =>
        canPay ? (
          <div className="agent-actions">
            {(row.status === 'FAILED' || row.status === 'COUNTED') && (
              <button
                type="button"
                className="button button--small"
                data-testid="settlement-rerun"
                onClick={() => setRerun(row)}
              >
                {t('contracts.board.rerun')}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost button--small"
              data-testid="settlement-adjust"
              onClick={() => setAdjust(row)}
            >
              {t('contracts.board.adjust')}
            </button>
          </div>
        ) : null,
    },
  ];
  return (
    <section className="page" data-testid="contract-settlements-page">
      <PageHeader title={t('nav.contractSettlements')} />
      <p className="agent-summary">{t('contracts.board.description')}</p>
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={(values) => list.setFilters(values as Partial<typeof FILTERS>)}
        onReset={list.resetFilters}
        testId="settlement-filters"
      >
        <FilterField source={source} name="username" label={t('contracts.filters.username')} testId="filter-username" />
        <FilterField
          source={source}
          name="type"
          label={t('contracts.board.type')}
          testId="filter-type"
          options={[
            all(t('contracts.board.allTypes')),
            ...CONTRACT_TYPES.map((value) => ({ value, label: t(`contracts.types.${value}`) })),
          ]}
        />
        <FilterField
          source={source}
          name="status"
          label={t('contracts.board.status')}
          testId="filter-status"
          options={[
            all(t('contracts.board.allStatuses')),
            ...SETTLEMENT_STATUSES.map((value) => ({ value, label: t(`contracts.windowStatuses.${value}`) })),
          ]}
        />
        <FilterField source={source} name="from" type="date" label={t('contracts.board.from')} testId="filter-from" />
        <FilterField source={source} name="to" type="date" label={t('contracts.board.to')} testId="filter-to" />
      </FilterBar>
      {query.data && <Totals page={query.data} />}
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.contractSettlements')}
        emptyTitle={t('contracts.board.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="settlements"
      />
      <ConfirmDialog
        open={rerun !== null}
        onOpenChange={(next) => !next && setRerun(null)}
        title={t('contracts.board.rerun')}
        description={rerun ? `${rerun.username} · ${t(`contracts.types.${rerun.type}`)} · ${windowText(rerun)}` : ''}
        confirmLabel={t('contracts.board.rerun')}
        testId="settlement-rerun-dialog"
        onConfirm={async () => {
          if (!rerun) return;
          const result = await rerunSettlement(rerun.id);
          showToast(t('contracts.board.rerunDone', { status: t(`contracts.windowStatuses.${result.status}`) }));
          await queryClient.invalidateQueries({ queryKey: contractKeys.root });
        }}
      />
      {adjust && <AdjustDialog row={adjust} onClose={() => setAdjust(null)} />}
    </section>
  );
}
