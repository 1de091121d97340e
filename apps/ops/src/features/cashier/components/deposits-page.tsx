import { useTranslation } from 'react-i18next';
import { OpsDepositQuerySchema, type OpsDepositPage, type OpsDepositQueueRow } from '@platform/contracts';
import { FilterField } from '@/components/filter-field';
import { Money } from '@/components/money';
import { formatAmount } from '@/lib/money';
import { useCan } from '@/lib/session';
import { approveDeposit, getDeposits, rejectDeposit } from '../api/cashier-api';
import { CashierStatus, formatTime, MemberContextPanel } from './cashier-format';
import { QUEUE_FILTERS } from './queue-filters';
import { decidedFacts, orderDecisions, ReviewQueuePage, type ReviewQueue } from './review-queue-page';

/**
 * The deposit queue (issue 7), oldest first: manual bank transfers wait for staff to check the bank and approve
 * (credits the member once) or reject with a reason; gateway orders are shown for reference only.
 */
export function DepositsPage() {
  const { t } = useTranslation();
  const canDecide = useCan('cashier.decide');
  const queue: ReviewQueue<OpsDepositQueueRow, OpsDepositPage> = {
    kind: 'deposits',
    one: 'deposit',
    many: 'deposits',
    filters: { ...QUEUE_FILTERS, channelId: '' },
    statuses: ['PENDING', 'PAID', 'APPROVED', 'REJECTED', 'EXPIRED'],
    ownFilter: (context) => (
      <FilterField
        source={{ values: context.filters, fieldError: context.fieldError }}
        name="channelId"
        inputMode="numeric"
        label={t('cashier.filters.channelId')}
        testId="filter-channel"
      />
    ),
    schema: OpsDepositQuerySchema,
    fetchPage: getDeposits,
    rowKey: (row) => row.orderNo,
    totalPages: (page) => page.totalPages,
    columns: [
      { key: 'member', header: t('cashier.fields.member'), cell: (row) => row.username },
      { key: 'amount', header: t('cashier.fields.amount'), align: 'end', cell: (row) => <Money amount={row.amount} /> },
      { key: 'channel', header: t('cashier.fields.channel'), cell: (row) => row.channelName },
      { key: 'status', header: t('cashier.fields.status'), cell: (row) => <CashierStatus status={row.status} /> },
      { key: 'created', header: t('cashier.fields.createdAt'), cell: (row) => formatTime(row.createdAt) },
    ],
    emptyHint: t('cashier.emptyHint'),
    decidable: (row) => canDecide && row.status === 'PENDING' && row.kind === 'MANUAL_BANK',
    ...orderDecisions<OpsDepositQueueRow>(t, 'deposits', approveDeposit, rejectDeposit),
    describe: (row) => ({ orderNo: row.orderNo, amount: formatAmount(row.amount), username: row.username }),
    panel: {
      selectColumn: 'orderNo',
      facts: (row) => [
        { label: t('cashier.fields.amount'), value: <Money amount={row.amount} testId="deposit-detail-amount" /> },
        {
          label: t('cashier.fields.channel'),
          value: `${row.channelName} (${t(`cashier.deposits.kinds.${row.kind}`)})`,
        },
        {
          label: t('cashier.fields.status'),
          value: <CashierStatus status={row.status} testId="deposit-detail-status" />,
        },
        ...decidedFacts(t, row.decidedBy, row.decidedAt, row.reason),
      ],
      more: (row) => <MemberContextPanel member={row.member} />,
    },
  };
  return <ReviewQueuePage queue={queue} />;
}
