import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { Money } from '@/components/money';
import { getMemberBets, getMemberTransactions, memberKeys } from '../api/members-api';
import { formatTime } from './member-format';

const PERIODS = ['TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS'] as const;
type Period = (typeof PERIODS)[number];

/** The period of a record list (days in the merchant's time zone, as the member centre shows them). */
function PeriodSelect({ value, onChange, testId }: { value: Period; onChange: (p: Period) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <SelectField
      fieldClassName="records-period"
      label={t('members.period')}
      testId={testId}
      value={value}
      onChange={(event) => onChange(event.target.value as Period)}
      options={PERIODS.map((period) => ({ value: period, label: t(`members.periods.${period}`) }))}
    />
  );
}

const usePagedPeriod = () => {
  const [period, setPeriod] = useState<Period>('LAST_7_DAYS');
  const [pageNo, setPageNo] = useState(1);
  return {
    params: { period, pageNo, pageSize: 20 },
    period,
    pageNo,
    setPageNo,
    setPeriod: (next: Period) => {
      setPeriod(next);
      setPageNo(1);
    },
  };
};

/** The member's account record: its ledger movements with the balance after each. */
export function MemberTransactions({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const paged = usePagedPeriod();
  const query = useQuery({
    queryKey: memberKeys.part(memberId, 'transactions', paged.params),
    queryFn: ({ signal }) => getMemberTransactions(memberId, paged.params, signal),
  });
  return (
    <>
      <PeriodSelect value={paged.period} onChange={paged.setPeriod} testId="transactions-period" />
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(r) => r.id}
        caption={t('members.tabs.transactions')}
        emptyTitle={t('members.noTransactions')}
        paging={{ pageNo: paged.pageNo, totalPages: (page) => page.totalPages, onPage: paged.setPageNo }}
        testId="member-transactions"
        columns={[
          { key: 'time', header: t('members.fields.time'), cell: (r) => formatTime(r.time) },
          { key: 'code', header: t('members.fields.code'), cell: (r) => r.code },
          {
            key: 'amount',
            header: t('members.fields.amount'),
            align: 'end',
            cell: (r) => <Money amount={r.amount.replace(/^\+/, '')} />,
          },
          {
            key: 'after',
            header: t('members.fields.balanceAfter'),
            align: 'end',
            cell: (r) => <Money amount={r.balanceAfter} />,
          },
          { key: 'reference', header: t('members.fields.reference'), cell: (r) => r.reference ?? '—' },
        ]}
      />
    </>
  );
}

/** The member's betting record: rounds with bet, win and profit. */
export function MemberBets({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const paged = usePagedPeriod();
  const query = useQuery({
    queryKey: memberKeys.part(memberId, 'bets', paged.params),
    queryFn: ({ signal }) => getMemberBets(memberId, paged.params, signal),
  });
  return (
    <>
      <PeriodSelect value={paged.period} onChange={paged.setPeriod} testId="bets-period" />
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(r) => `${r.vendor}:${r.roundId}`}
        caption={t('members.tabs.bets')}
        emptyTitle={t('members.noBets')}
        paging={{ pageNo: paged.pageNo, totalPages: (page) => page.totalPages, onPage: paged.setPageNo }}
        testId="member-bets"
        columns={[
          { key: 'time', header: t('members.fields.time'), cell: (r) => formatTime(r.betTime) },
          { key: 'game', header: t('members.fields.game'), cell: (r) => `${r.vendorName} · ${r.gameName}` },
          { key: 'round', header: t('members.fields.round'), cell: (r) => r.roundId },
          { key: 'bet', header: t('members.fields.bet'), align: 'end', cell: (r) => <Money amount={r.bet} /> },
          { key: 'win', header: t('members.fields.win'), align: 'end', cell: (r) => <Money amount={r.win} /> },
          {
            key: 'profit',
            header: t('members.fields.profit'),
            align: 'end',
            cell: (r) => <Money amount={r.profit.replace(/^\+/, '')} />,
          },
          { key: 'status', header: t('members.fields.status'), cell: (r) => r.status },
        ]}
      />
    </>
  );
}
