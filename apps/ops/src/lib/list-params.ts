import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListFilters = Record<string, string>;

/**
 * A list page's filters and page number, kept in the URL (?status=…&pageNo=2) so reload, back and a shared link show
 * the same list. `defaults` names every filter the page has; empty values are left out of the URL.
 */
export function useListParams<F extends ListFilters>(defaults: F) {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const value = search.get(key);
      if (value !== null) (values as ListFilters)[key] = value;
    }
    return values;
    // The URL is the state; `defaults` is a constant of the page.
  }, [search]);
  const pageNo = Math.max(1, Number.parseInt(search.get('pageNo') ?? '1', 10) || 1);

  const write = useCallback(
    (next: ListFilters, page: number) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) if (value !== '') params.set(key, value);
      if (page > 1) params.set('pageNo', String(page));
      setSearch(params);
    },
    [setSearch],
  );

  return {
    filters,
    pageNo,
    /** New filters start again at page 1. */
    setFilters: (next: Partial<F>) => write({ ...filters, ...next } as ListFilters, 1),
    resetFilters: () => write(defaults, 1),
    setPageNo: (page: number) => write(filters, page),
    /** The query to send: filters without empty values, plus pageNo. */
    query: { ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')), pageNo } as Partial<F> & {
      pageNo: number;
    },
  };
}
