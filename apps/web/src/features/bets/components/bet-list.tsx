import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetRecordPage } from '@platform/contracts';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import type { RoundRef } from './bet-detail-dialog';
import { ProfitText, TimeText } from './bet-format';

type BetListProps = {
  query: UseQueryResult<BetRecordPage>;
  pageNo: number;
  onPage: (page: number) => void;
  onDetail: (round: RoundRef) => void;
};

/**
 * The rounds as a table; under 640 px each row becomes a card whose cells carry their column's name (data-label,
 * the shared stack table of packages/ui, ADR 0024). The totals row sums every round the filters select, not only this page (the server computes it).
 */
export function BetList({ query, pageNo, onPage, onDetail }: BetListProps) {
  const { t } = useTranslation();
  const columns = {
    time: t('bets.columns.time'),
    vendor: t('bets.columns.vendor'),
    game: t('bets.columns.game'),
    round: t('bets.columns.round'),
    bet: t('bets.columns.bet'),
    win: t('bets.columns.win'),
    validBet: t('bets.columns.validBet'),
    profit: t('bets.columns.profit'),
    status: t('bets.columns.status'),
  };
  return (
    <SectionState
      query={query}
      errorTestId="bets-error"
      emptyText={t('bets.empty')}
      emptyTestId="bets-empty"
      isEmpty={(page) => page.list.length === 0}
    >
      {({ list, totals, totalPages }) => (
        <>
          <div className="bets__scroll stack-table-scroll">
            <table
              className="bets__table stack-table"
              data-testid="bets-table"
              aria-busy={query.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{columns.time}</th>
                  <th scope="col">{columns.vendor}</th>
                  <th scope="col">{columns.game}</th>
                  <th scope="col">{columns.round}</th>
                  <th scope="col" className="bets__num">
                    {columns.bet}
                  </th>
                  <th scope="col" className="bets__num">
                    {columns.win}
                  </th>
                  <th scope="col" className="bets__num">
                    {columns.validBet}
                  </th>
                  <th scope="col" className="bets__num">
                    {columns.profit}
                  </th>
                  <th scope="col">{columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((row) => (
                  <tr key={`${row.vendor}:${row.roundId}`} data-testid="bet-row" data-status={row.status}>
                    <td data-label={columns.time}>
                      <TimeText iso={row.betTime} />
                    </td>
                    <td data-label={columns.vendor}>{row.vendorName || row.vendor}</td>
                    <td data-label={columns.game}>
                      {row.gameName || row.gameCode}
                      {row.play && <span className="bets__play">{t('bets.play')}</span>}
                    </td>
                    <td data-label={columns.round} className="bets__round">
                      <button
                        type="button"
                        className="link-button"
                        data-testid="bet-round"
                        aria-label={t('bets.openDetail', { roundId: row.roundId })}
                        onClick={() => onDetail({ vendor: row.vendor, roundId: row.roundId })}
                      >
                        {row.roundId}
                      </button>
                    </td>
                    <td data-label={columns.bet} className="bets__num">
                      {groupDigits(row.bet)}
                    </td>
                    <td data-label={columns.win} className="bets__num">
                      {groupDigits(row.win)}
                    </td>
                    <td data-label={columns.validBet} className="bets__num">
                      {groupDigits(row.validBet)}
                    </td>
                    <td data-label={columns.profit} className="bets__num">
                      <ProfitText amount={row.profit} testId="bet-profit" />
                    </td>
                    <td data-label={columns.status}>{t(`bets.statuses.${row.status}`)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="bets__totals" data-testid="bet-totals">
                  <th scope="row" colSpan={4} className="bets__totals-label">
                    {t('bets.totals', { count: totals.rounds })}
                  </th>
                  <td data-label={columns.bet} className="bets__num" data-testid="bet-totals-bet">
                    {groupDigits(totals.bet)}
                  </td>
                  <td data-label={columns.win} className="bets__num" data-testid="bet-totals-win">
                    {groupDigits(totals.win)}
                  </td>
                  <td data-label={columns.validBet} className="bets__num" data-testid="bet-totals-valid">
                    {groupDigits(totals.validBet)}
                  </td>
                  <td data-label={columns.profit} className="bets__num">
                    <ProfitText amount={totals.profit} testId="bet-totals-profit" />
                  </td>
                  <td className="bets__totals-pad" />
                </tr>
              </tfoot>
            </table>
          </div>
          <nav className="bets__pager" aria-label={t('records.pages')}>
            <button
              type="button"
              className="button button--ghost"
              data-testid="bets-prev"
              disabled={pageNo <= 1 || query.isFetching}
              onClick={() => onPage(pageNo - 1)}
            >
              {t('records.previous')}
            </button>
            <span data-testid="bets-page">{t('records.pageOf', { page: pageNo, total: Math.max(totalPages, 1) })}</span>
            <button
              type="button"
              className="button button--ghost"
              data-testid="bets-next"
              disabled={pageNo >= totalPages || query.isFetching}
              onClick={() => onPage(pageNo + 1)}
            >
              {t('records.next')}
            </button>
          </nav>
        </>
      )}
    </SectionState>
  );
}
