import { useTranslation } from 'react-i18next';
import { OpsWithdrawalQuerySchema, type OpsWithdrawalQueueRow } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { FilterField } from '@/components/filter-field';
import { Money } from '@/components/money';
import { ReasonDialog } from '@/components/reason-dialog';
import { useListParams } from '@/lib/list-params';
import { formatAmount } from '@/lib/money';
import { useCan } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { approveWithdrawal, getWithdrawals, rejectWithdrawal } from '../api/cashier-api';
import { CashierStatus, formatTime, MemberContextPanel } from './cashier-format';
import { ProofGallery } from './proof-gallery';
import { QUEUE_FILTERS, QueueFilterBar, withoutAnyStatus } from './queue-filters';
import { useQueue } from './use-queue';
import './cashier.css';

const FILTERS = { ...QUEUE_FILTERS, bankName: '' };
type Filters = typeof FILTERS;

/**
 * The withdrawal queue (issue 7): filters, the selected order with its member's context beside it, payout after a
 * confirmation that names the amount and the member, rejection with a required reason, and the member's proofs.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const canDecide = useCan('cashier.decide');
  const list = useListParams(FILTERS);
  // The withdrawal queue pages with `page` (issue 4's name), the list helper with `pageNo`.
  const { pageNo, ...filters } = list.query;
  const apiQuery = { ...withoutAnyStatus(filters), page: pageNo };
  const { query, checked, selected, setSelectedNo, dialog, setDialog, refresh, orderNoColumn } = useQueue({
    kind: 'withdrawals',
    schema: OpsWithdrawalQuerySchema,
    apiQuery,
    fetchPage: getWithdrawals,
    selectTestId: 'withdrawal-select',
  });

  const columns: Column<OpsWithdrawalQueueRow>[] = [
    orderNoColumn,
    { key: 'member', header: t('cashier.fields.member'), cell: (row) => row.username },
    { key: 'amount', header: t('cashier.fields.amount'), align: 'end', cell: (row) => <Money amount={row.amount} /> },
    { key: 'bank', header: t('cashier.fields.payTo'), cell: (row) => `${row.bankName} · ${row.accountNumber}` },
    { key: 'status', header: t('cashier.fields.status'), cell: (row) => <CashierStatus status={row.status} /> },
    { key: 'created', header: t('cashier.fields.createdAt'), cell: (row) => formatTime(row.createdAt) },
  ];

  return (
    <section className="page" data-testid="withdrawals-page">
      <PageHeader title={t('nav.withdrawals')} />
      <QueueFilterBar
        filters={list.filters}
        statuses={['PENDING', 'PAID', 'REJECTED']}
        onApply={(values) => {
          setSelectedNo(null);
          list.setFilters(values as Partial<Filters>);
        }}
        onReset={list.resetFilters}
        fieldError={checked.fieldError}
        testId="withdrawal-filters"
      >
        <FilterField
          source={{ values: list.filters, fieldError: checked.fieldError }}
          name="bankName"
          label={t('cashier.filters.bankName')}
          testId="filter-bank-name"
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
              caption={t('nav.withdrawals')}
              emptyTitle={t('cashier.withdrawals.empty')}
              emptyHint={t('cashier.emptyHint')}
              paging={{
                pageNo: list.pageNo,
                totalPages: (page) => Math.ceil(page.total / page.pageSize),
                onPage: list.setPageNo,
              }}
              testId="withdrawals"
            />
          </div>
          <aside className="cashier-panel" aria-label={t('cashier.selected')} data-testid="withdrawal-panel">
            {selected === null ? (
              <p className="field__hint">{t('cashier.selectHint')}</p>
            ) : (
              <>
                <section className="cashier-panel__section" data-testid="withdrawal-detail">
                  <h2 className="cashier-panel__title">{selected.orderNo}</h2>
                  <dl className="cashier-facts">
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.amount')}</dt>
                      <dd>
                        <Money amount={selected.amount} testId="withdrawal-detail-amount" />
                      </dd>
                    </div>
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.payTo')}</dt>
                      <dd>
                        {selected.bankName} · {selected.accountNumber} · {selected.holderName}
                      </dd>
                    </div>
                    <div className="cashier-facts__row">
                      <dt>{t('cashier.fields.status')}</dt>
                      <dd>
                        <CashierStatus status={selected.status} testId="withdrawal-detail-status" />
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
                    {selected.rejectReason !== null && (
                      <div className="cashier-facts__row">
                        <dt>{t('cashier.fields.reason')}</dt>
                        <dd>{selected.rejectReason}</dd>
                      </div>
                    )}
                    {selected.status === 'PAID' && (
                      <div className="cashier-facts__row">
                        <dt>{t('cashier.fields.receipt')}</dt>
                        <dd data-testid="withdrawal-detail-receipt">
                          {t(`cashier.receipt.${selected.receiptState}`)}
                          {selected.receiptNote ? ` — ${selected.receiptNote}` : ''}
                        </dd>
                      </div>
                    )}
                  </dl>
                  {canDecide && selected.status === 'PENDING' && (
                    <div className="cashier-actions">
                      <button
                        type="button"
                        className="button button--primary"
                        onClick={() => setDialog('approve')}
                        data-testid="withdrawal-approve"
                      >
                        {t('cashier.withdrawals.approve')}
                      </button>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => setDialog('reject')}
                        data-testid="withdrawal-reject"
                      >
                        {t('cashier.reject')}
                      </button>
                    </div>
                  )}
                </section>
                <MemberContextPanel member={selected.member} />
                {selected.status === 'PAID' && <ProofGallery orderNo={selected.orderNo} proofIds={selected.proofIds} />}
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
            title={t('cashier.withdrawals.approveTitle')}
            description={t('cashier.withdrawals.approveText', {
              orderNo: selected.orderNo,
              amount: formatAmount(selected.amount),
              username: selected.username,
              payTo: `${selected.bankName} ${selected.accountNumber}`,
            })}
            confirmLabel={t('cashier.withdrawals.approve')}
            onConfirm={async () => {
              await approveWithdrawal(selected.orderNo);
              showToast(t('cashier.withdrawals.approved', { orderNo: selected.orderNo }), 'success');
              await refresh();
            }}
            testId="withdrawal-approve-dialog"
          />
          <ReasonDialog
            open={dialog === 'reject'}
            onOpenChange={(open) => setDialog(open ? 'reject' : null)}
            title={t('cashier.withdrawals.rejectTitle')}
            description={t('cashier.withdrawals.rejectText', {
              orderNo: selected.orderNo,
              amount: formatAmount(selected.amount),
              username: selected.username,
            })}
            confirmLabel={t('cashier.reject')}
            danger
            onConfirm={async (reason) => {
              await rejectWithdrawal(selected.orderNo, reason);
              showToast(t('cashier.withdrawals.rejected', { orderNo: selected.orderNo }), 'success');
              await refresh();
            }}
            testId="withdrawal-reject-dialog"
          />
        </>
      )}
    </section>
  );
}
