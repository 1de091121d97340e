import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';
import { groupDigits } from '@/lib/wallet';
import { fetchPointsHistory, pointsKeys } from '../api/points-api';

/** The points transaction detail (spec §7): the POINTS account's ledger, newest first, loaded more on demand. */
export function PointsHistory() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: pointsKeys.history,
    queryFn: ({ pageParam, signal }) => fetchPointsHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBeforeId,
  });
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(t, query.error)}</p>;
  const rows = query.data.pages.flatMap((page) => page.list);
  if (rows.length === 0) return <EmptyState title={t('pointMall.noHistory')} />;
  return (
    <>
      <ul className="mall__rows">
        {rows.map((row) => (
          <li key={row.id} className="mall__row" data-testid="points-entry" data-code={row.code}>
            <div>
              <strong>{t(`pointMall.code.${row.code}`, { defaultValue: row.code })}</strong>
              <p className="muted">
                {new Date(row.createdAt).toLocaleString()}
                {row.reference !== null && ` · ${row.reference}`}
              </p>
            </div>
            <div className="mall__row-end">
              <strong className={row.points.startsWith('-') ? 'mall__minus' : 'mall__plus'}>
                {row.points.startsWith('-') ? groupDigits(row.points) : `+${groupDigits(row.points)}`}
              </strong>
              <span className="muted">{t('pointMall.after', { points: groupDigits(row.balanceAfter) })}</span>
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('common.loading') : t('pointMall.loadMore')}
        </button>
      )}
    </>
  );
}
