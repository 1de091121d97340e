import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BANNER, WINNER_BOARD_PER_SLIDE, type Winner } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { groupDigits } from '@/lib/wallet';
import { gamesQueryKeys, getWinners } from '../api/games-api';
import { GameFallbackIcon } from '../components/game-fallback-icon';
import { LobbyState } from './lobby-state';
import { useNearViewport } from './use-near-viewport';
import { stepSlide, winnerSlides } from './winner-slides';

/** The spec gives the winner board no interval of its own: it keeps the banner's pace. */
export const WINNER_AUTOPLAY_MS = BANNER.autoplayMs;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion (then nothing moves by itself). */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function WinnerItem({ winner }: { winner: Winner }) {
  const [broken, setBroken] = useState(false);
  return (
    <li className="winner" data-testid="winner-item">
      <span className="winner__icon">
        {winner.iconUrl && !broken ? (
          <img src={winner.iconUrl} alt="" width={48} height={48} loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <GameFallbackIcon className="winner__fallback" />
        )}
      </span>
      <span className="winner__text">
        <span className="winner__game" data-testid="winner-game">
          {winner.gameName}
        </span>
        <span className="winner__name" data-testid="winner-name">
          {winner.customerName}
        </span>
      </span>
      <span className="winner__amount" data-testid="winner-amount">
        {groupDigits(winner.winAmount)}
      </span>
    </li>
  );
}

const NBSP = '\u00a0';

/**
 * Until the winners are in: one slide of placeholders built like the items (icon, two lines of text, the amount's
 * line), in the same list, so the board has its final height at every width and nothing under it moves.
 */
function WinnerBoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="winner-board-loading">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="winner-board__carousel" aria-hidden="true">
        <div className="winner-board__viewport">
          <ul className="winner-board__list">
            {Array.from({ length: WINNER_BOARD_PER_SLIDE }, (_, index) => (
              <li key={index} className="winner winner--skeleton">
                <span className="winner__icon" />
                <span className="winner__text">
                  <span className="winner__game">{NBSP}</span>
                  <span className="winner__name">{NBSP}</span>
                </span>
                <span className="winner__amount">{NBSP}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

function WinnerCarousel({ winners, labelId }: { winners: readonly Winner[]; labelId: string }) {
  const { t } = useTranslation();
  const trackId = useId();
  const slides = winnerSlides(winners);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = count > 1 && !reducedMotion && !stopped;
  const moving = autoplay && !hovered && !focused;
  const current = Math.min(index, Math.max(count - 1, 0));

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setIndex((value) => stepSlide(value, 1, count)), WINNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [moving, count]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      className="winner-board__carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {count > 1 && (
        <div className="winner-board__controls">
          {!reducedMotion && (
            <button
              type="button"
              className="icon-button winner-board__toggle"
              data-testid="winner-autoplay"
              aria-pressed={stopped}
              aria-label={t('lobby.winners.pause')}
              onClick={() => setStopped((value) => !value)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                {stopped ? (
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                ) : (
                  <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
                )}
              </svg>
            </button>
          )}
          <button
            type="button"
            className="icon-button"
            data-testid="winner-previous"
            aria-controls={trackId}
            aria-label={t('lobby.winners.previous')}
            onClick={() => setIndex(stepSlide(current, -1, count))}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <span className="winner-board__position" data-testid="winner-position">
            {t('lobby.winners.slide', { index: current + 1, count })}
          </span>
          <button
            type="button"
            className="icon-button"
            data-testid="winner-next"
            aria-controls={trackId}
            aria-label={t('lobby.winners.next')}
            onClick={() => setIndex(stepSlide(current, 1, count))}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        </div>
      )}
      <div className="winner-board__viewport">
        {/* Announced only when it moves at the visitor's request, never while it plays by itself (WAI carousel). */}
        <div
          id={trackId}
          className="winner-board__track"
          aria-live={moving ? 'off' : 'polite'}
          aria-labelledby={labelId}
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {slides.map((slide, slideIndex) => (
            <div
              // Slides are cut by position; the list is replaced as a whole when it reloads.
              key={slideIndex}
              className="winner-board__slide"
              role="group"
              aria-roledescription={t('lobby.winners.slideRole')}
              aria-label={t('lobby.winners.slide', { index: slideIndex + 1, count })}
              aria-hidden={slideIndex !== current}
              inert={slideIndex !== current}
              data-testid="winner-slide"
              data-current={slideIndex === current}
            >
              <ul className="winner-board__list">
                {slide.map((winner, itemIndex) => (
                  <WinnerItem key={`${slideIndex}-${itemIndex}`} winner={winner} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The winner board (spec §2 home lobby, §9): the 20 biggest wins, 4 per slide, each with the game's icon, its name, the
 * player's name (masked by the server) and the amount won. Previous and next buttons move it; it also moves by itself,
 * except while hovered or focused, after the pause button, or when the visitor prefers reduced motion. It loads once
 * it comes near the viewport.
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const query = useQuery({
    queryKey: gamesQueryKeys.winners(language),
    queryFn: ({ signal }) => getWinners(language, signal),
    enabled: near,
  });
  return (
    <section
      ref={ref}
      className="lobby-section winner-board"
      aria-labelledby={titleId}
      aria-roledescription={t('lobby.winners.role')}
      data-testid="winner-board"
    >
      <h2 id={titleId} className="lobby-section__title">
        {t('lobby.winners.title')}
      </h2>
      {!near ? (
        <WinnerBoardSkeleton />
      ) : (
        <LobbyState
          query={query}
          skeleton={<WinnerBoardSkeleton />}
          isEmpty={(data) => data.list.length === 0}
          emptyText={t('lobby.winners.empty')}
          emptyTestId="winner-board-empty"
          errorTestId="winner-board-error"
        >
          {(data) => <WinnerCarousel winners={data.list} labelId={titleId} />}
        </LobbyState>
      )}
    </section>
  );
}
