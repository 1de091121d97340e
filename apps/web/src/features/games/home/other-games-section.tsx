import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_PAGE_SIZE, OTHER_GAME_CLASSIFIES, type GameClassify } from '@platform/contracts';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/lib/i18n/i18n';
import { GameGrid, GameGridSkeleton } from '../components/game-grid';
import type { CardActions } from './card-actions';
import { LobbyState } from './lobby-state';
import { useLobbyGames } from './use-lobby-games';
import { useNearViewport } from './use-near-viewport';

/** The TY pack code: bingo is offered only when the merchant supports it (spec §2). */
const BINGO_LANGUAGE = 'TY';

/** The families of the other-games list (spec §2): scratch, video poker, jackpot, table games, arcade, bingo. */
export const otherClassifiesFor = (languages: readonly string[]): readonly GameClassify[] =>
  languages.includes(BINGO_LANGUAGE) ? OTHER_GAME_CLASSIFIES : OTHER_GAME_CLASSIFIES.filter((c) => c !== 'BINGO');

function ClassifyGames({ classify, actions, near }: { classify: GameClassify; actions: CardActions; near: boolean }) {
  const { t } = useTranslation();
  const query = useLobbyGames({ gameClassify: classify }, near);
  return (
    <LobbyState
      query={query}
      skeleton={<GameGridSkeleton count={GAME_PAGE_SIZE.home} />}
      isEmpty={(data) => data.games.length === 0}
      emptyText={t('lobby.other.empty')}
      emptyTestId="lobby-other-empty"
      errorTestId="lobby-other-error"
    >
      {(data) => (
        <GameGrid
          games={data.games}
          start={actions.start}
          favourites={actions.favourites}
          label={t(`lobby.other.classify.${classify}`)}
        />
      )}
    </LobbyState>
  );
}

/**
 * The other-games list of the HOME view, one tab per family, 12 games each; it loads when it nears the viewport. The
 * games sit in one row that scrolls sideways, so the section is as tall with 2 games as with 12 and as its placeholder:
 * nothing under it moves when a family arrives (CLS).
 */
export function OtherGamesSection({ actions }: { actions: CardActions }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const { options } = useLanguage();
  const classifies = otherClassifiesFor(options.map((option) => option.code));
  const [active, setActive] = useState<GameClassify>(classifies[0] ?? 'SCRATCH');
  return (
    <section ref={ref} className="lobby-section lobby-other" aria-labelledby={titleId} data-testid="lobby-other">
      <div className="lobby-section__head">
        <h2 id={titleId} className="lobby-section__title">
          {t('lobby.other.title')}
        </h2>
      </div>
      <Tabs
        label={t('lobby.other.title')}
        items={classifies.map((classify) => ({
          key: classify,
          label: t(`lobby.other.classify.${classify}`),
          testId: `lobby-other-tab-${classify}`,
        }))}
        active={active}
        onChange={setActive}
      >
        <ClassifyGames classify={active} actions={actions} near={near} />
      </Tabs>
    </section>
  );
}
