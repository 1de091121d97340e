import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { useSessionUser } from '@/lib/session';
import { currentTheme } from '@/lib/theme';
import {
  getMethods,
  getMyBets,
  getResults,
  lotteryQueryKeys,
  openLotterySession,
  placeBet,
  placeChase,
  type ClosedRefusal,
  type LotteryMenuItem,
} from '../api/lgw';
import { BetSlip, type SlipBet } from './bet-slip';
import { DrawBalls, phaseOf, PhaseText, useServerNow } from './lottery-lobby';
import { LotteryTrends } from './lottery-trends';
import { MyBets } from './my-bets';

/** A bet refused because its issue closed first: what the player may do next. */
type Offer = { bet: SlipBet; closed: string; open: string | null };

/**
 * One lottery: its issue with the countdown (to the window's opening, then its close), bet-type tabs with the number
 * pickers and slip, the member's bets on it, and the opened numbers with the seed and commitment of each draw. The
 * gateway session is opened when the game is (the platform's launch of it). A bet names the issue the player sees; if
 * that window closed before the bet arrived, nothing is charged and the player is asked before it goes on the next.
 */
export function LotteryGame({ item, onBack }: { item: LotteryMenuItem; onBack: () => void }) {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const account = useSessionUser()?.account ?? '';
  const client = useQueryClient();
  const now = useServerNow();
  const phase = phaseOf(item.current, now);
  const methods = useQuery({
    queryKey: lotteryQueryKeys.methods(item.gameCode),
    queryFn: () => getMethods(item.gameCode),
  });
  const results = useQuery({
    queryKey: lotteryQueryKeys.results(item.gameCode),
    queryFn: () => getResults(item.gameCode),
    refetchInterval: 10_000,
  });
  const session = useQuery({
    queryKey: lotteryQueryKeys.session(item.gameCode, account),
    queryFn: () => openLotterySession(item.gameCode, language, currentTheme()),
    staleTime: Infinity,
    retry: false,
  });
  const bets = useQuery({
    queryKey: lotteryQueryKeys.bets(item.gameCode, account),
    queryFn: async () => (await getMyBets(session.data!)).filter((bet) => bet.gameCode === item.gameCode),
    enabled: session.data !== undefined,
    refetchInterval: 5_000,
  });
  const [active, setActive] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const method = methods.data?.methods.find((m) => m.method === active) ?? methods.data?.methods[0];

  // A bet settled or refunded moved money on the platform: refresh what shows the balance (the header).
  const outcomes = (bets.data ?? []).map((bet) => `${bet.betId}:${bet.state}`).join(',');
  useEffect(() => {
    void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'lottery' });
  }, [outcomes, client]);

  // A window that opens or closes changes the issue on show: read the menu again rather than wait for its refresh.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['lottery', 'menus'] });
  }, [phase.kind, client]);

  const withSession = async <T,>(fn: (token: string) => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      const token = session.data ?? (await session.refetch({ throwOnError: true })).data!;
      const answer = await fn(token);
      // The header balance follows the platform's wallet: refresh what shows it.
      await client.invalidateQueries();
      return answer;
    } finally {
      setBusy(false);
    }
  };
  const onBet = async (bet: SlipBet, issueNo?: string): Promise<boolean> => {
    setPlaced(null);
    setOffer(null);
    setFailure(null);
    const target = issueNo ?? (phase.kind === 'closes' ? item.current?.issueNo : undefined);
    try {
      const answer = await withSession((token) => placeBet(token, { ...bet, ...(target ? { issueNo: target } : {}) }));
      setPlaced(t('lottery.placed', { issue: answer.issueNo, cost: answer.cost }));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'BETTING_CLOSED') throw error;
      const refusal = (error.value ?? {}) as Partial<ClosedRefusal>;
      setOffer({ bet, closed: refusal.issueNo ?? target ?? '', open: refusal.openIssueNo ?? null });
      void client.invalidateQueries({ queryKey: ['lottery', 'menus'] });
      return false;
    }
  };
  const onChase = async (bet: SlipBet, issues: number, winStop: boolean): Promise<boolean> => {
    setPlaced(null);
    setOffer(null);
    const answer = await withSession((token) => placeChase(token, { ...bet, issues, winStop }));
    setPlaced(
      t('lottery.chased', {
        count: answer.issues.length,
        total: answer.total,
        first: answer.issues[0],
        last: answer.issues[answer.issues.length - 1],
      }),
    );
    return true;
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
            {t('lottery.issue', { issue: item.current.issueNo })}
            {item.current.station ? ` · ${item.current.station}` : ''} · <PhaseText phase={phase} />
          </span>
        ) : (
          <span className="muted">{t('lottery.noIssue')}</span>
        )}
      </div>
      {item.suspended ? (
        <p role="alert" className="lottery__notice lottery__error" data-testid="lottery-suspended">
          {t('lottery.suspended')}
        </p>
      ) : null}
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
              open={phase.kind === 'closes' && !item.suspended}
              onBet={(bet) => onBet(bet)}
              onChase={onChase}
            />
          ) : null}
        </>
      ) : (
        <p className="muted">{t('lottery.loading')}</p>
      )}
      {offer ? (
        <div role="alert" className="lottery__notice lottery__error">
          <p>{t('lottery.closedBeforeBet', { issue: offer.closed })}</p>
          {offer.open ? (
            <div className="lottery__controls">
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() =>
                  void onBet(offer.bet, offer.open!).catch((error: unknown) => {
                    setOffer(null);
                    setFailure(errorText(t, error));
                  })
                }
              >
                {t('lottery.betOnNext', { issue: offer.open })}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setOffer(null)}>
                {t('lottery.keepSlip')}
              </button>
            </div>
          ) : (
            <p>{t('lottery.nextOpensSoon')}</p>
          )}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="lottery__error">
          {failure}
        </p>
      ) : null}
      {placed ? (
        <p role="status" className="lottery__placed">
          {placed}
        </p>
      ) : null}
      <h2 className="lottery__subtitle">{t('lottery.myBets')}</h2>
      <MyBets bets={bets.data ?? []} />
      <h2 className="lottery__subtitle">{t('lottery.results')}</h2>
      <div className="lottery__scroll">
        <table className="lottery__table lottery__results">
          <thead>
            <tr>
              <th>{t('lottery.issueNo')}</th>
              {item.region !== null && item.region !== 'fast' ? <th>{t('lottery.station')}</th> : null}
              <th>{t('lottery.numbers')}</th>
              <th>{t('lottery.proof')}</th>
            </tr>
          </thead>
          <tbody>
            {(results.data ?? []).map((issue) => (
              <tr key={issue.issueNo}>
                <td>{issue.issueNo}</td>
                {item.region !== null && item.region !== 'fast' ? (
                  <td data-testid="lottery-station">{issue.station ?? ''}</td>
                ) : null}
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
      <h2 className="lottery__subtitle">{t('lottery.trends')}</h2>
      <LotteryTrends gameCode={item.gameCode} />
    </div>
  );
}
