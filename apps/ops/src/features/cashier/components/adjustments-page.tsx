import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustmentQuerySchema, type Adjustment } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { ReasonDialog } from '@/components/reason-dialog';
import { useListParams } from '@/lib/list-params';
import { formatAmount } from '@/lib/money';
import { useCan, useStaff } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { approveAdjustment, cashierKeys, getAdjustments, rejectAdjustment } from '../api/cashier-api';
import { AdjustmentForm } from './adjustment-form';
import { CashierStatus, formatTime } from './cashier-format';
import { QueueFilterBar, useCheckedQuery, withoutAnyStatus } from './queue-filters';
import './cashier.css';

const FILTERS = { status: 'PENDING', username: '', requestedBy: '', from: '', to: '' };
type Filters = typeof FILTERS;

/**
 * Manual adjustments (issue 7): the form for a new one and the list, opened on those waiting for a second approver.
 * An approver sees approve and reject on other staff members' pending requests, never on their own.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const canApprove = useCan('adjustment.approve');
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const apiQuery = withoutAnyStatus(list.query);
  const query = useQuery({
    queryKey: cashierKeys.adjustments(apiQuery),
    queryFn: ({ signal }) => getAdjustments(apiQuery, signal),
    enabled: AdjustmentQuerySchema.safeParse(apiQuery).success,
  });
  const checked = useCheckedQuery(AdjustmentQuerySchema, apiQuery, query.error);
  const [action, setAction] = useState<{ kind: 'approve' | 'reject'; row: Adjustment } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cashier', 'adjustments'] });
  const mine = (row: Adjustment) => row.requestedBy.toLowerCase() === me.username.toLowerCase();

  const columns: Column<Adjustment>[] = [
    { key: 'member', header: t('cashier.fields.member'), cell: (row) => row.username },
    {
      key: 'amount',
      header: t('cashier.fields.amount'),
      align: 'end',
      cell: (row) => <Money amount={row.direction === 'DEBIT' ? `-${row.amount}` : row.amount} />,
    },
    { key: 'reason', header: t('cashier.fields.reason'), cell: (row) => row.reason },
    {
      key: 'requested',
      header: t('cashier.adjustments.requestedBy'),
      cell: (row) => `${row.requestedBy} · ${formatTime(row.requestedAt)}`,
    },
    {
      key: 'status',
      header: t('cashier.fields.status'),
      cell: (row) => (
        <>
          <CashierStatus status={row.status} />
          {row.decidedBy !== null && row.status !== 'APPLIED' && ` ${row.decidedBy}`}
          {row.decisionReason !== null && ` — ${row.decisionReason}`}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        row.status !== 'PENDING' || !canApprove ? null : mine(row) ? (
          <span className="field__hint" data-testid="adjustment-own">
            {t('cashier.adjustments.ownRequest')}
          </span>
        ) : (
          <div className="cashier-actions">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setAction({ kind: 'approve', row })}
              data-testid="adjustment-approve"
            >
              {t('cashier.adjustments.approve')}
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              onClick={() => setAction({ kind: 'reject', row })}
              data-testid="adjustment-reject"
            >
              {t('cashier.reject')}
            </button>
          </div>
        ),
    },
  ];

  const target = action?.row;
  const describe = (row: Adjustment) => ({
    amount: formatAmount(row.amount),
    direction: t(`cashier.adjustments.${row.direction}`).toLowerCase(),
    username: row.username,
    requestedBy: row.requestedBy,
    reason: row.reason,
  });

  return (
    <section className="page" data-testid="adjustments-page">
      <PageHeader title={t('nav.adjustments')} />
      <AdjustmentForm threshold={query.data?.threshold} />
      <h2 className="cashier-panel__title">{t('cashier.adjustments.listTitle')}</h2>
      <QueueFilterBar
        filters={list.filters}
        statuses={['PENDING', 'APPLIED', 'REJECTED', 'FAILED', 'APPROVED']}
        onApply={(values) => list.setFilters(values as Partial<Filters>)}
        onReset={list.resetFilters}
        fieldError={checked.fieldError}
        testId="adjustment-filters"
        only={['status', 'username', 'from', 'to']}
      />
      {checked.valid && (
        <DataTable
          query={query}
          rows={(page) => page.list}
          rowKey={(row) => row.id}
          columns={columns}
          caption={t('cashier.adjustments.listTitle')}
          emptyTitle={t('cashier.adjustments.empty')}
          paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
          testId="adjustments"
        />
      )}
      {target !== undefined && (
        <>
          <ConfirmDialog
            open={action?.kind === 'approve'}
            onOpenChange={(open) => !open && setAction(null)}
            title={t('cashier.adjustments.approveTitle')}
            description={t('cashier.adjustments.approveText', describe(target))}
            confirmLabel={t('cashier.adjustments.approve')}
            onConfirm={async () => {
              const result = await approveAdjustment(target.id);
              showToast(
                t('cashier.adjustments.applied', {
                  amount: formatAmount(result.amount),
                  username: result.username,
                  balance: formatAmount(result.balanceAfter ?? '0'),
                }),
                'success',
              );
              await refresh();
            }}
            testId="adjustment-approve-dialog"
          />
          <ReasonDialog
            open={action?.kind === 'reject'}
            onOpenChange={(open) => !open && setAction(null)}
            title={t('cashier.adjustments.rejectTitle')}
            description={t('cashier.adjustments.rejectText', describe(target))}
            confirmLabel={t('cashier.reject')}
            danger
            onConfirm={async (reason) => {
              await rejectAdjustment(target.id, reason);
              showToast(t('cashier.adjustments.rejected', { username: target.username }), 'success');
              await refresh();
            }}
            testId="adjustment-reject-dialog"
          />
        </>
      )}
    </section>
  );
}
