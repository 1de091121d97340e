import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DownlinePage, DownlineRow } from '@platform/contracts';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { EmptyState } from '@/components/empty-state';
import { SectionState } from '@/components/section-state';
import { agentQueryRoot, fetchDownlines, type DownlineFilter } from '../api/agent-api';
import {
  DownlineActionDialog,
  type DownlineAction,
  type DownlineContractsPanel,
  type DownlineTransfer,
} from './downline-actions';
import { UsernameSearch } from './report-filters';
import { Amount, DateTime, PeriodDays, Profit, ReportPager, ReportTable, type Column } from './report-parts';

const PAGE_SIZE = 20;

type Open = (action: DownlineAction) => void;

/** From the agent (level 0) down to the downline being looked at; each step above the last opens that level. */
function Breadcrumb({ page, onParent }: { page: DownlinePage; onParent: (username: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('agent.breadcrumb')} className="agent-breadcrumb" data-testid="downline-breadcrumb">
      <ol>
        {page.breadcrumb.map((entry, index) => {
          const last = index === page.breadcrumb.length - 1;
          return (
            <li key={entry.username}>
              {last ? (
                <span aria-current="location">{entry.username}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  data-testid="downline-breadcrumb-step"
                  onClick={() => onParent(entry.level === 0 ? undefined : entry.username)}
                >
                  {entry.username}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function RowActions({
  row,
  canLock,
  open,
  canTransfer,
  canContract,
}: {
  row: DownlineRow;
  canLock: boolean;
  open: Open;
  canTransfer: boolean;
  canContract: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="agent-row-actions">
      <button
        type="button"
        className="button button--ghost button--small"
        data-testid="downline-remark"
        onClick={() => open({ kind: 'remark', row })}
      >
        {t('agent.editRemark')}
      </button>
      {canTransfer && row.status === 'ACTIVE' && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="downline-transfer"
          onClick={() => open({ kind: 'transfer', row })}
        >
          {t('agent.transfer')}
        </button>
      )}
      {canContract && row.type === 'AGENT' && row.level === 1 && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="downline-contracts"
          onClick={() => open({ kind: 'contracts', row })}
        >
          {t('contracts.manage.action')}
        </button>
      )}
      {canLock && (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="downline-lock"
          onClick={() => open({ kind: 'lock', row })}
        >
          {row.status === 'ACTIVE' ? t('agent.lock') : t('agent.unlock')}
        </button>
      )}
    </div>
  );
}

const columnsOf = (
  t: (key: string, options?: Record<string, unknown>) => string,
  page: DownlinePage,
  onDrill: (username: string) => void,
  actions: (row: DownlineRow) => ReactNode,
): Column<DownlineRow>[] => [
  {
    key: 'username',
    label: t('agent.columns.username'),
    cell: (row) => (
      <span data-testid="downline-username">
        {row.username}
        {row.nickname && <span className="muted"> ({row.nickname})</span>}
      </span>
    ),
  },
  { key: 'type', label: t('agent.columns.type'), cell: (row) => t(`agent.types.${row.type}`) },
  { key: 'level', label: t('agent.columns.level'), num: true, cell: (row) => row.level },
  {
    key: 'team',
    label: t('agent.columns.direct'),
    num: true,
    cell: (row) =>
      row.directCount > 0 ? (
        <button
          type="button"
          className="link-button"
          data-testid="downline-drill"
          aria-label={t('agent.drillDown', { username: row.username, count: row.directCount })}
          onClick={() => onDrill(row.username)}
        >
          {row.directCount}
        </button>
      ) : (
        0
      ),
  },
  {
    key: 'balance',
    label: t('agent.columns.balance'),
    num: true,
    cell: (row) => <Amount amount={row.balance} />,
    total: <Amount amount={page.totals.balance} />,
  },
  {
    key: 'deposits',
    label: t('agent.figures.deposits'),
    num: true,
    cell: (row) => <Amount amount={row.figures.deposits} />,
    total: <Amount amount={page.totals.deposits} testId="downline-total-deposits" />,
  },
  {
    key: 'withdrawals',
    label: t('agent.figures.withdrawals'),
    num: true,
    cell: (row) => <Amount amount={row.figures.withdrawals} />,
    total: <Amount amount={page.totals.withdrawals} />,
  },
  {
    key: 'validBet',
    label: t('agent.figures.validBet'),
    num: true,
    cell: (row) => <Amount amount={row.figures.validBet} />,
    total: <Amount amount={page.totals.validBet} />,
  },
  {
    key: 'profit',
    label: t('agent.figures.profit'),
    num: true,
    cell: (row) => <Profit amount={row.figures.profit} />,
    total: <Profit amount={page.totals.profit} />,
  },
  { key: 'lastLogin', label: t('agent.columns.lastLogin'), cell: (row) => <DateTime iso={row.lastLogin} /> },
  {
    key: 'status',
    label: t('agent.columns.status'),
    cell: (row) => <span data-testid="downline-status">{t(`agent.statuses.${row.status}`)}</span>,
  },
  {
    key: 'remark',
    label: t('agent.columns.remark'),
    cell: (row) => <span data-testid="downline-remark-text">{row.remark ?? ''}</span>,
  },
  { key: 'actions', label: t('agent.columns.actions'), cell: actions },
];

/**
 * downlineManagmentView (team management, spec §2): the agent's direct downline, or a search through the whole team,
 * drilled down level by level with a breadcrumb back up; each downline's level, team, balance, figures over the
 * period, last login, status and remark; edit the remark, transfer to it (`Transfer`, from the app layer), and lock or
 * unlock it where the merchant allows.
 */
export function DownlineView({
  Transfer,
  Contracts,
}: {
  Transfer?: DownlineTransfer;
  /** A direct downline agent's contracts (the contracts part of the agent centre); no button without it. */
  Contracts?: DownlineContractsPanel;
}) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const [parent, setParent] = useState<string | undefined>(undefined);
  const [action, setAction] = useState<DownlineAction | null>(null);
  const period = useReportPeriod(() => setPageNo(1));
  const filter: DownlineFilter = {
    ...reportPeriodQuery(period),
    pageNo,
    pageSize: PAGE_SIZE,
    username,
    ...(parent === undefined ? {} : { parent }),
  };
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'downlines', filter],
    queryFn: ({ signal }) => fetchDownlines(filter, signal),
    placeholderData: keepPreviousData,
  });
  const goTo = (next: string | undefined) => {
    setParent(next);
    setUsername('');
    setPageNo(1);
  };
  return (
    <section className="agent-report" data-testid="downline-view">
      <UsernameSearch
        testId="downline"
        onSearch={(name) => {
          setUsername(name);
          setPageNo(1);
        }}
      />
      <RecordPeriodTabs state={period} testIdPrefix="downline">
        <SectionState query={query} errorTestId="downline-error">
          {(page) => (
            <>
              <Breadcrumb page={page} onParent={goTo} />
              <PeriodDays period={page.period} testId="downline-days" />
              {page.list.length === 0 ? (
                <div data-testid="downline-empty">
                  <EmptyState title={username ? t('agent.emptySearch', { username }) : t('agent.emptyDownline')} />
                </div>
              ) : (
                <>
                  <ReportTable
                    testId="downline-table"
                    columns={columnsOf(t, page, goTo, (row) => (
                      <RowActions
                        row={row}
                        canLock={page.canLock}
                        canTransfer={Transfer !== undefined}
                        canContract={Contracts !== undefined}
                        open={setAction}
                      />
                    ))}
                    rows={page.list}
                    rowKey={(row) => row.username}
                    totalsLabel={t('agent.totalsMembers', { count: page.totals.count })}
                    busy={query.isFetching}
                  />
                  <ReportPager
                    pageNo={pageNo}
                    totalPages={page.totalPages}
                    onPage={setPageNo}
                    testId="downline-pager"
                  />
                </>
              )}
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
      <DownlineActionDialog action={action} Transfer={Transfer} Contracts={Contracts} onClose={() => setAction(null)} />
    </section>
  );
}
