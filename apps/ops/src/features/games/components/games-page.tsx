import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_STATUSES, GAME_TYPES, type GamePatch, type OpsGame } from '@platform/contracts';
import { DataTable, FilterBar, PageHeader } from '@/components/data-table';
import { SelectField, TextField } from '@/components/form-fields';
import { errorText } from '@/lib/error-text';
import { useListParams } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { GAMES_KEY, getGames, getVendors, orderGames, patchGame, VENDORS_KEY } from '../api/games-api';
import { sortOf, StatusSelect } from './inline-controls';

const FILTERS = { search: '', vendor: '', gameType: '', status: '', hot: '', isNew: '', pageSize: '50' };

/**
 * Games (games.manage): every game whatever its status, with search and filters; status, hot and new change at once
 * from the row; order values are edited in place and saved together ("Save order").
 */
export function GamesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useQuery({
    queryKey: [...GAMES_KEY, list.query],
    queryFn: ({ signal }) => getGames(list.query, signal),
  });
  const vendors = useQuery({ queryKey: VENDORS_KEY, queryFn: ({ signal }) => getVendors(signal) });
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: GAMES_KEY });
    void queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
  };
  const edit = useMutation({
    mutationFn: ({ game, patch }: { game: OpsGame; patch: GamePatch }) => patchGame(game.nodeId, patch),
    onSuccess: (game) => {
      showToast(t('games.gameSaved', { name: game.name }));
      refresh();
    },
    onError: (error) => showToast(errorText(t, error), 'error'),
  });
  const changed = (query.data?.list ?? []).flatMap((game) => {
    const draft = drafts[game.nodeId];
    if (draft === undefined) return [];
    const sort = sortOf(draft);
    return sort === game.sort ? [] : [{ game, sort }];
  });
  const invalid = changed.some((item) => item.sort === null);
  const order = useMutation({
    mutationFn: () =>
      orderGames({ items: changed.map((item) => ({ nodeId: item.game.nodeId, sort: item.sort ?? 0 })) }),
    onSuccess: (result) => {
      showToast(t('games.orderSaved', { count: result.updated }));
      setDrafts({});
      refresh();
    },
    onError: (error) => showToast(errorText(t, error), 'error'),
  });

  const flag = (game: OpsGame, key: 'isHot' | 'isNew', label: string) => (
    <input
      type="checkbox"
      aria-label={t(label, { name: game.name })}
      data-testid={`game-${key === 'isHot' ? 'hot' : 'new'}-${game.nodeId}`}
      checked={game[key]}
      onChange={(event) => edit.mutate({ game, patch: { [key]: event.target.checked } })}
    />
  );
  const yesNo = [
    { value: '', label: t('games.any') },
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];

  return (
    <section className="page" data-testid="games-page">
      <PageHeader
        title={t('nav.games')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="games-save-order"
            disabled={changed.length === 0 || invalid || order.isPending}
            aria-busy={order.isPending || undefined}
            onClick={() => order.mutate()}
          >
            {order.isPending ? t('common.working') : t('games.saveOrder', { count: changed.length })}
          </button>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="game-filters"
      >
        <TextField name="search" defaultValue={list.filters.search} label={t('games.search')} testId="game-search" />
        <SelectField
          name="vendor"
          defaultValue={list.filters.vendor}
          label={t('games.vendor')}
          testId="game-vendor"
          options={[
            { value: '', label: t('games.any') },
            ...(vendors.data?.list ?? []).map((vendor) => ({ value: vendor.code, label: vendor.displayName })),
          ]}
        />
        <SelectField
          name="gameType"
          defaultValue={list.filters.gameType}
          label={t('games.category')}
          testId="game-type"
          options={[
            { value: '', label: t('games.any') },
            ...GAME_TYPES.map((type) => ({ value: type, label: t(`games.types.${type}`) })),
          ]}
        />
        <SelectField
          name="status"
          defaultValue={list.filters.status}
          label={t('games.status')}
          testId="game-status"
          options={[
            { value: '', label: t('games.any') },
            ...GAME_STATUSES.map((status) => ({ value: status, label: t(`games.statuses.${status}`) })),
          ]}
        />
        <SelectField
          name="hot"
          defaultValue={list.filters.hot}
          label={t('games.hot')}
          testId="game-hot"
          options={yesNo}
        />
        <SelectField
          name="isNew"
          defaultValue={list.filters.isNew}
          label={t('games.new')}
          testId="game-new"
          options={yesNo}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(game) => game.nodeId}
        caption={t('nav.games')}
        emptyTitle={t('games.noGames')}
        emptyHint={t('games.noGamesHint')}
        testId="games"
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        columns={[
          {
            key: 'name',
            header: t('games.game'),
            cell: (game) => (
              <>
                <strong>{game.name}</strong> <code>{game.gameCode}</code>
              </>
            ),
          },
          { key: 'vendor', header: t('games.vendor'), cell: (game) => game.vendorName },
          { key: 'type', header: t('games.category'), cell: (game) => t(`games.types.${game.gameType}`) },
          {
            key: 'status',
            header: t('games.status'),
            cell: (game) => (
              <StatusSelect
                label={t('games.statusOf', { name: game.name })}
                value={game.status}
                onChange={(status) => edit.mutate({ game, patch: { status } })}
                testId={`game-status-${game.nodeId}`}
              />
            ),
          },
          { key: 'hot', header: t('games.hot'), cell: (game) => flag(game, 'isHot', 'games.hotOf') },
          { key: 'new', header: t('games.new'), cell: (game) => flag(game, 'isNew', 'games.newOf') },
          {
            key: 'sort',
            header: t('games.order'),
            cell: (game) => {
              const draft = drafts[game.nodeId] ?? String(game.sort);
              const bad = sortOf(draft) === null;
              return (
                <span className="inline-field">
                  <input
                    className="field__control field__control--inline field__control--number"
                    inputMode="numeric"
                    aria-label={t('games.orderOf', { name: game.name })}
                    aria-invalid={bad || undefined}
                    data-testid={`game-sort-${game.nodeId}`}
                    value={draft}
                    onChange={(event) => setDrafts((all) => ({ ...all, [game.nodeId]: event.target.value }))}
                  />
                  {bad && (
                    <span className="field__error" role="alert" data-testid="field-error">
                      {t('games.sortInvalid')}
                    </span>
                  )}
                </span>
              );
            },
          },
        ]}
      />
    </section>
  );
}
