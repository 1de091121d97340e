import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetRoundDetail } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { ExternalLink } from '@/components/external-link';
import { SectionState } from '@/components/section-state';
import { groupDigits } from '@/lib/wallet';
import { betDetailQueryKey, fetchBetDetail } from '../api/bets-api';
import { ProfitText, signedAmount, TimeText } from './bet-format';

export type RoundRef = { vendor: string; roundId: string };

function DetailBody({ detail }: { detail: BetRoundDetail }) {
  const { t } = useTranslation();
  const facts: [string, ReactNode][] = [
    [t('bets.columns.vendor'), detail.vendorName || detail.vendor],
    [t('bets.columns.game'), detail.gameName || detail.gameCode],
    [t('bets.columns.round'), <code key="round">{detail.roundId}</code>],
    [t('bets.detail.placed'), <TimeText key="placed" iso={detail.betTime} />],
    [t('bets.detail.settled'), detail.settledAt ? <TimeText key="settled" iso={detail.settledAt} /> : '—'],
    [t('bets.columns.status'), t(`bets.statuses.${detail.status}`)],
    [t('bets.columns.bet'), `${groupDigits(detail.bet)} ${detail.currency}`],
    [t('bets.columns.win'), `${groupDigits(detail.win)} ${detail.currency}`],
    [t('bets.columns.validBet'), `${groupDigits(detail.validBet)} ${detail.currency}`],
    [t('bets.columns.profit'), <ProfitText key="profit" amount={detail.profit} testId="bet-detail-profit" />],
  ];
  return (
    <div className="bets__detail" data-testid="bet-detail">
      {detail.play && <p className="bets__play">{t('bets.playNote')}</p>}
      <dl className="bets__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="bets__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="bets__detail-title">{t('bets.detail.transactions')}</h3>
      {detail.transactions.length === 0 ? (
        <p className="muted">{t('bets.detail.noTransactions')}</p>
      ) : (
        <div className="bets__scroll">
          <table className="bets__table bets__table--compact" data-testid="bet-transactions">
            <thead>
              <tr>
                <th scope="col">{t('bets.detail.time')}</th>
                <th scope="col">{t('bets.detail.kind')}</th>
                <th scope="col" className="bets__num">
                  {t('bets.detail.amount')}
                </th>
                <th scope="col">{t('bets.detail.status')}</th>
                <th scope="col">{t('bets.detail.transaction')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.transactions.map((tx) => (
                <tr key={tx.transactionId} data-testid="bet-transaction" data-kind={tx.kind}>
                  <td>
                    <TimeText iso={tx.time} />
                  </td>
                  <td>{t(`bets.kinds.${tx.kind}`, { defaultValue: tx.kind })}</td>
                  <td className="bets__num">{signedAmount(tx.amount)}</td>
                  <td>{t(`bets.transactionStatuses.${tx.status}`, { defaultValue: tx.status })}</td>
                  <td className="bets__tx-id">{tx.transactionId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {detail.replayUrl ? (
        <ExternalLink href={detail.replayUrl} className="button button--primary bets__replay">
          <span data-testid="bet-replay">{t('bets.detail.replay')}</span>
        </ExternalLink>
      ) : (
        <p className="muted" data-testid="bet-no-replay">
          {t('bets.detail.noReplay')}
        </p>
      )}
    </div>
  );
}

/** A round's detail (GET betDetail): its facts, the vendor's transactions, and the replay in a new tab. */
export function BetDetailDialog({ round, onClose }: { round: RoundRef | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: betDetailQueryKey(round?.vendor ?? '', round?.roundId ?? ''),
    queryFn: ({ signal }) => fetchBetDetail(round?.vendor ?? '', round?.roundId ?? '', signal),
    enabled: round !== null,
  });
  return (
    <Dialog
      open={round !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('bets.detail.title')}
      description={t('bets.detail.description', { roundId: round?.roundId ?? '' })}
      testId="bet-detail-dialog"
      className="bets__dialog"
    >
      {round && (
        <SectionState query={query} errorTestId="bet-detail-error">
          {(detail) => <DetailBody detail={detail} />}
        </SectionState>
      )}
    </Dialog>
  );
}
