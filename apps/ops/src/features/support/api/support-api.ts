import {
  CHAT_OPS_API,
  CHAT_ROUTES,
  CannedReplyListSchema,
  CannedReplySchema,
  ChatMessageSchema,
  FEEDBACK_OPS_API,
  FEEDBACK_ROUTES,
  OPS_API,
  OPS_ROUTES,
  OpsChatListSchema,
  OpsChatSchema,
  OpsChatViewSchema,
  OpsFeedbackPageSchema,
  OpsFeedbackSchema,
  OpsMemberProfileSchema,
  TransactionPageSchema,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, apiFile, apiPath, apiRequest, routeOf } from '@/lib/api-client';

const chatRoute = (method: RouteMethod, path: string) => routeOf(CHAT_ROUTES, method, path);
const feedbackRoute = (method: RouteMethod, path: string) => routeOf(FEEDBACK_ROUTES, method, path);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const supportKeys = {
  chats: (status: string, q: string) => ['support', 'chats', status, q] as const,
  canned: ['support', 'canned'] as const,
  member: (memberId: string) => ['support', 'member', memberId] as const,
  feedback: (status: string, pageNo: number) => ['support', 'feedback', status, pageNo] as const,
};

export const getChats = (status: string, q: string, signal?: AbortSignal) =>
  apiCall(chatRoute('GET', CHAT_OPS_API.chats), { query: { status, q }, ...withSignal(signal) }, OpsChatListSchema);

export const getChat = (id: string, after?: string) =>
  apiCall(chatRoute('GET', CHAT_OPS_API.chat), { params: { id }, query: { after: after ?? '' } }, OpsChatViewSchema);

const act = (path: string) => (id: string) =>
  apiCall(chatRoute('POST', path), { params: { id }, body: {} }, OpsChatSchema);
export const takeChat = act(CHAT_OPS_API.take);
export const transferChat = act(CHAT_OPS_API.transfer);
export const closeChat = act(CHAT_OPS_API.close);
export const staffTyping = (id: string) =>
  apiRequest(apiPath(CHAT_OPS_API.typing, { id }), { method: 'POST', body: {} });

/** POST a staff message: text and/or one image (multipart). */
export const sendStaffMessage = (id: string, body: string, image: File | null) => {
  const form = new FormData();
  if (body) form.set('body', body);
  if (image) form.set('image', image);
  return apiRequest(apiPath(CHAT_OPS_API.messages, { id }), {
    method: 'POST',
    formData: form,
    schema: ChatMessageSchema,
  });
};

export const chatImage = async (id: string, messageId: string) =>
  (await apiFile(apiPath(CHAT_OPS_API.image, { id, messageId }))).blob;

export const getCanned = (signal?: AbortSignal) =>
  apiCall(chatRoute('GET', CHAT_OPS_API.canned), withSignal(signal), CannedReplyListSchema);
export const addCanned = (title: string, body: string) =>
  apiCall(chatRoute('POST', CHAT_OPS_API.canned), { body: { title, body } }, CannedReplySchema);

/** The member beside a chat: profile with balances, and the latest account records (members.view). */
export const getMemberBrief = async (memberId: string, signal?: AbortSignal) => {
  const [profile, records] = await Promise.all([
    apiCall(
      routeOf(OPS_ROUTES, 'GET', OPS_API.member),
      { params: { memberId }, ...withSignal(signal) },
      OpsMemberProfileSchema,
    ),
    apiCall(
      routeOf(OPS_ROUTES, 'GET', OPS_API.memberTransactions),
      { params: { memberId }, query: { period: 'LAST_30_DAYS', pageNo: 1 }, ...withSignal(signal) },
      TransactionPageSchema,
    ),
  ]);
  return { profile, records: records.list.slice(0, 5) };
};

export const getFeedbackQueue = (status: string, pageNo: number, signal?: AbortSignal) =>
  apiCall(
    feedbackRoute('GET', FEEDBACK_OPS_API.queue),
    { query: { status, pageNo }, ...withSignal(signal) },
    OpsFeedbackPageSchema,
  );
export const replyFeedback = (id: string, reply: string, close: boolean) =>
  apiCall(feedbackRoute('POST', FEEDBACK_OPS_API.reply), { params: { id }, body: { reply, close } }, OpsFeedbackSchema);
export const closeFeedback = (id: string) =>
  apiCall(feedbackRoute('POST', FEEDBACK_OPS_API.close), { params: { id }, body: {} }, OpsFeedbackSchema);
export const feedbackImage = async (id: string, position: number) =>
  (await apiFile(apiPath(FEEDBACK_OPS_API.image, { id, position }))).blob;
