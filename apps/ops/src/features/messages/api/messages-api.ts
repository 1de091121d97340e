import {
  INBOX_OPS_API,
  INBOX_ROUTES,
  OpsMessagePageSchema,
  OpsMessageSchema,
  type OpsMessageCreate,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, routeOf } from '@/lib/api-client';

const route = (method: RouteMethod, path: string) => routeOf(INBOX_ROUTES, method, path);

export const messagesKeys = { sent: (pageNo: number) => ['messages', 'sent', pageNo] as const };

/** GET /wps/ops/messages: sent and scheduled staff messages, newest first. */
export const getSentMessages = (pageNo: number, signal?: AbortSignal) =>
  apiCall(
    route('GET', INBOX_OPS_API.messages),
    { query: { pageNo, pageSize: 20 }, ...(signal ? { signal } : {}) },
    OpsMessagePageSchema,
  );

/** POST /wps/ops/messages: to members, a segment, every member or every agent; now or at `sendAt`. */
export const sendMessage = (body: OpsMessageCreate) =>
  apiCall(route('POST', INBOX_OPS_API.messages), { body }, OpsMessageSchema);

export const withdrawMessage = (id: string) => apiCall(route('DELETE', INBOX_OPS_API.message), { params: { id } });
