import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_STATUSES, CONTRACT_TYPES, type Contract } from '@platform/contracts';
import { DataTable, ErrorState, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { FilterField } from '@/components/filter-field';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { contractKeys, getContract, getContracts, terminateContract } from '../api/contracts-api';
import { ContractTiers } from './contract-tiers';
import { TopAgentOffer } from './top-agent-offer';
import './agents.css';

const FILTERS = { username: '', type: '', status: '' };
const OPEN = new Set(['ACTIVE', 'OFFERED']);

/** One contract's tiers and history (oldest event first). */
function ContractDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: contractKeys.detail(id), queryFn: ({ signal }) => getContract(id, signal) });
  const detail = query.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={detail ? t('contracts.agent.title', { username: detail.contract.holder }) : t('common.loading')}
      description={detail ? `${t(`contracts.types.${detail.contract.type}`)} · v${detail.contract.version}` : ''}
      testId="contract-detail"
    >
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="detail-error" />}
      {detail && (
        <>
          <ContractTiers tiers={detail.contract.tiers} testId="contract-detail-tiers" />
          <h3>{t('contracts.events')}</h3>
          <ol className="contract-events" data-testid="contract-events">
            {detail.events.map((event) => (
              <li key={event.id}>
                <strong>{t(`contracts.eventKinds.${event.kind}`)}</strong> · {event.actor} · {formatDateTime(event.at)}
                {event.note && <span className="agent-summary"> · {event.note}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}

/**
 * Every agent's contracts and their history (agents.view): filter by username, type and status; open one for its
 * tiers and events; end an active contract or withdraw an offer (agents.limits, with a reason for the audit log); and
 * offer a contract to a top-level agent, whose contracts come from the site.
 */
export function AgentContractsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan('agents.limits');
  const list = useListParams(FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const [ending, setEnding] = useState<Contract | null>(null);
  const query = useQuery({
    queryKey: contractKeys.list(list.query),
    queryFn: ({ signal }) => getContracts(list.query, signal),
  });
  const source = { values: list.filters, fieldError: () => undefined };
  const all = { value: '', label: t('contracts.filters.all') };
  const columns: Column<Contract>[] = [
    {
      key: 'holder',
      header: t('contracts.agent.parties'),
      cell: (row) => (
        <button type="button" className="link-button" data-testid="contract-open" onClick={() => setOpen(row.id)}>
          {(row.offeredBy ?? t('contracts.merchant')) + ' → ' + row.holder}
        </button>
      ),
    },
    { key: 'type', header: t('contracts.agent.type'), cell: (row) => t(`contracts.types.${row.type}`) },
    { key: 'version', header: t('contracts.agent.version'), align: 'end', cell: (row) => row.version },
    {
      key: 'status',
      header: t('contracts.agent.status'),
      cell: (row) => <span data-testid="contract-status">{t(`contracts.statuses.${row.status}`)}</span>,
    },
    {
      key: 'rates',
      header: t('contracts.agent.tiers'),
      cell: (row) => row.tiers.map((tier) => `${tier.rate}%`).join(' / '),
    },
    { key: 'offeredAt', header: t('contracts.agent.offeredAt'), cell: (row) => formatDateTime(row.offeredAt) },
    { key: 'endedAt', header: t('contracts.agent.endedAt'), cell: (row) => formatDateTime(row.endedAt) },
    {
      key: 'actions',
      header: t('contracts.board.actions'),
      cell: (row) =>
        canEdit && OPEN.has(row.status) ? (
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="contract-terminate"
            onClick={() => setEnding(row)}
          >
            {t('contracts.terminate')}
          </button>
        ) : null,
    },
  ];
  return (
    <section className="page" data-testid="agent-contracts-page">
      <PageHeader title={t('nav.agentContracts')} />
      <p className="agent-summary">{t('contracts.agent.description')}</p>
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={(values) => list.setFilters(values as Partial<typeof FILTERS>)}
        onReset={list.resetFilters}
        testId="contract-filters"
      >
        <FilterField source={source} name="username" label={t('contracts.filters.username')} testId="filter-username" />
        <FilterField
          source={source}
          name="type"
          label={t('contracts.filters.type')}
          testId="filter-type"
          options={[all, ...CONTRACT_TYPES.map((value) => ({ value, label: t(`contracts.types.${value}`) }))]}
        />
        <FilterField
          source={source}
          name="status"
          label={t('contracts.filters.status')}
          testId="filter-status"
          options={[all, ...CONTRACT_STATUSES.map((value) => ({ value, label: t(`contracts.statuses.${value}`) }))]}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.agentContracts')}
        emptyTitle={t('contracts.agent.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="agent-contracts"
      />
      {canEdit && <TopAgentOffer />}
      {open && <ContractDetail id={open} onClose={() => setOpen(null)} />}
      <ReasonDialog
        open={ending !== null}
        onOpenChange={(next) => !next && setEnding(null)}
        title={t('contracts.terminateTitle', { id: ending?.id ?? '', username: ending?.holder ?? '' })}
        description={t('contracts.terminateText')}
        confirmLabel={t('contracts.terminate')}
        danger
        testId="contract-terminate-dialog"
        onConfirm={async (reason) => {
          if (!ending) return;
          await terminateContract(ending.id, reason);
          showToast(t('contracts.terminated'));
          await queryClient.invalidateQueries({ queryKey: contractKeys.root });
        }}
      />
    </section>
  );
}
