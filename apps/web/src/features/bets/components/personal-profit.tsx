import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RecordPeriodTabs, reportPeriodQuery, useReportPeriod } from '@/components/record-period';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import { betsQueryRoot, fetchPersonalProfit } from '../api/bets-api';
import { ProfitText } from './bet-format';
import './bets.css';

/**
 * Member centre personalProfit (spec §2 "profit and loss"): the member's own rounds, stake, valid bet, payout and
 * profit and loss by game type over a period (today … last month, or custom days up to three months), with totals.
 */
export function PersonalProfit() {
  const { t } = useTranslation();
  const period = useReportPeriod(() => undefined);
  const filter = reportPeriodQuery(period);
  const query = useQuery({
    queryKey: [...betsQueryRoot, 'profit', filter],
    queryFn: ({ signal }) => fetchPersonalProfit(filter, signal),
    placeholderData: keepPreviousData,
  });
  const columns = {
    gameType: t('bets.columns.gameType'),
    rounds: t('bets.columns.rounds'),
    bet: t('bets.columns.bet'),
    validBet: t('bets.columns.validBet'),
    payout: t('bets.columns.win'),
    profit: t('bets.columns.profit'),
  };
  return (
    <section className="member-section bets" data-testid="personal-profit">
      <RecordPeriodTabs state={period} testIdPrefix="profit">
        <SectionState
          query={query}
          errorTestId="profit-error"
          emptyText={t('bets.profitEmpty')}
          emptyTestId="profit-empty"
          isEmpty={(value) => value.list.length === 0}
        >
          {({ period: days, list, totals }) => (
            <>
              <p className="muted" data-testid="profit-days">
                {days.from === days.to
                  ? t('records.periodDay', { day: days.from })
                  : t('records.periodDays', { from: days.from, to: days.to })}
              </p>
              <div className="bets__scroll stack-table-scroll">
                <table
                  className="bets__table stack-table"
                  data-testid="profit-table"
                  aria-busy={query.isFetching || undefined}
                >
                  <thead>
                    <tr>
                      <th scope="col">{columns.gameType}</th>
                      <th scope="col" className="bets__num">
                        {columns.rounds}
                      </th>
                      <th scope="col" className="bets__num">
                        {columns.bet}
                      </th>
                      <th scope="col" className="bets__num">
                        {columns.validBet}
                      </th>
                      <th scope="col" className="bets__num">
                        {columns.payout}
                      </th>
                      <th scope="col" className="bets__num">
                        {columns.profit}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((row) => (
                      <tr key={row.gameType} data-testid="profit-row" data-game-type={row.gameType}>
                        <th scope="row" data-label={columns.gameType}>
                          {t(`lobby.categories.${row.gameType}`, { defaultValue: row.gameType })}
                        </th>
                        <td data-label={columns.rounds} className="bets__num">
                          {row.rounds}
                        </td>
                        <td data-label={columns.bet} className="bets__num">
                          {groupDigits(row.bet)}
                        </td>
                        <td data-label={columns.validBet} className="bets__num">
                          {groupDigits(row.validBet)}
                        </td>
                        <td data-label={columns.payout} className="bets__num">
                          {groupDigits(row.payout)}
                        </td>
                        <td data-label={columns.profit} className="bets__num">
                          <ProfitText amount={row.profit} testId="profit-row-profit" />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="bets__totals" data-testid="profit-totals">
                      <th scope="row" className="bets__totals-label">
                        {t('bets.totalsLabel')}
                      </th>
                      <td data-label={columns.rounds} className="bets__num" data-testid="profit-totals-rounds">
                        {totals.rounds}
                      </td>
                      <td data-label={columns.bet} className="bets__num" data-testid="profit-totals-bet">
                        {groupDigits(totals.bet)}
                      </td>
                      <td data-label={columns.validBet} className="bets__num" data-testid="profit-totals-valid">
                        {groupDigits(totals.validBet)}
                      </td>
                      <td data-label={columns.payout} className="bets__num" data-testid="profit-totals-payout">
                        {groupDigits(totals.payout)}
                      </td>
                      <td data-label={columns.profit} className="bets__num">
                        <ProfitText amount={totals.profit} testId="profit-totals-profit" />
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </>
          )}
        </SectionState>
      </RecordPeriodTabs>
    </section>
  );
}
