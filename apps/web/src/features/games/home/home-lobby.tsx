import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_VENDOR_CATEGORY_CAP, type VendorLanes } from '@platform/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/document-title';
import { VendorGridSkeleton } from '../components/game-grid';
import { VendorStripSkeleton } from '../components/vendor-strip';
import { useLanes } from '../hooks/use-lanes';
import { useCardActions, type CardActions } from './card-actions';
import { CategoryBlock } from './category-block';
import { CategoryMenu } from './category-menu';
import { CategoryView } from './category-view';
import { FavouritesView } from './favourites-view';
import { HotGamesSection } from './hot-games-section';
import { FAV_TYPE, HOME_TYPE, lobbyMenuOf } from './lobby-categories';
import { LobbyState } from './lobby-state';
import { OtherGamesSection } from './other-games-section';
import { useLobbyType } from './use-lobby-type';
import { WinnerBoard } from './winner-board';

// Its own small chunk, fetched after the page: the lobby paints without waiting for it.
const JackpotTicker = lazy(() => import('../components/jackpot-ticker').then((m) => ({ default: m.JackpotTicker })));

/** Category blocks held in place while the lanes load (the first screen shows about two). */
const SKELETON_BLOCKS = 2;

function LanesState({
  lanes,
  children,
}: {
  lanes: UseQueryResult<VendorLanes>;
  children: (data: VendorLanes) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <LobbyState
      query={lanes}
      skeleton={Array.from({ length: SKELETON_BLOCKS }, (_, index) => (
        <div key={index} className="lobby-section lobby-category" aria-hidden="true">
          <div className="lobby-skeleton lobby-skeleton--title" />
          <VendorStripSkeleton />
          <VendorGridSkeleton count={HOME_VENDOR_CATEGORY_CAP} />
        </div>
      ))}
      isEmpty={(data) => data.list.length === 0}
      emptyText={t('lobby.category.none')}
      emptyTestId="lobby-lanes-empty"
      errorTestId="lobby-lanes-error"
    >
      {children}
    </LobbyState>
  );
}

/**
 * HOME (spec §2): hot games, each category's block, the other games, the jackpot ticker (issue 6) and the winner
 * board. The ticker appears only when there is a pool: it sits low on the page, beside the other live figures, where
 * its arrival moves nothing the visitor is looking at.
 */
function HomeView({ lanes, actions }: { lanes: UseQueryResult<VendorLanes>; actions: CardActions }) {
  return (
    <div className="lobby-view" data-testid="lobby-home-view">
      <HotGamesSection actions={actions} />
      <LanesState lanes={lanes}>
        {(data) => data.list.map((lane) => <CategoryBlock key={lane.gameCategory} lane={lane} actions={actions} />)}
      </LanesState>
      <OtherGamesSection actions={actions} />
      <Suspense fallback={null}>
        <JackpotTicker />
      </Suspense>
      <WinnerBoard />
    </div>
  );
}

/**
 * The home lobby (spec §2 home lobby, §4 current game type): the category menu, then the HOME view, the member's
 * favourites, or one category. The banner and the notices sit above it in the layout.
 */
export function HomeLobby({ title }: { title: string }) {
  const titleId = useId();
  useDocumentTitle(title, useConfig().brand.name);
  const lanes = useLanes();
  const offered = lanes.data ? lanes.data.list.map((lane) => lane.gameCategory) : null;
  const { type, select } = useLobbyType(offered);
  const actions = useCardActions();
  const lane = lanes.data?.list.find((item) => item.gameCategory === type);
  return (
    <section className="lobby" aria-labelledby={titleId} data-testid="home-lobby" data-lobby-type={type}>
      <h1 id={titleId} className="visually-hidden">
        {title}
      </h1>
      <CategoryMenu entries={lobbyMenuOf(offered ?? [])} current={type} onSelect={select} pending={lanes.isPending} />
      {type === HOME_TYPE ? (
        <HomeView lanes={lanes} actions={actions} />
      ) : type === FAV_TYPE ? (
        <FavouritesView actions={actions} />
      ) : lane ? (
        <CategoryView key={lane.gameCategory} lane={lane} actions={actions} />
      ) : (
        <LanesState lanes={lanes}>{() => null}</LanesState>
      )}
    </section>
  );
}
