import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InboxMessage, UnreadCount } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { errorText } from '@/lib/error-text';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { useLanguage } from '@/lib/i18n/i18n';
import { INBOX_QUERY_ROOT, unreadQueryKey } from '@/lib/inbox';
import { showToast } from '@/lib/toast';
import { getMessages, messagesQueryKey } from '../api/get-messages';
import { deleteMessage, markAllRead, markRead } from '../api/mark-message';

/**
 * The member centre's internal messages (spec §2 messageV2): newest first, paged by load more; opening a message marks
 * it read, each can be deleted, and all marked read at once. Every change answers the new unread count, which the
 * header badge and the menu entry show at once.
 */
export function MessageCentre() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { code } = useLanguage();
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey: messagesQueryKey(code),
    queryFn: ({ pageParam, signal }) => getMessages(code, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
  const settle = (count: UnreadCount) => {
    queryClient.setQueryData(unreadQueryKey, count.unreadMessage);
    void queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_ROOT, 'list'] });
  };
  const onError = (error: unknown) => showToast(errorText(t, error));
  const read = useMutation({ mutationFn: markRead, onSuccess: settle, onError });
  const remove = useMutation({ mutationFn: deleteMessage, onSuccess: settle, onError });
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: settle, onError });
  const list: InboxMessage[] = pages.data?.pages.flatMap((page) => page.list) ?? [];
  const unread = pages.data?.pages[0]?.unreadMessage ?? 0;

  if (pages.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (pages.isError) {
    return (
      <div role="alert" className="form-error">
        {errorText(t, pages.error)}{' '}
        <button type="button" className="button" onClick={() => void pages.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <section className="inbox" aria-label={t('messages.title')}>
      <div className="inbox__bar">
        <span className="muted">{t('messages.unreadCount', { count: unread })}</span>
        <button
          type="button"
          className="button"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t('messages.markAllRead')}
        </button>
      </div>
      {list.length === 0 ? (
        <EmptyState title={t('messages.empty')} />
      ) : (
        <ul className="inbox__list">
          {list.map((message) => (
            <li key={message.id} className={message.read ? 'inbox__item' : 'inbox__item inbox__item--unread'}>
              <details
                onToggle={(event) => {
                  if ((event.currentTarget as HTMLDetailsElement).open && !message.read) read.mutate(message.id);
                }}
              >
                <summary className="inbox__summary">
                  {!message.read && <span className="inbox__dot" aria-label={t('messages.unread')} />}
                  <span className="inbox__title">{message.title}</span>
                  {message.kind === 'SYSTEM' && <span className="badge">{t('messages.system')}</span>}
                  <time className="muted" dateTime={message.sentAt}>
                    {formatDateTime(message.sentAt, locale)}
                  </time>
                </summary>
                <p className="inbox__content">{message.content}</p>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(message.id)}
                >
                  {t('messages.delete')}
                </button>
              </details>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? t('common.loading') : t('messages.loadMore')}
        </button>
      )}
    </section>
  );
}
