import { useTranslation } from 'react-i18next';
import { OpsWithdrawalQuerySchema, type OpsWithdrawalPage, type OpsWithdrawalQueueRow } from '@platform/contracts';
import { FilterField } from '@/components/filter-field';
import { Money } from '@/components/money';
import { formatAmount } from '@/lib/money';
import { useCan } from '@/lib/session';
import { approveWithdrawal, getWithdrawals, rejectWithdrawal } from '../api/cashier-api';
import { CashierStatus, formatTime, MemberContextPanel } from './cashier-format';
import { ProofGallery } from './proof-gallery';
import { QUEUE_FILTERS, withoutAnyStatus } from './queue-filters';
import { decidedFacts, orderDecisions, ReviewQueuePage, type ReviewQueue } from './review-queue-page';

/**
 * The withdrawal queue (issue 7): filters, the selected order with its member's context beside it, payout after a
 * confirmation that names the amount and the member, rejection with a required reason, and the member's proofs.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const canDecide = useCan('cashier.decide');
  const queue: ReviewQueue<OpsWithdrawalQueueRow, OpsWithdrawalPage> = {
    kind: 'withdrawals',
    one: 'withdrawal',
    many: 'withdrawals',
    filters: { ...QUEUE_FILTERS, bankName: '' },
    statuses: ['PENDING', 'PAID', 'REJECTED'],
    ownFilter: (context) => (
      <FilterField
        source={{ values: context.filters, fieldError: context.fieldError }}
        name="bankName"
        label={t('cashier.filters.bankName')}
        testId="filter-bank-name"
      />
    ),
    schema: OpsWithdrawalQuerySchema,
    // The withdrawal queue pages with `page` (issue 4's name), the list helper with `pageNo`.
    apiQuery: ({ pageNo, ...filters }) => ({ ...withoutAnyStatus(filters), page: pageNo }),
    fetchPage: getWithdrawals,
    rowKey: (row) => row.orderNo,
    totalPages: (page) => Math.ceil(page.total / page.pageSize),
    columns: [
      { key: 'member', header: t('cashier.fields.member'), cell: (row) => row.username },
      { key: 'amount', header: t('cashier.fields.amount'), align: 'end', cell: (row) => <Money amount={row.amount} /> },
      { key: 'bank', header: t('cashier.fields.payTo'), cell: (row) => `${row.bankName} · ${row.accountNumber}` },
      { key: 'status', header: t('cashier.fields.status'), cell: (row) => <CashierStatus status={row.status} /> },
      { key: 'created', header: t('cashier.fields.createdAt'), cell: (row) => formatTime(row.createdAt) },
    ],
    emptyHint: t('cashier.emptyHint'),
    decidable: (row) => canDecide && row.status === 'PENDING',
    ...orderDecisions<OpsWithdrawalQueueRow>(t, 'withdrawals', approveWithdrawal, rejectWithdrawal),
    describe: (row, decision) => ({
      orderNo: row.orderNo,
      amount: formatAmount(row.amount),
      username: row.username,
      ...(decision === 'approve' ? { payTo: `${row.bankName} ${row.accountNumber}` } : {}),
    }),
    panel: {
      selectColumn: 'orderNo',
      facts: (row) => [
        { label: t('cashier.fields.amount'), value: <Money amount={row.amount} testId="withdrawal-detail-amount" /> },
        {
          label: t('cashier.fields.payTo'),
          value: `${row.bankName} · ${row.accountNumber} · ${row.holderName}`,
        },
        {
          label: t('cashier.fields.status'),
          value: <CashierStatus status={row.status} testId="withdrawal-detail-status" />,
        },
        ...decidedFacts(t, row.decidedBy, row.decidedAt, row.rejectReason),
        ...(row.status === 'PAID'
          ? [
              {
                label: t('cashier.fields.receipt'),
                value: `${t(`cashier.receipt.${row.receiptState}`)}${row.receiptNote ? ` — ${row.receiptNote}` : ''}`,
                testId: 'withdrawal-detail-receipt',
              },
            ]
          : []),
      ],
      more: (row) => (
        <>
          <MemberContextPanel member={row.member} />
          {row.status === 'PAID' && <ProofGallery orderNo={row.orderNo} proofIds={row.proofIds} />}
        </>
      ),
    },
  };
  return <ReviewQueuePage queue={queue} />;
}
