import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type TeamBet } from '@platform/contracts';
import { SelectField } from '@/components/form-field';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { agentQueryRoot, fetchTeamBets, type TeamBetsFilter } from '../api/agent-api';
import { UsernameSearch } from './report-filters';
import { Amount, DateTime, PeriodDays, Profit, ReportPager, ReportTable, type Column } from './report-parts';

const PAGE_SIZE = 20;

/**
 * personalHistoryCopy (team betting, spec §2): the settled rounds of the agent's whole team over a period, by member
 * and game type, with the totals of every round selected.
 */
export function TeamBets() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [username, setUsername] = useState('');
  const [gameType, setGameType] = useState('');
  const period = useReportPeriod(() => setPageNo(1));
  const filter: TeamBetsFilter = { ...reportPeriodQuery(period), pageNo, pageSize: PAGE_SIZE, username, gameType };
  const query = useQuery({
    queryKey: [...agentQueryRoot, 'bets', filter],
    queryFn: ({ signal }) => fetchTeamBets(filter, signal),
    placeholderData: keepPreviousData,
  });
  const columns = (totals?: { rounds: number; bet: string; validBet: string; payout: string; profit: string }) =>
    [
      { key: 'time', label: t('agent.columns.settledAt'), cell: (row) => <DateTime iso={row.settledAt} /> },
      { key: 'username', label: t('agent.columns.username'), cell: (row) => row.username },
      {
        key: 'game',
        label: t('agent.columns.game'),
        cell: (row) => `${t(`lobby.categories.${row.gameType}`, { defaultValue: row.gameType })} · ${row.gameCode}`,
      },
      { key: 'round', label: t('agent.columns.round'), cell: (row) => row.roundId },
      {
        key: 'bet',
        label: t('agent.columns.bet'),
        num: true,
        cell: (row) => <Amount amount={row.bet} />,
        total: totals && <Amount amount={totals.bet} />,
      },
      {
        key: 'validBet',
        label: t('agent.columns.validBet'),
        num: true,
        cell: (row) => <Amount amount={row.validBet} />,
        total: totals && <Amount amount={totals.validBet} />,
      },
      {
        key: 'payout',
        label: t('agent.columns.payout'),
        num: true,
        cell: (row) => <Amount amount={row.payout} />,
        total: totals && <Amount amount={totals.payout} />,
      },
      {
        key: 'profit',
        label: t('agent.columns.profit'),
        num: true,
        cell: (row) => <Profit amount={row.profit} />,
        total: totals && <Profit amount={totals.profit} />,
      },
    ] satisfies Column<TeamBet>[];

  return (
    <section className="agent-report" data-testid="team-bets">
      <UsernameSearch
        testId="team-bets"
        onSearch={(name) => {
          setUsername(name);
          setPageNo(1);
        }}
      >
        <SelectField
          label={t('bets.gameType')}
          testId="team-bets-game-type"
          value={gameType}
          onChange={(event) => {
            setGameType(event.target.value);
            setPageNo(1);
          }}
          options={[
            { value: '', label: t('bets.allGameTypes') },
            ...GAME_TYPES.map((type) => ({ value: type, label: t(`lobby.categories.${type}`) })),
          ]}
        />
      </UsernameSearch>
      <RecordPeriodTabs state={period} testIdPrefix="team-bets">
        <SectionState
          query={query}
          errorTestId="team-bets-error"
          emptyText={t('agent.emptyBets')}
          emptyTestId="team-bets-empty"
          isEmpty={(page) => page.list.length === 0}
        >
          {(page) => (
            <>
              <PeriodDays period={page.period} testId="team-bets-days" />
              <ReportTable
                testId="team-bets-table"
                columns={columns(page.totals)}
                rows={page.list}
                rowKey={(row) => `${row.vendor}:${row.roundId}:${row.username}`}
                totalsLabel={t('agent.totalsRounds', { count: page.totals.rounds })}
                busy={query.isFetching}
              />
              <ReportPager pageNo={pageNo} totalPages={page.totalPages} onPage={setPageNo} testId="team-bets-pager" />
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}
