import { useQuery, type QueryClient } from '@tanstack/react-query';
import { INBOX_API, type MessageUnreadEvent } from '@platform/contracts';
import { apiRequest, invalidResponse } from './api-client';
import { useSession } from './session';

/**
 * The unread internal messages (spec §3 public state `unreadMessage`): the header's badge, the member centre's
 * messageV2 entry and the page itself read this one query; the realtime event refreshes it. Trial members have no
 * messages (spec §4 "trial users skip messages").
 */
export const INBOX_QUERY_ROOT = 'inbox';
export const unreadQueryKey = [INBOX_QUERY_ROOT, 'unread'] as const;

export const fetchUnread = async (signal?: AbortSignal): Promise<number> => {
  const value = await apiRequest<{ unreadMessage: number }>(INBOX_API.unread, signal ? { signal } : {});
  if (typeof value !== 'object' || value === null || typeof value.unreadMessage !== 'number') throw invalidResponse();
  return value.unreadMessage;
};

export function useUnreadMessages(): number {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({
    queryKey: unreadQueryKey,
    queryFn: ({ signal }) => fetchUnread(signal),
    enabled: isLogin && !isTrial,
    staleTime: 60_000,
  });
  return isLogin && !isTrial ? (query.data ?? 0) : 0;
}

/** Spreads the refetches of a broadcast over a few seconds: a message to every member is not a burst of requests. */
const BROADCAST_SPREAD_MS = 3_000;

/** `message.unread`: a count is set at once; a broadcast (no count) refetches after a random short wait. */
export const onMessageUnread = (queryClient: QueryClient, { unreadMessage }: MessageUnreadEvent) => {
  if (unreadMessage !== null) {
    queryClient.setQueryData(unreadQueryKey, unreadMessage);
    void queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_ROOT], predicate: (q) => q.queryKey[1] !== 'unread' });
    return;
  }
  setTimeout(
    () => void queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_ROOT] }),
    Math.random() * BROADCAST_SPREAD_MS,
  );
};
