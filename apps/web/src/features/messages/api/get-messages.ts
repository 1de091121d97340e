import { INBOX_API, InboxPageSchema, type InboxPage } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';
import { INBOX_QUERY_ROOT } from '@/lib/inbox';

export const MESSAGES_PAGE_SIZE = 10;
export const messagesQueryKey = (language: string) => [INBOX_QUERY_ROOT, 'list', language] as const;

/** GET /wps/messages: the member's messages in its language, newest first, a page at a time (load more). */
export const getMessages = (language: string, pageNo: number, signal?: AbortSignal): Promise<InboxPage> =>
  apiRequest(
    `${INBOX_API.messages}?${new URLSearchParams({ language, pageNo: String(pageNo), pageSize: String(MESSAGES_PAGE_SIZE) })}`,
    {
      schema: InboxPageSchema,
      ...(signal ? { signal } : {}),
    },
  );
