import { useTranslation } from 'react-i18next';
import type { MyLotteryBet } from '../api/lgw';

/** What a bet came to, as the player reads it. */
const statusOf = (bet: MyLotteryBet): { key: string; win?: string } => {
  if (bet.state === 'SETTLED')
    return bet.win !== null && Number(bet.win) > 0 ? { key: 'won', win: bet.win } : { key: 'lost' };
  if (bet.state === 'REFUNDED') return { key: 'refunded' };
  if (bet.state === 'REFUNDING') return { key: 'refunding' };
  return { key: 'placed' };
};

/**
 * The member's bets on this lottery (the gateway's own record, newest first): the issue, the bet type, the cost and
 * what became of it (waiting for the draw, won, no win, refunded), and the chase a bet belongs to. A regional VN draw's
 * bets (every station of the region) name their station.
 */
export function MyBets({ bets, showStation = false }: { bets: MyLotteryBet[]; showStation?: boolean }) {
  const { t } = useTranslation();
  if (bets.length === 0) return <p className="muted">{t('lottery.noBets')}</p>;
  return (
    <div className="lottery__scroll">
      <table className="lottery__table lottery__bets" data-testid="lottery-my-bets">
        <thead>
          <tr>
            <th>{t('lottery.issueNo')}</th>
            {showStation ? <th>{t('lottery.station')}</th> : null}
            <th>{t('lottery.betType')}</th>
            <th>{t('lottery.cost')}</th>
            <th>{t('lottery.status')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => {
            const status = statusOf(bet);
            return (
              <tr key={bet.betId} data-state={bet.state}>
                <td>
                  {bet.issueNo}
                  {bet.chaseId ? <span className="lottery__tag">{t('lottery.chaseTag')}</span> : null}
                </td>
                {showStation ? <td data-testid="lottery-bet-station">{bet.station ?? ''}</td> : null}
                <td>{t(`lottery.methods.${bet.method.replace('.', '_')}`, { defaultValue: bet.method })}</td>
                <td>{bet.cost}</td>
                <td className={`lottery__status lottery__status--${status.key}`}>
                  {t(`lottery.bet.${status.key}`, { win: status.win })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
