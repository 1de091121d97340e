import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import type { LotteryIssue, LotteryMenuItem } from '../api/lgw';

/** Seconds until `iso`, ticking once a second (never below zero). */
export function useCountdown(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return iso === undefined ? 0 : Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
}

export const clockText = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

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

function LotteryCard({ item, onOpen }: { item: LotteryMenuItem; onOpen: (code: string) => void }) {
  const { t } = useTranslation();
  const { code } = useLanguage();
  const left = useCountdown(item.current?.closesAt);
  const name = code === 'TY' ? item.name.ty : item.name.en;
  return (
    <li className="lottery__card">
      <button type="button" className="lottery__open" onClick={() => onOpen(item.gameCode)}>
        <span className="lottery__name">{name}</span>
        {item.current ? (
          <span className="lottery__issue">
            {t('lottery.issue', { issue: item.current.issueNo })}{' '}
            <span className="lottery__countdown" role="timer">
              {left > 0 ? t('lottery.closesIn', { time: clockText(left) }) : t('lottery.drawing')}
            </span>
          </span>
        ) : (
          <span className="muted">{t('lottery.noIssue')}</span>
        )}
        <span className="lottery__latest">
          {item.latest ? t('lottery.latest', { issue: item.latest.issueNo }) : null} <DrawBalls issue={item.latest} />
        </span>
      </button>
    </li>
  );
}

/** The lottery lobby: the games of a prize mode, each with its open issue's countdown and its latest result. */
export function LotteryLobby({ items, onOpen }: { items: LotteryMenuItem[]; onOpen: (code: string) => void }) {
  return (
    <ul className="lottery__grid">
      {items.map((item) => (
        <LotteryCard key={item.gameCode} item={item} onOpen={onOpen} />
      ))}
    </ul>
  );
}
