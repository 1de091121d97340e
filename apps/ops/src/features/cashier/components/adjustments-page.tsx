import { useTranslation } from 'react-i18next';
import { AdjustmentQuerySchema, type Adjustment, type AdjustmentPage } from '@platform/contracts';
import { Money } from '@/components/money';
import { formatAmount } from '@/lib/money';
import { useCan, useStaff } from '@/lib/session';
import { approveAdjustment, getAdjustments, rejectAdjustment } from '../api/cashier-api';
import { AdjustmentForm } from './adjustment-form';
import { CashierStatus, formatTime } from './cashier-format';
import { ReviewQueuePage, type ReviewQueue } from './review-queue-page';

/**
 * Manual adjustments (issue 7): the form for a new one and the list, opened on those waiting for a second approver.
 * An approver sees approve and reject on other staff members' pending requests, never on their own.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const canApprove = useCan('adjustment.approve');
  const mine = (row: Adjustment) => row.requestedBy.toLowerCase() === me.username.toLowerCase();
  const waiting = (row: Adjustment) => row.status === 'PENDING' && canApprove;
  const queue: ReviewQueue<Adjustment, AdjustmentPage> = {
    kind: 'adjustments',
    one: 'adjustment',
    many: 'adjustments',
    filters: { status: 'PENDING', username: '', requestedBy: '', from: '', to: '' },
    statuses: ['PENDING', 'APPLIED', 'REJECTED', 'FAILED', 'APPROVED'],
    only: ['status', 'username', 'from', 'to'],
    schema: AdjustmentQuerySchema,
    fetchPage: getAdjustments,
    rowKey: (row) => row.id,
    totalPages: (page) => page.totalPages,
    columns: [
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
    ],
    decidable: (row) => waiting(row) && !mine(row),
    approve: async (row) => {
      const result = await approveAdjustment(row.id);
      return t('cashier.adjustments.applied', {
        amount: formatAmount(result.amount),
        username: result.username,
        balance: formatAmount(result.balanceAfter ?? '0'),
      });
    },
    reject: async (row, reason) => {
      await rejectAdjustment(row.id, reason);
      return t('cashier.adjustments.rejected', { username: row.username });
    },
    describe: (row) => ({
      amount: formatAmount(row.amount),
      direction: t(`cashier.adjustments.${row.direction}`).toLowerCase(),
      username: row.username,
      requestedBy: row.requestedBy,
      reason: row.reason,
    }),
    rowActions: {
      blocked: (row) =>
        waiting(row) && mine(row) ? (
          <span className="field__hint" data-testid="adjustment-own">
            {t('cashier.adjustments.ownRequest')}
          </span>
        ) : null,
    },
    above: (page) => <AdjustmentForm threshold={page?.threshold} />,
    listTitle: t('cashier.adjustments.listTitle'),
  };
  return <ReviewQueuePage queue={queue} />;
}
