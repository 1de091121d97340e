import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { SectionState } from '@/components/section-state';

type LobbyStateProps<T> = {
  query: UseQueryResult<T>;
  /** Shown while loading: placeholders of the final size, so nothing shifts when the data arrives (CLS). */
  skeleton: ReactNode;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  emptyTestId: string;
  errorTestId: string;
  children: (data: T) => ReactNode;
};

/** Loading (as a skeleton), error with a retry, empty, or the data: every lobby list says which. */
export function LobbyState<T>({ query, skeleton, ...rest }: LobbyStateProps<T>) {
  return <SectionState query={query} loading={skeleton} {...rest} />;
}
