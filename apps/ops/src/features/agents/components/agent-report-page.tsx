import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  AGENT_PERIODS,
  OpsAgentReportQuerySchema,
  type OpsAgentReportRow,
  type TeamFigures,
} from '@platform/contracts';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { SelectField, TextField } from '@/components/form-fields';
import { useListParams } from '@/lib/list-params';
import { translateMessage } from '@/lib/messages';
import { agentKeys, getAgentReport } from '../api/agents-api';
import './agents.css';

const FILTERS = { period: 'TODAY', from: '', to: '' };

const FIGURES: (keyof TeamFigures)[] = [
  'activeMembers',
  'newMembers',
  'firstDeposits',
  'deposits',
  'withdrawals',
  'validBet',
  'profit',
];

/**
 * An agent's team report (agents.view): for a period (today … last month, or custom days up to three months) the
 * team's size and figures, and each direct downline's own team figures, paged.
 */
export function AgentReportPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const list = useListParams(FILTERS);
  const apiQuery = list.filters.period === 'CUSTOM' ? list.query : { period: list.filters.period, pageNo: list.pageNo };
  // The server's schema, checked here first: a custom range it would refuse is never sent.
  const checked = OpsAgentReportQuerySchema.safeParse(apiQuery);
  const query = useQuery({
    queryKey: agentKeys.report(memberId, apiQuery),
    queryFn: ({ signal }) => getAgentReport(memberId, apiQuery, signal),
    enabled: checked.success,
  });
  const rangeError = checked.success
    ? undefined
    : translateMessage(t, checked.error.issues[0]?.message ?? 'agents.report.badRange');
  const report = query.data;

  const columns: Column<OpsAgentReportRow>[] = [
    {
      key: 'username',
      header: t('agents.fields.username'),
      cell: (row) =>
        row.kind === 'AGENT' ? (
          <Link to={`/agents/${row.id}/report`} data-testid="report-downline-link">
            {row.username}
          </Link>
        ) : (
          row.username
        ),
    },
    { key: 'kind', header: t('agents.fields.kind'), cell: (row) => t(`agents.kinds.${row.kind}`) },
    { key: 'team', header: t('agents.fields.total'), align: 'end', cell: (row) => row.teamSize.total },
    ...FIGURES.map((figure): Column<OpsAgentReportRow> => ({
      key: figure,
      header: t(`agents.figures.${figure}`),
      align: 'end',
      cell: (row) => row.figures[figure],
    })),
  ];

  return (
    <section className="page" data-testid="agent-report-page">
      <PageHeader
        title={report ? t('agents.report.title', { username: report.agent.username }) : t('nav.agentReport')}
        actions={
          <Link to={`/agents/${memberId}/limits`} data-testid="report-limits">
            {t('agents.actions.limits')}
          </Link>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={(values) => list.setFilters(values as Partial<typeof FILTERS>)}
        onReset={list.resetFilters}
        testId="report-filters"
      >
        <SelectField
          name="period"
          label={t('agents.report.period')}
          defaultValue={list.filters.period}
          testId="report-period"
          options={AGENT_PERIODS.map((value) => ({ value, label: t(`agents.periods.${value}`) }))}
        />
        <TextField
          name="from"
          type="date"
          label={t('agents.report.from')}
          defaultValue={list.filters.from}
          hint={t('agents.report.customHint')}
          testId="report-from"
        />
        <TextField
          name="to"
          type="date"
          label={t('agents.report.to')}
          defaultValue={list.filters.to}
          error={rangeError}
          testId="report-to"
        />
      </FilterBar>
      {report && (
        <>
          <p className="agent-summary" data-testid="report-period-days">
            {t('agents.report.days', { from: report.period.from, to: report.period.to, zone: report.timeZone })}
            {' · '}
            {t('agents.tree.team', {
              username: report.agent.username,
              direct: report.teamSize.direct,
              total: report.teamSize.total,
            })}
          </p>
          <ul className="agent-figures" aria-label={t('agents.report.team')} data-testid="report-figures">
            {FIGURES.map((figure) => (
              <li key={figure}>
                <span>{t(`agents.figures.${figure}`)}</span>
                <strong data-testid={`report-${figure}`}>{report.figures[figure]}</strong>
              </li>
            ))}
          </ul>
          <h2>{t('agents.report.downlines')}</h2>
        </>
      )}
      {checked.success && (
        <DataTable
          query={query}
          rows={(page) => page.downlines.list}
          rowKey={(row) => row.id}
          columns={columns}
          caption={t('agents.report.downlines')}
          emptyTitle={t('agents.report.empty')}
          paging={{ pageNo: list.pageNo, totalPages: (page) => page.downlines.totalPages, onPage: list.setPageNo }}
          testId="agent-report"
        />
      )}
    </section>
  );
}
