import {
  INBOX_API,
  INBOX_OPS_API,
  InboxPageSchema,
  InboxQuerySchema,
  MessageIdParamsSchema,
  OpsMessageCreateSchema,
  OpsMessagePageSchema,
  OpsMessageQuerySchema,
  OpsMessageSchema,
  UnreadCountSchema,
} from '../inbox';
import type { RouteDescriptor } from './route-descriptor';

/** Internal messages (issue 22): the member's inbox and the back office's sending; permissions in STAFF_ENDPOINTS. */
export const INBOX_ROUTES = [
  { method: 'GET', path: INBOX_API.messages, auth: 'member', query: InboxQuerySchema, response: InboxPageSchema },
  { method: 'GET', path: INBOX_API.unread, auth: 'member', response: UnreadCountSchema },
  { method: 'POST', path: INBOX_API.readAll, auth: 'member', response: UnreadCountSchema },
  { method: 'POST', path: INBOX_API.read, auth: 'member', params: MessageIdParamsSchema, response: UnreadCountSchema },
  {
    method: 'DELETE',
    path: INBOX_API.message,
    auth: 'member',
    params: MessageIdParamsSchema,
    response: UnreadCountSchema,
  },
  {
    method: 'GET',
    path: INBOX_OPS_API.messages,
    auth: 'staff',
    query: OpsMessageQuerySchema,
    response: OpsMessagePageSchema,
  },
  {
    method: 'POST',
    path: INBOX_OPS_API.messages,
    auth: 'staff',
    body: OpsMessageCreateSchema,
    response: OpsMessageSchema,
  },
  { method: 'DELETE', path: INBOX_OPS_API.message, auth: 'staff', params: MessageIdParamsSchema },
] as const satisfies readonly RouteDescriptor[];
