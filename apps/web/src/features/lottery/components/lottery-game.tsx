import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import { currentTheme } from '@/lib/theme';
import {
  getMethods,
  getResults,
  lotteryQueryKeys,
  openLotterySession,
  placeBet,
  placeChase,
  type LotteryMenuItem,
} from '../api/lgw';
import { BetSlip, type SlipBet } from './bet-slip';
import { clockText, DrawBalls, useCountdown } from './lottery-lobby';

/**
 * One lottery: its open issue with the countdown, bet-type tabs with the number pickers and slip, and the opened
 * numbers with the seed and commitment of each draw. The gateway session is opened at the first bet (the platform's
 * launch of this game), and kept for the page's life.
 */
export function LotteryGame({ item, onBack }: { item: LotteryMenuItem; onBack: () => void }) {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const client = useQueryClient();
  const left = useCountdown(item.current?.closesAt);
  const methods = useQuery({
    queryKey: lotteryQueryKeys.methods(item.gameCode),
    queryFn: () => getMethods(item.gameCode),
  });
  const results = useQuery({
    queryKey: lotteryQueryKeys.results(item.gameCode),
    queryFn: () => getResults(item.gameCode),
    refetchInterval: 15_000,
  });
  const [active, setActive] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
  const session = useRef<string | null>(null);
  const method = methods.data?.methods.find((m) => m.method === active) ?? methods.data?.methods[0];

  const withSession = async <T,>(fn: (token: string) => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      session.current ??= await openLotterySession(item.gameCode, language, currentTheme());
      const answer = await fn(session.current);
      // The header balance follows the platform's wallet: refresh what shows it.
      await client.invalidateQueries();
      return answer;
    } finally {
      setBusy(false);
    }
  };
  const onBet = async (bet: SlipBet) => {
    const answer = await withSession((token) => placeBet(token, bet));
    setPlaced(t('lottery.placed', { issue: answer.issueNo, cost: answer.cost }));
  };
  const onChase = async (bet: SlipBet, issues: number, winStop: boolean) => {
    const answer = await withSession((token) => placeChase(token, { ...bet, issues, winStop }));
    setPlaced(t('lottery.chased', { count: answer.issues.length, total: answer.total }));
  };

  return (
    <div className="lottery__game">
      <div className="lottery__head">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('lottery.back')}
        </button>
        <strong>{language === 'TY' ? item.name.ty : item.name.en}</strong>
        {item.current ? (
          <span role="timer" className="lottery__countdown">
            {t('lottery.issue', { issue: item.current.issueNo })} ·{' '}
            {left > 0 ? t('lottery.closesIn', { time: clockText(left) }) : t('lottery.drawing')}
          </span>
        ) : null}
      </div>
      {methods.data ? (
        <>
          <div role="tablist" aria-label={t('lottery.betTypes')} className="lottery__methods">
            {methods.data.methods.map((m) => (
              <button
                key={m.method}
                type="button"
                role="tab"
                aria-selected={m.method === method?.method}
                className={`lottery__method${m.method === method?.method ? ' lottery__method--on' : ''}`}
                onClick={() => setActive(m.method)}
              >
                {t(`lottery.methods.${m.method.replace('.', '_')}`, { defaultValue: m.method })}
              </button>
            ))}
          </div>
          {method ? (
            <BetSlip
              key={method.method}
              method={method}
              units={methods.data.units}
              busy={busy}
              onBet={onBet}
              onChase={onChase}
            />
          ) : null}
        </>
      ) : (
        <p className="muted">{t('lottery.loading')}</p>
      )}
      {placed ? (
        <p role="status" className="lottery__placed">
          {placed}
        </p>
      ) : null}
      <h2 className="lottery__subtitle">{t('lottery.results')}</h2>
      <table className="lottery__results">
        <thead>
          <tr>
            <th>{t('lottery.issueNo')}</th>
            <th>{t('lottery.numbers')}</th>
            <th>{t('lottery.proof')}</th>
          </tr>
        </thead>
        <tbody>
          {(results.data ?? []).map((issue) => (
            <tr key={issue.issueNo}>
              <td>{issue.issueNo}</td>
              <td>
                <DrawBalls issue={issue} />
              </td>
              <td className="lottery__proof" title={`seed ${issue.seed ?? ''}\ncommitment ${issue.commitment}`}>
                {issue.seed?.slice(0, 10)}… → {issue.commitment.slice(0, 10)}…
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
