import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TeamFigures, TeamOverview as Overview } from '@platform/contracts';
import { SelectField } from '@/components/form-field';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { agentQueryRoot, fetchTeamOverview } from '../api/agent-api';
import { Amount, PeriodDays, Profit } from './report-parts';
import { CHART_METRICS, TeamChart, type ChartMetric } from './team-chart';

const PERIOD_KEYS = ['today', 'yesterday', 'thisWeek', 'thisMonth'] as const;
type PeriodKey = (typeof PERIOD_KEYS)[number];

type FigureRow = { key: keyof TeamFigures; money: boolean };
const FIGURE_ROWS: readonly FigureRow[] = [
  { key: 'activeMembers', money: false },
  { key: 'newMembers', money: false },
  { key: 'firstDeposits', money: false },
  { key: 'deposits', money: true },
  { key: 'withdrawals', money: true },
  { key: 'validBet', money: true },
  { key: 'profit', money: true },
];

function FigureCell({ figures, row, testId }: { figures: TeamFigures; row: FigureRow; testId: string }) {
  const value = figures[row.key];
  if (typeof value === 'number') return <span data-testid={testId}>{value}</span>;
  return row.key === 'profit' ? <Profit amount={value} testId={testId} /> : <Amount amount={value} testId={testId} />;
}

/** The four periods side by side (stack table: a card per figure on a phone). */
function FiguresTable({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const heading = (key: PeriodKey) => t(`agent.overviewPeriods.${key}`);
  return (
    <div className="stack-table-scroll">
      <table className="stack-table agent-report__table" data-testid="team-figures">
        <thead>
          <tr>
            <th scope="col">{t('agent.figures.figure')}</th>
            {PERIOD_KEYS.map((key) => (
              <th scope="col" key={key} className="stack-table__num">
                {heading(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIGURE_ROWS.map((row) => (
            <tr key={row.key} data-testid={`team-figure-${row.key}`}>
              <th scope="row">{t(`agent.figures.${row.key}`)}</th>
              {PERIOD_KEYS.map((key) => (
                <td key={key} data-label={heading(key)} className="stack-table__num">
                  <FigureCell figures={overview.periods[key]} row={row} testId={`team-${key}-${row.key}`} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The figures of the period the agent picked (today, ... custom up to three months), one card per figure. */
function SelectedFigures({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  return (
    <>
      <PeriodDays period={overview.selected.period} testId="team-selected-days" />
      <dl className="agent-figures" data-testid="team-selected">
        {FIGURE_ROWS.map((row) => (
          <div className="agent-figures__item" key={row.key}>
            <dt>{t(`agent.figures.${row.key}`)}</dt>
            <dd>
              <FigureCell figures={overview.selected.figures} row={row} testId={`team-selected-${row.key}`} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * agentTeamOverview (spec §2, the default page): the team's size, then its active and new members, first deposits,
 * deposits, withdrawals, valid bet and profit and loss for today, yesterday, this week and this month, and a chart of
 * one figure over the last 30 business days (the merchant's days and time zone); below them, the same figures for a
 * period the agent picks.
 */
export function TeamOverview() {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<ChartMetric>('validBet');
  const period = useReportPeriod(() => undefined);
  const filter = reportPeriodQuery(period);
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'overview', filter],
    queryFn: ({ signal }) => fetchTeamOverview(filter, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="agent-report" data-testid="team-overview">
      <SectionState
        query={query}
        errorTestId="team-overview-error"
        emptyText={t('agent.teamOverviewEmpty')}
        emptyTestId="team-overview-empty"
        isEmpty={(overview) => overview.teamSize.total === 0}
      >
        {(overview) => (
          <>
            <dl className="agent-figures" data-testid="team-size">
              <div className="agent-figures__item">
                <dt>{t('agent.figures.teamTotal')}</dt>
                <dd data-testid="team-size-total">{overview.teamSize.total}</dd>
              </div>
              <div className="agent-figures__item">
                <dt>{t('agent.figures.teamDirect')}</dt>
                <dd data-testid="team-size-direct">{overview.teamSize.direct}</dd>
              </div>
              <div className="agent-figures__item">
                <dt>{t('agent.figures.today')}</dt>
                <dd>
                  {overview.today} <span className="muted">({overview.timeZone})</span>
                </dd>
              </div>
            </dl>
            <FiguresTable overview={overview} />
            <h3 className="member-centre__subheading">{t('agent.selectedPeriod')}</h3>
            <RecordPeriodTabs state={period} testIdPrefix="team-overview">
              <SelectedFigures overview={overview} />
            </RecordPeriodTabs>
            <div className="agent-chart__head">
              <h3 className="member-centre__subheading">{t('agent.chartTitle')}</h3>
              <SelectField
                label={t('agent.chartMetric')}
                testId="team-chart-metric"
                value={metric}
                onChange={(event) => setMetric(event.target.value as ChartMetric)}
                options={CHART_METRICS.map((value) => ({ value, label: t(`agent.figures.${value}`) }))}
              />
            </div>
            <TeamChart
              series={overview.series}
              metric={metric}
              label={t('agent.chartLabel', { figure: t(`agent.figures.${metric}`), days: overview.series.length })}
            />
          </>
        )}
      </SectionState>
    </section>
  );
}
