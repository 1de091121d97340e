import { WALLET_QUERY_ROOT } from '@/lib/wallet';

/**
 * Query keys of the contract calls (issue 19). Under the wallet root: a realtime balance event (a window paid) refreshes
 * the records and the income report too.
 */
export const contractsQueryRoot = [WALLET_QUERY_ROOT, 'contracts'] as const;

export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Query values as the server reads them: empty filters left out, numbers as text. */
export const queryOf = (values: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );

export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
