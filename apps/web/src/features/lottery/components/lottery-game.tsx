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
  getRegionResults,
  getResults,
  lotteryQueryKeys,
  openLotterySession,
  placeBet,
  placeChase,
  type BetPlaced,
  type ClosedRefusal,
  type LotteryIssue,
  type LotteryMenuItem,
} from '../api/lgw';
import { BetSlip, type SlipBet } from './bet-slip';
import { phaseOf, PhaseText, useServerNow } from './lottery-lobby';
import { LotteryResults } from './lottery-results';
import { LotteryTrends } from './lottery-trends';
import { MyBets } from './my-bets';
import { StationPicker } from './station-picker';

/** A bet refused because its issue closed first: what the player may do next (on the stations it was refused on). */
type Offer = { bet: SlipBet; closed: string; open: string | null; codes: string[] };

/**
 * After a bet: every query but the gateway sessions (the header balance follows the platform's wallet). A session is
 * kept: refetching it would launch the game on the platform again for nothing.
 */
const afterBet = (query: { queryKey: readonly unknown[] }): boolean =>
  !(query.queryKey[0] === 'lottery' && query.queryKey[1] === 'session');

/** Money strings summed in cents ("18.00" + "18.00" = "36.00"). */
const sumMoney = (amounts: readonly string[]): string =>
  (amounts.reduce((cents, amount) => cents + Math.round(Number(amount) * 100), 0) / 100).toFixed(2);

/**
 * One lottery: its issue with the countdown (to the window's opening, then its close), bet-type tabs with the number
 * pickers and slip, the member's bets on it, and the opened numbers with the seed and commitment of each draw. The
 * gateway session is opened when the game is (the platform's launch of it). A bet names the issue the player sees; if
 * that window closed before the bet arrived, nothing is charged and the player is asked before it goes on the next.
 *
 * A regional Vietnamese draw (ADR 0050) offers the day's provinces of its region (`stations`: the region's station
 * slots from the menu): a bet on n of them is n bets, each on its own station's issue through that station's own
 * session (a launch of that game), each its own round and debit. Results list every station of a day with its own
 * numbers; the member's bets name their station.
 */
export function LotteryGame({
  item,
  stations = [],
  onBack,
}: {
  item: LotteryMenuItem;
  /** The region's station slots (regional VN draws), main station first; empty for every other lottery. */
  stations?: readonly LotteryMenuItem[];
  onBack: () => void;
}) {
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
  const regional = item.slot != null && stations.length > 0;
  const results = useQuery({
    queryKey: regional ? lotteryQueryKeys.regionResults(item.gameCode) : lotteryQueryKeys.results(item.gameCode),
    queryFn: (): Promise<(LotteryIssue & { gameCode?: string })[]> =>
      regional ? getRegionResults(item.gameCode) : getResults(item.gameCode),
    refetchInterval: 10_000,
  });
  // The stations a bet may go on: the region's provinces whose issue on offer is the one on show (a slot with no draw
  // today offers a later day's issue and is left out).
  const choices = regional
    ? stations.filter((s) => s.current !== null && s.current.issueNo === item.current?.issueNo)
    : [];
  const [chosen, setChosen] = useState<string[]>([item.gameCode]);
  const chosenCodes = chosen.filter((code) => choices.some((c) => c.gameCode === code && !c.suspended));
  const betCodes = chosenCodes.length > 0 ? chosenCodes : [item.gameCode];
  const stationOf = (code: string) => stations.find((s) => s.gameCode === code)?.station ?? code;
  const regionCodes = regional ? stations.map((s) => s.gameCode) : [item.gameCode];
  const session = useQuery({
    queryKey: lotteryQueryKeys.session(item.gameCode, account),
    queryFn: () => openLotterySession(item.gameCode, language, currentTheme()),
    staleTime: Infinity,
    retry: false,
  });
  const bets = useQuery({
    queryKey: lotteryQueryKeys.bets(item.gameCode, account),
    queryFn: async () => (await getMyBets(session.data!)).filter((bet) => regionCodes.includes(bet.gameCode)),
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

  /** The gateway session of a station's game: this game's, or another station's, launched on the platform once. */
  const sessionOf = async (code: string): Promise<string> =>
    code === item.gameCode
      ? (session.data ?? (await session.refetch({ throwOnError: true })).data!)
      : client.fetchQuery({
          queryKey: lotteryQueryKeys.session(code, account),
          queryFn: () => openLotterySession(code, language, currentTheme()),
          staleTime: Infinity,
          retry: false,
        });
  /**
   * `fn` with the station's gateway session; a session that expired while the view stayed open (SESSION_EXPIRED) is
   * dropped and the game launched again once, so a player who comes back hours later still bets.
   */
  const usingSession = async <T,>(code: string, fn: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await fn(await sessionOf(code));
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'SESSION_EXPIRED') throw error;
      client.removeQueries({ queryKey: lotteryQueryKeys.session(code, account), exact: true });
      const token =
        code === item.gameCode ? (await session.refetch({ throwOnError: true })).data! : await sessionOf(code);
      return fn(token);
    }
  };
  const withSession = async <T,>(code: string, fn: (token: string) => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      const answer = await usingSession(code, fn);
      await client.invalidateQueries({ predicate: afterBet });
      return answer;
    } finally {
      setBusy(false);
    }
  };
  /**
   * One bet per chosen station, one after another, each on that station's issue with its own session. What was
   * placed is said with its stations; a station refused because the window closed is offered as before; any other
   * refusal is said with the stations it hit (and, when nothing was placed, shown by the slip as before).
   */
  const onBet = async (bet: SlipBet, issueNo?: string, codes: readonly string[] = betCodes): Promise<boolean> => {
    setPlaced(null);
    setOffer(null);
    setFailure(null);
    const target = issueNo ?? (phase.kind === 'closes' ? item.current?.issueNo : undefined);
    const taken: { code: string; answer: BetPlaced }[] = [];
    const closed: { code: string; refusal: Partial<ClosedRefusal> }[] = [];
    const failed: { code: string; error: unknown }[] = [];
    setBusy(true);
    try {
      for (const code of codes) {
        try {
          const answer = await usingSession(code, (token) =>
            placeBet(token, { ...bet, ...(target ? { issueNo: target } : {}) }),
          );
          taken.push({ code, answer });
        } catch (error) {
          if (error instanceof ApiError && error.code === 'BETTING_CLOSED') {
            closed.push({ code, refusal: (error.value ?? {}) as Partial<ClosedRefusal> });
          } else failed.push({ code, error });
        }
      }
    } finally {
      setBusy(false);
      if (taken.length > 0) void client.invalidateQueries({ predicate: afterBet });
    }
    if (taken.length === 1 && codes.length === 1) {
      setPlaced(t('lottery.placed', { issue: taken[0]!.answer.issueNo, cost: taken[0]!.answer.cost }));
    } else if (taken.length > 0) {
      setPlaced(
        t('lottery.placedStations', {
          count: taken.length,
          issue: taken[0]!.answer.issueNo,
          stations: taken.map((one) => stationOf(one.code)).join(', '),
          cost: sumMoney(taken.map((one) => one.answer.cost)),
        }),
      );
    }
    if (failed.length > 0) {
      if (taken.length === 0 && closed.length === 0) throw failed[0]!.error;
      setFailure(
        t('lottery.notPlacedOn', {
          stations: failed.map((one) => stationOf(one.code)).join(', '),
          reason: errorText(t, failed[0]!.error),
        }),
      );
    }
    if (closed.length > 0) {
      const refusal = closed[0]!.refusal;
      setOffer({
        bet,
        closed: refusal.issueNo ?? target ?? '',
        open: refusal.openIssueNo ?? null,
        codes: closed.map((one) => one.code),
      });
      void client.invalidateQueries({ queryKey: ['lottery', 'menus'] });
    }
    return taken.length === codes.length;
  };
  const onChase = async (bet: SlipBet, issues: number, winStop: boolean): Promise<boolean> => {
    setPlaced(null);
    setOffer(null);
    // A chase follows one station's issues (the slip offers it with one station chosen).
    const answer = await withSession(betCodes[0]!, (token) => placeChase(token, { ...bet, issues, winStop }));
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
        {/* A regional VN draw's name carries the province of the issue on show (the gateway's menu names it). */}
        <strong>{language === 'TY' ? item.name.ty : item.name.en}</strong>
        {item.current ? (
          <span role="timer" className="lottery__countdown">
            {t('lottery.issue', { issue: item.current.issueNo })} · <PhaseText phase={phase} />
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
      {choices.length > 1 ? <StationPicker choices={choices} chosen={betCodes} onChange={setChosen} /> : null}
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
              stations={betCodes.length}
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
                  void onBet(offer.bet, offer.open!, offer.codes).catch((error: unknown) => {
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
      <MyBets bets={bets.data ?? []} showStation={regional} />
      <h2 className="lottery__subtitle">{t('lottery.results')}</h2>
      <div className="lottery__scroll">
        <LotteryResults rows={results.data ?? []} byStation={regional} />
      </div>
      <h2 className="lottery__subtitle">{t('lottery.trends')}</h2>
      <LotteryTrends gameCode={item.gameCode} />
    </div>
  );
}
