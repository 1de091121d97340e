import { useDeferredValue, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';

/** The empty state (its title, in a wrapper with `emptyTestId` if given) shows when `isEmpty` says there is nothing. */
type EmptyProps<T> =
  | { isEmpty?: undefined; emptyText?: string; emptyTestId?: undefined }
  | { isEmpty: (data: T) => boolean; emptyText: string; emptyTestId?: string };

type SectionStateProps<T> = EmptyProps<T> & {
  query: UseQueryResult<T>;
  /** Shown while the data is on its way (a skeleton the size of what comes); default: a "Loading…" line. */
  loading?: ReactNode;
  errorTestId?: string;
  children: (data: T) => ReactNode;
};

/**
 * Loading, error (with a retry), empty, or the data: every section of a page says which (DESIGN.md §9).
 *
 * The data is rendered from a deferred value: an answer that arrives is drawn in a background render that yields to the
 * browser every few milliseconds, instead of one long task that blocks input while a whole page of cards is built
 * (a page with a dozen sections receives a dozen answers at start-up). Until that render is done, the section keeps
 * what it showed before: its loading line, or the previous data.
 */
export function SectionState<T>({
  query,
  emptyText,
  isEmpty,
  errorTestId,
  emptyTestId,
  loading,
  children,
}: SectionStateProps<T>) {
  const { t } = useTranslation();
  const data = useDeferredValue(query.data);
  // The deferred value may still be the previous one; with no data (pending, or an error) nothing is shown.
  const shown = query.data === undefined ? undefined : ((data ?? query.data) as T);
  const empty = shown !== undefined && isEmpty?.(shown) === true;
  // An empty page kept from the previous filter (placeholder data), or still drawn while the new answer's render is
  // deferred, is not this filter's answer: saying "nothing here" then would often be wrong, so it shows as loading. A
  // non-empty one stays, dimmed by its own busy state, so the rows do not jump.
  const emptyPlaceholder = empty && (query.isPlaceholderData || data !== query.data);
  if (query.isPending || (query.isSuccess && data === undefined) || emptyPlaceholder) {
    if (loading !== undefined) return <>{loading}</>;
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="inline-error" role="alert" data-testid={errorTestId}>
        <span>{errorText(t, query.error)}</span>
        <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (empty && emptyText !== undefined) {
    const state = <EmptyState title={emptyText} />;
    return emptyTestId === undefined ? state : <div data-testid={emptyTestId}>{state}</div>;
  }
  // Pending and error are handled above, so the query has data.
  return <>{children(shown as T)}</>;
}
