import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import { serverNow, type LotteryIssue, type LotteryMenuItem } from '../api/lgw';
import { useLotteryFavourites } from './favourites';

/** The gateway's time now (ms), ticking once a second. */
export function useServerNow(): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Where an issue's window stands at `now`: not yet open (the previous draw is being made), open, or closed. Between
 * one window's close and the next one's opening no bet is taken, so the countdown says when the next one opens.
 */
export type IssuePhase = { kind: 'opens' | 'closes' | 'closed'; seconds: number };
export const phaseOf = (issue: LotteryIssue | null | undefined, now: number): IssuePhase => {
  if (!issue) return { kind: 'closed', seconds: 0 };
  const opens = Date.parse(issue.opensAt);
  const closes = Date.parse(issue.closesAt);
  if (now < opens) return { kind: 'opens', seconds: Math.ceil((opens - now) / 1000) };
  if (now < closes) return { kind: 'closes', seconds: Math.floor((closes - now) / 1000) };
  return { kind: 'closed', seconds: 0 };
};

const two = (n: number) => String(n).padStart(2, '0');
/** mm:ss, or h:mm:ss from an hour (a daily draw's window). */
export const clockText = (seconds: number): string =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`
    : `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;

export function PhaseText({ phase }: { phase: IssuePhase }) {
  const { t } = useTranslation();
  if (phase.kind === 'opens') return <>{t('lottery.opensIn', { time: clockText(phase.seconds) })}</>;
  if (phase.kind === 'closes') return <>{t('lottery.closesIn', { time: clockText(phase.seconds) })}</>;
  return <>{t('lottery.drawing')}</>;
}

export function DrawBalls({ issue }: { issue: LotteryIssue | null }) {
  const { t } = useTranslation();
  if (!issue?.numbers) return <span className="muted">{t('lottery.noResult')}</span>;
  return (
    <span className="lottery__balls" aria-label={t('lottery.numbersOf', { issue: issue.issueNo })}>
      {issue.numbers.map((n, i) => (
        <span key={i} className="lottery__ball">
          {n}
        </span>
      ))}
    </span>
  );
}

type CardProps = {
  item: LotteryMenuItem;
  favourite: boolean;
  canFavour: boolean;
  onFavour: (code: string) => void;
  onOpen: (code: string) => void;
};

function LotteryCard({ item, favourite, canFavour, onFavour, onOpen }: CardProps) {
  const { t } = useTranslation();
  const { code } = useLanguage();
  const now = useServerNow();
  const name = code === 'TY' ? item.name.ty : item.name.en;
  return (
    <li className={`lottery__card${favourite ? ' lottery__card--favourite' : ''}`}>
      <button type="button" className="lottery__open" onClick={() => onOpen(item.gameCode)}>
        <span className="lottery__name">{name}</span>
        {item.current ? (
          <span className="lottery__issue">
            {t('lottery.issue', { issue: item.current.issueNo })}{' '}
            <span className="lottery__countdown" role="timer">
              <PhaseText phase={phaseOf(item.current, now)} />
            </span>
          </span>
        ) : (
          <span className="muted">{t('lottery.noIssue')}</span>
        )}
        <span className="lottery__latest">
          {item.latest ? t('lottery.latest', { issue: item.latest.issueNo }) : null} <DrawBalls issue={item.latest} />
        </span>
      </button>
      {canFavour ? (
        <button
          type="button"
          className={`lottery__star${favourite ? ' lottery__star--on' : ''}`}
          aria-pressed={favourite}
          aria-label={t('lottery.favourite', { name })}
          onClick={() => onFavour(item.gameCode)}
        >
          {favourite ? '★' : '☆'}
        </button>
      ) : null}
    </li>
  );
}

/**
 * The lottery lobby: the games of a prize mode, each with its open issue's countdown and its latest result; the
 * member's favourites (kept per username on this device) first, under their own heading.
 */
export function LotteryLobby({ items, onOpen }: { items: LotteryMenuItem[]; onOpen: (code: string) => void }) {
  const { t } = useTranslation();
  const favourites = useLotteryFavourites();
  const starred = items.filter((item) => favourites.codes.includes(item.gameCode));
  const rest = items.filter((item) => !favourites.codes.includes(item.gameCode));
  const grid = (list: LotteryMenuItem[], label: string, testId: string) => (
    <ul className="lottery__grid" aria-label={label} data-testid={testId}>
      {list.map((item) => (
        <LotteryCard
          key={item.gameCode}
          item={item}
          favourite={favourites.codes.includes(item.gameCode)}
          canFavour={favourites.ready}
          onFavour={favourites.toggle}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
  return (
    <>
      {starred.length > 0 ? (
        <section className="lottery__section">
          <h2 className="lottery__subtitle">{t('lottery.favourites')}</h2>
          {grid(starred, t('lottery.favourites'), 'lottery-favourites')}
        </section>
      ) : null}
      {grid(rest, t('lottery.allGames'), 'lottery-games')}
    </>
  );
}
