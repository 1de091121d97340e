import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';

type SectionStateProps<T> = {
  query: UseQueryResult<T>;
  emptyText: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/** Loading, error (with a retry), empty, or the data: every section of the member centre says which (DESIGN.md §9). */
export function SectionState<T>({ query, emptyText, isEmpty, children }: SectionStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="inline-error" role="alert">
        <span>{errorText(t, query.error)}</span>
        <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <EmptyState title={emptyText} />;
  return <>{children(query.data)}</>;
}
