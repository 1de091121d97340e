import { INBOX_API, UnreadCountSchema, type UnreadCount } from '@platform/contracts';
import { apiPath, apiRequest } from '@/lib/api-client';

/** POST …/read, DELETE …/:id and POST read-all: each answers the new unread count. */
export const markRead = (id: string): Promise<UnreadCount> =>
  apiRequest(apiPath(INBOX_API.read, { id }), { method: 'POST', schema: UnreadCountSchema });

export const deleteMessage = (id: string): Promise<UnreadCount> =>
  apiRequest(apiPath(INBOX_API.message, { id }), { method: 'DELETE', schema: UnreadCountSchema });

export const markAllRead = (): Promise<UnreadCount> =>
  apiRequest(INBOX_API.readAll, { method: 'POST', schema: UnreadCountSchema });
