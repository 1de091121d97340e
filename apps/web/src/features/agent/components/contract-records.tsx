import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rateToBps, type ContractType, type Settlement, type SettlementPage } from '@platform/contracts';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { contractsQueryRoot } from '../api/contracts/contract-query';
import { fetchContractDetails } from '../api/contracts/get-contract-details';
import { fetchSettlements, type SettlementFilter } from '../api/contracts/get-settlements';
import { ContractTiers, percentText, WindowText } from './contract-parts';
import { Amount, DateTime, PeriodDays, Profit, ReportPager, ReportTable, type Column } from './report-parts';

const PAGE_SIZE = 20;

/** The tier a window reached: the highest whose rate it was paid at (1-based), none below the first. */
const tierNumberOf = (row: Settlement, tiers: readonly { rate: string }[]): number | null => {
  const bps = rateToBps(row.rate);
  if (bps === 0) return null;
  const index = tiers.findLastIndex((tier) => rateToBps(tier.rate) === bps);
  return index < 0 ? null : index + 1;
};

const columnsOf = (
  t: (key: string) => string,
  page: SettlementPage,
  tiers: readonly { rate: string }[],
): Column<Settlement>[] => [
  { key: 'window', label: t('contracts.columns.window'), cell: (row) => <WindowText window={row.window} /> },
  {
    key: 'teamBase',
    label: t('contracts.columns.teamBase'),
    num: true,
    cell: (row) => <Profit amount={row.teamBase} />,
  },
  {
    key: 'tier',
    label: t('contracts.columns.tier'),
    cell: (row) => {
      const tier = tierNumberOf(row, tiers);
      return (
        <span data-testid="record-tier">
          {tier === null ? t('contracts.noTier') : `${tier} · ${percentText(row.rate)}`}
        </span>
      );
    },
  },
  { key: 'activeMembers', label: t('contracts.columns.activeMembers'), num: true, cell: (row) => row.activeMembers },
  {
    key: 'gross',
    label: t('contracts.columns.gross'),
    num: true,
    cell: (row) => <Amount amount={row.gross} testId="record-gross" />,
    total: <Amount amount={page.totals.gross} testId="record-total-gross" />,
  },
  {
    key: 'downlines',
    label: t('contracts.columns.downlines'),
    num: true,
    cell: (row) => <Amount amount={row.downlineShare} testId="record-downlines" />,
    total: <Amount amount={page.totals.downlineShare} testId="record-total-downlines" />,
  },
  {
    key: 'net',
    label: t('contracts.columns.net'),
    num: true,
    cell: (row) => <Amount amount={row.net} testId="record-net" />,
    total: <Amount amount={page.totals.net} testId="record-total-net" />,
  },
  {
    key: 'status',
    label: t('contracts.columns.status'),
    cell: (row) => <span data-testid="record-status">{t(`contracts.windowStatuses.${row.status}`)}</span>,
  },
  { key: 'paidAt', label: t('contracts.columns.paidAt'), cell: (row) => <DateTime iso={row.paidAt} /> },
];

/**
 * "My contract" above a record page (spec §3 contract details): the contract's tiers, and the window in progress so
 * far (rate reached, team valid bet, profit and loss, active members); or why there is none.
 */
function MyContract({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'details', type],
    queryFn: ({ signal }) => fetchContractDetails(type, undefined, signal),
  });
  const details = query.data;
  if (!details) return null;
  if (!details.contract) {
    return (
      <p className="muted" data-testid="my-contract-none">
        {t('contracts.mine.none', { type: t(`contracts.types.${type}`) })}
      </p>
    );
  }
  return (
    <section className="my-contract" data-testid="my-contract">
      <h3 className="contract-offer__title">{t('contracts.mine.title')}</h3>
      <dl className="contract-terms">
        <div>
          <dt>{t('contracts.mine.current')}</dt>
          <dd>
            <WindowText window={details.window} />
          </dd>
        </div>
        <div>
          <dt>{t('contracts.columns.rate')}</dt>
          <dd data-testid="my-contract-rate">{percentText(details.rate)}</dd>
        </div>
        <div>
          <dt>{t('agent.figures.validBet')}</dt>
          <dd>
            <Amount amount={details.validBet} />
          </dd>
        </div>
        <div>
          <dt>{t('agent.figures.profit')}</dt>
          <dd>
            <Profit amount={details.profit} />
          </dd>
        </div>
        <div>
          <dt>{t('contracts.columns.activeMembers')}</dt>
          <dd>{details.activeMembers}</dd>
        </div>
      </dl>
      <ContractTiers tiers={details.contract.tiers} testId="my-contract-tiers" />
    </section>
  );
}

/**
 * One record page (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary, spec §2): the
 * agent's contract, then each settled window of the period with the team base, tier reached, active members, gross,
 * the downlines' share, net, status and paid time; a card per window on a phone.
 */
function ContractRecords({ type, testId }: { type: ContractType; testId: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const period = useReportPeriod(() => setPageNo(1));
  const filter: SettlementFilter = { ...reportPeriodQuery(period), type, pageNo, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: [...contractsQueryRoot, 'settlements', filter],
    queryFn: ({ signal }) => fetchSettlements(filter, signal),
    placeholderData: keepPreviousData,
  });
  const details = useQuery({
    queryKey: [...contractsQueryRoot, 'details', type],
    queryFn: ({ signal }) => fetchContractDetails(type, undefined, signal),
  });
  const tiers = details.data?.contract?.tiers ?? [];
  return (
    <section className="agent-report" data-testid={testId}>
      <MyContract type={type} />
      <RecordPeriodTabs state={period} testIdPrefix={testId}>
        <SectionState
          query={query}
          errorTestId={`${testId}-error`}
          emptyText={t('contracts.records.empty')}
          emptyTestId={`${testId}-empty`}
          isEmpty={(page) => page.list.length === 0}
        >
          {(page) => (
            <>
              <PeriodDays period={page.period} testId={`${testId}-days`} />
              <ReportTable
                testId={`${testId}-table`}
                columns={columnsOf(t, page, tiers)}
                rows={page.list}
                rowKey={(row) => row.id}
                totalsLabel={t('agent.totals')}
                busy={query.isFetching}
              />
              <ReportPager pageNo={pageNo} totalPages={page.totalPages} onPage={setPageNo} testId={`${testId}-pager`} />
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}

export const DividendRecords = () => <ContractRecords type="DIVIDEND" testId="dividend-records" />;
export const DailyWageRecords = () => <ContractRecords type="DAILY_SALARY" testId="daily-records" />;
export const HourlySalaryRecords = () => <ContractRecords type="HOURLY_SALARY" testId="hourly-records" />;
export const RealtimeSalaryRecords = () => <ContractRecords type="REALTIME_SALARY" testId="realtime-records" />;
