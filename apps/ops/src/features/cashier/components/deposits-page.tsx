import { useTranslation } from 'react-i18next';
import { OpsDepositQuerySchema, type OpsDepositQueueRow } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { FilterField } from '@/components/filter-field';
import { Money } from '@/components/money';
import { ReasonDialog } from '@/components/reason-dialog';
import { useListParams } from '@/lib/list-params';
import { formatAmount } from '@/lib/money';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { approveDeposit, getDeposits, rejectDeposit } from '../api/cashier-api';
import { CashierStatus, formatTime, MemberContextPanel } from './cashier-format';
import { QUEUE_FILTERS, QueueFilterBar, withoutAnyStatus } from './queue-filters';
import { useQueue } from './use-queue';
import './cashier.css';

const FILTERS = { ...QUEUE_FILTERS, channelId: '' };
type Filters = typeof FILTERS;

/**
 * The deposit queue (issue 7), oldest first: manual bank transfers wait for staff to check the bank and approve
 * (credits the member once) or reject with a reason; gateway orders are shown for reference only.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const canDecide = useCan('cashier.decide');
  const list = useListParams(FILTERS);
  const apiQuery = withoutAnyStatus(list.query);
  const { query, checked, selected, setSelectedNo, dialog, setDialog, refresh, orderNoColumn } = useQueue({
    kind: 'deposits',
    schema: OpsDepositQuerySchema,
    apiQuery,
    fetchPage: getDeposits,
    selectTestId: 'deposit-select',
  });

  const columns: Column<OpsDepositQueueRow>[] = [
    orderNoColumn,
    { key: 'member', header: t('cashier.fields.member'), cell: (row) => row.username },
    { key: 'amount', header: t('cashier.fields.amount'), align: 'end', cell: (row) => <Money amount={row.amount} /> },
    { key: 'channel', header: t('cashier.fields.channel'), cell: (row) => row.channelName },
    { key: 'status', header: t('cashier.fields.status'), cell: (row) => <CashierStatus status={row.status} /> },
    { key: 'created', header: t('cashier.fields.createdAt'), cell: (row) => formatTime(row.createdAt) },
  ];
  const decidable = selected !== null && canDecide && selected.status === 'PENDING' && selected.kind === 'MANUAL_BANK';

  return (
    <section className="page" data-testid="deposits-page">
      <PageHeader title={t('nav.deposits')} />
      <QueueFilterBar
        filters={list.filters}
        statuses={['PENDING', 'PAID', 'APPROVED', 'REJECTED', 'EXPIRED']}
        onApply={(values) => {
          setSelectedNo(null);
          list.setFilters(values as Partial<Filters>);
        }}
        onReset={list.resetFilters}
        fieldError={checked.fieldError}
        testId="deposit-filters"
      >
        <FilterField
          source={{ values: list.filters, fieldError: checked.fieldError }}
          name="channelId"
          inputMode="numeric"
          label={t('cashier.filters.channelId')}
          testId="filter-channel"
        />
      </QueueFilterBar>
      {checked.valid && (
        <div className="cashier-layout">
          <div className="cashier-layout__list">
            <DataTable
              query={query}
              rows={(page) => page.list}
              rowKey={(row) => row.orderNo}
              columns={columns}
              caption={t('nav.deposits')}
              emptyTitle={t('cashier.deposits.empty')}
              emptyHint={t('cashier.emptyHint')}
              paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
              testId="deposits"
            />
          </div>
          <aside className="cashier-panel" aria-label={t('cashier.selected')} data-testid="deposit-panel">
            {selected === null ? (
              <p className="field__hint">{t('cashier.selectHint')}</p>
            ) : (
              <>
                <section className="cashier-panel__section" data-testid="deposit-detail">
                  <h2 className="cashier-panel__title">{selected.orderNo}</h2>
                  <dl className="cashier-facts">
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.amount')}</dt>
                      <dd>
                        <Money amount={selected.amount} testId="deposit-detail-amount" />
                      </dd>
                    </div>
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.channel')}</dt>
                      <dd>
                        {selected.channelName} ({t(`cashier.deposits.kinds.${selected.kind}`)})
                      </dd>
                    </div>
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.status')}</dt>
                      <dd>
                        <CashierStatus status={selected.status} testId="deposit-detail-status" />
                      </dd>
                    </div>
                    {selected.decidedBy !== null && (
                      <div className="cashier-facts__row">
                        <dt>{t('cashier.fields.decidedBy')}</dt>
                        <dd>
                          {selected.decidedBy} · {formatTime(selected.decidedAt)}
                        </dd>
                      </div>
                    )}
                    {selected.reason !== null && (
                      <div className="cashier-facts__row">
                        <dt>{t('cashier.fields.reason')}</dt>
                        <dd>{selected.reason}</dd>
                      </div>
                    )}
                  </dl>
                  {decidable && (
                    <div className="cashier-actions">
                      <button
                        type="button"
                        className="button button--primary"
                        onClick={() => setDialog('approve')}
                        data-testid="deposit-approve"
                      >
                        {t('cashier.deposits.approve')}
                      </button>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => setDialog('reject')}
                        data-testid="deposit-reject"
                      >
                        {t('cashier.reject')}
                      </button>
                    </div>
                  )}
                </section>
                <MemberContextPanel member={selected.member} />
              </>
            )}
          </aside>
        </div>
      )}
      {selected !== null && (
        <>
          <ConfirmDialog
            open={dialog === 'approve'}
            onOpenChange={(open) => setDialog(open ? 'approve' : null)}
            title={t('cashier.deposits.approveTitle')}
            description={t('cashier.deposits.approveText', {
              orderNo: selected.orderNo,
              amount: formatAmount(selected.amount),
              username: selected.username,
            })}
            confirmLabel={t('cashier.deposits.approve')}
            onConfirm={async () => {
              await approveDeposit(selected.orderNo);
              showToast(t('cashier.deposits.approved', { orderNo: selected.orderNo }), 'success');
              await refresh();
            }}
            testId="deposit-approve-dialog"
          />
          <ReasonDialog
            open={dialog === 'reject'}
            onOpenChange={(open) => setDialog(open ? 'reject' : null)}
            title={t('cashier.deposits.rejectTitle')}
            description={t('cashier.deposits.rejectText', {
              orderNo: selected.orderNo,
              amount: formatAmount(selected.amount),
              username: selected.username,
            })}
            confirmLabel={t('cashier.reject')}
            danger
            onConfirm={async (reason) => {
              await rejectDeposit(selected.orderNo, reason);
              showToast(t('cashier.deposits.rejected', { orderNo: selected.orderNo }), 'success');
              await refresh();
            }}
            testId="deposit-reject-dialog"
          />
        </>
      )}
    </section>
  );
}
