import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { E_LOTTERY_VENDORS } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { Tabs, type TabItem } from '@/components/tabs';
import { openAuthDialog } from '@/lib/auth-dialog';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session';
import { SPLIT_CATEGORIES, type LobbyPage } from '../lobby-routes';
import { useDebounced } from '../hooks/use-debounced';
import { useFavourites } from '../hooks/use-favourites';
import { useGameStart } from '../hooks/use-game-start';
import { useLanes } from '../hooks/use-lanes';
import { LOBBY_FILTERS, MEMBER_FILTERS, useLobbyGames, type LobbyFilter } from '../hooks/use-lobby-games';
import { GameGrid, GameGridSkeleton, VendorGrid, VendorGridSkeleton } from './game-grid';
import { VendorStrip, VendorStripSkeleton } from './vendor-strip';

const JackpotTicker = lazy(() => import('./jackpot-ticker').then((m) => ({ default: m.JackpotTicker })));

/** The search waits this long after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const VENDOR_QUERY_KEY = 'vassalage';

const FILTER_KEYS: Record<LobbyFilter, string> = {
  ALL: 'games.filters.all',
  HOT: 'games.filters.hot',
  NEW: 'games.filters.new',
  FAV: 'games.filters.fav',
  RECENT: 'games.filters.recent',
};

/**
 * A game lobby page (spec §2 game lobby per type; game centres of sports, e-sports and lottery): title, the vendor
 * strip (the chosen vendor lives in the URL), the filter tabs, a search under ALL, the games 18 at a time with load
 * more, and the no-data message. Spec §4: changing vendor goes back to ALL and page 1; FAV and RECENT ask a guest to
 * log in and stay on ALL.
 */
export function GameLobby({ page, title }: { page: LobbyPage; title: string }) {
  const { t } = useTranslation();
  const { code: language } = useLanguage();
  const { isLogin } = useSession();
  const [params, setParams] = useSearchParams();
  const lanes = useLanes();
  const start = useGameStart();
  const favourites = useFavourites();

  const cards = lanes.data?.list.find((lane) => lane.gameCategory === page.category)?.cards ?? [];
  const split = SPLIT_CATEGORIES.has(page.category);
  const requested = params.get(VENDOR_QUERY_KEY) || undefined;
  const vassalage = lanes.data
    ? cards.some((card) => card.vassalage === requested)
      ? requested
      : split
        ? cards[0]?.vassalage
        : undefined
    : requested;

  // The tab belongs to the vendor it was chosen under: another vendor starts again at ALL (spec §4).
  const [chosen, setChosen] = useState<{ vendor: string | undefined; filter: LobbyFilter }>({
    vendor: vassalage,
    filter: 'ALL',
  });
  const picked = chosen.vendor === vassalage ? chosen.filter : 'ALL';
  const filter: LobbyFilter = !isLogin && MEMBER_FILTERS.has(picked) ? 'ALL' : picked;

  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);

  const list = useLobbyGames({
    gameType: page.gameType,
    ...(vassalage ? { vassalage } : {}),
    filter,
    gameName: term,
    language,
    favourites,
    enabled: !split || vassalage !== undefined,
  });

  const chooseFilter = (next: LobbyFilter) => {
    if (MEMBER_FILTERS.has(next) && !isLogin) {
      openAuthDialog('login');
      return;
    }
    setChosen({ vendor: vassalage, filter: next });
  };

  const chooseVendor = (next: string | undefined) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(VENDOR_QUERY_KEY, next);
        else updated.delete(VENDOR_QUERY_KEY);
        return updated;
      },
      { preventScrollReset: true },
    );
    setChosen({ vendor: next, filter: 'ALL' });
  };

  const tabs: TabItem<LobbyFilter>[] = LOBBY_FILTERS.map((key) => ({
    key,
    label: t(FILTER_KEYS[key]),
    testId: `game-filter-${key.toLowerCase()}`,
  }));

  const lottery = page.category === 'LOTT' || page.category === 'ELOTT';
  const present = lanes.data?.list.flatMap((lane) => lane.cards.map((card) => card.vassalage)) ?? [];
  const prizeMode = present.some((code) => E_LOTTERY_VENDORS.includes(code)) ? 'ELOTT' : 'LOTT';
  const tiles = vassalage ? cards.filter((card) => card.vassalage === vassalage) : cards;

  return (
    <PageFrame title={title} testId="game-lobby">
      <div className="game-lobby" data-category={page.category}>
        {lottery && lanes.data && (
          <p className="game-lobby__prize" data-testid="prize-mode" data-mode={prizeMode}>
            {t('games.lobby.prizeMode', { mode: t(`games.prizeModes.${prizeMode}`) })}
          </p>
        )}
        {lanes.isPending ? (
          <VendorStripSkeleton />
        ) : lanes.isError && !lanes.data ? (
          <div className="inline-error" role="alert" data-testid="vendor-strip-error">
            <span>{errorText(t, lanes.error)}</span>
            <button type="button" className="button button--ghost" onClick={() => void lanes.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          cards.length > 0 && (
            <VendorStrip cards={cards} selected={vassalage} withAll={!split} onSelect={chooseVendor} />
          )
        )}
        {page.centre &&
          (lanes.isPending ? (
            <VendorGridSkeleton />
          ) : (
            tiles.length > 0 && (
              <VendorGrid cards={tiles} onLaunch={start.openVendor} label={t('games.lobby.vendors')} />
            )
          ))}
        {page.category === 'RNG' && (
          <Suspense fallback={null}>
            <JackpotTicker />
          </Suspense>
        )}
        <Tabs label={t('games.lobby.filters')} items={tabs} active={filter} onChange={chooseFilter}>
          {filter === 'ALL' && (
            <form role="search" className="game-lobby__search" onSubmit={(event: FormEvent) => event.preventDefault()}>
              <input
                type="search"
                data-testid="game-search"
                aria-label={t('games.lobby.search')}
                placeholder={t('games.lobby.searchPlaceholder')}
                maxLength={64}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </form>
          )}
          <LobbyList
            list={list}
            searched={filter === 'ALL' && term !== ''}
            start={start}
            favourites={favourites}
            title={title}
          />
        </Tabs>
      </div>
    </PageFrame>
  );
}

function LobbyList({
  list,
  searched,
  start,
  favourites,
  title,
}: {
  list: ReturnType<typeof useLobbyGames>;
  searched: boolean;
  start: ReturnType<typeof useGameStart>;
  favourites: ReturnType<typeof useFavourites>;
  title: string;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <GameGridSkeleton />;
  if (list.isError) {
    return (
      <div className="inline-error" role="alert" data-testid="game-list-error">
        <span>{errorText(t, list.error)}</span>
        <button type="button" className="button button--ghost" onClick={list.refetch}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (list.games.length === 0) {
    return (
      <div data-testid="game-list-empty">
        <EmptyState title={searched ? t('games.lobby.noResults') : t('games.lobby.noData')} />
      </div>
    );
  }
  return (
    <>
      <GameGrid games={list.games} start={start} favourites={favourites} label={title} />
      <div className="game-lobby__more">
        <p className="game-lobby__count" aria-live="polite" data-testid="game-list-count">
          {t('games.lobby.showing', { shown: list.games.length, total: Math.max(list.total, list.games.length) })}
        </p>
        {list.hasMore && (
          <button
            type="button"
            className="button button--ghost"
            data-testid="game-list-more"
            aria-busy={list.loadingMore}
            aria-disabled={list.loadingMore}
            onClick={() => {
              // Kept enabled while loading so keyboard focus stays on it; a second press waits.
              if (!list.loadingMore) list.loadMore();
            }}
          >
            {list.loadingMore ? t('common.loading') : t('games.lobby.loadMore')}
          </button>
        )}
      </div>
    </>
  );
}
