import {
  CHAT_API,
  CHAT_OPS_API,
  CannedReplyCreateSchema,
  CannedReplyListSchema,
  CannedReplySchema,
  ChatAfterQuerySchema,
  ChatHoursSchema,
  ChatIdParamsSchema,
  ChatImageParamsSchema,
  ChatMessageSchema,
  ChatOpsQuerySchema,
  ChatStartSchema,
  ChatStartedSchema,
  ChatTextFieldsSchema,
  ChatViewSchema,
  OpsChatListSchema,
  OpsChatSchema,
  OpsChatViewSchema,
} from '../chat';
import type { RouteDescriptor } from './route-descriptor';

const params = ChatIdParamsSchema;

/**
 * Live chat (issue 22). The customer's calls are `optional`: a member's session or a guest's chat token
 * (x-chat-token) names whose chat it is; staff's need support.handle (STAFF_ENDPOINTS).
 */
export const CHAT_ROUTES = [
  { method: 'GET', path: CHAT_API.hours, auth: 'optional', response: ChatHoursSchema },
  { method: 'POST', path: CHAT_API.start, auth: 'optional', body: ChatStartSchema, response: ChatStartedSchema },
  {
    method: 'GET',
    path: CHAT_API.chat,
    auth: 'optional',
    params,
    query: ChatAfterQuerySchema,
    response: ChatViewSchema,
  },
  {
    method: 'POST',
    path: CHAT_API.messages,
    auth: 'optional',
    params,
    body: ChatTextFieldsSchema,
    encoding: 'multipart',
    response: ChatMessageSchema,
  },
  { method: 'POST', path: CHAT_API.typing, auth: 'optional', params },
  { method: 'GET', path: CHAT_API.image, auth: 'optional', params: ChatImageParamsSchema },
  { method: 'GET', path: CHAT_OPS_API.chats, auth: 'staff', query: ChatOpsQuerySchema, response: OpsChatListSchema },
  {
    method: 'GET',
    path: CHAT_OPS_API.chat,
    auth: 'staff',
    params,
    query: ChatAfterQuerySchema,
    response: OpsChatViewSchema,
  },
  { method: 'POST', path: CHAT_OPS_API.take, auth: 'staff', params, response: OpsChatSchema },
  {
    method: 'POST',
    path: CHAT_OPS_API.messages,
    auth: 'staff',
    params,
    body: ChatTextFieldsSchema,
    encoding: 'multipart',
    response: ChatMessageSchema,
  },
  { method: 'POST', path: CHAT_OPS_API.typing, auth: 'staff', params },
  { method: 'POST', path: CHAT_OPS_API.transfer, auth: 'staff', params, response: OpsChatSchema },
  { method: 'POST', path: CHAT_OPS_API.close, auth: 'staff', params, response: OpsChatSchema },
  { method: 'GET', path: CHAT_OPS_API.image, auth: 'staff', params: ChatImageParamsSchema },
  { method: 'GET', path: CHAT_OPS_API.canned, auth: 'staff', response: CannedReplyListSchema },
  {
    method: 'POST',
    path: CHAT_OPS_API.canned,
    auth: 'staff',
    body: CannedReplyCreateSchema,
    response: CannedReplySchema,
  },
] as const satisfies readonly RouteDescriptor[];
