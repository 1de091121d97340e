import {
  CHAT_OPS_API,
  CHAT_ROUTES,
  CannedReplySchema,
  ChatColleagueListSchema,
  ChatHoursSchema,
  FEEDBACK_OPS_API,
  FEEDBACK_ROUTES,
  FeedbackSettingsSchema,
  OpsChatSchema,
  type ChatHoursUpdate,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, apiPath, apiRequest, routeOf } from '@/lib/api-client';

const chatRoute = (method: RouteMethod, path: string) => routeOf(CHAT_ROUTES, method, path);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const settingsKeys = {
  hours: ['support', 'hours'] as const,
  feedback: ['support', 'feedback-settings'] as const,
  colleagues: ['support', 'colleagues'] as const,
};

export const getHours = (signal?: AbortSignal) =>
  apiCall(chatRoute('GET', CHAT_OPS_API.hours), withSignal(signal), ChatHoursSchema);
export const putHours = (hours: ChatHoursUpdate) =>
  apiCall(chatRoute('PUT', CHAT_OPS_API.hours), { body: hours }, ChatHoursSchema);

export const getFeedbackSettings = (signal?: AbortSignal) =>
  apiCall(routeOf(FEEDBACK_ROUTES, 'GET', FEEDBACK_OPS_API.settings), withSignal(signal), FeedbackSettingsSchema);
export const putFeedbackSettings = (settings: { minWords: number; maxWords: number }) =>
  apiCall(routeOf(FEEDBACK_ROUTES, 'PUT', FEEDBACK_OPS_API.settings), { body: settings }, FeedbackSettingsSchema);

export const updateCanned = (id: string, title: string, body: string) =>
  apiCall(chatRoute('PUT', CHAT_OPS_API.cannedOne), { params: { id }, body: { title, body } }, CannedReplySchema);
export const deleteCanned = (id: string) => apiRequest(apiPath(CHAT_OPS_API.cannedOne, { id }), { method: 'DELETE' });

export const getColleagues = (signal?: AbortSignal) =>
  apiCall(chatRoute('GET', CHAT_OPS_API.colleagues), withSignal(signal), ChatColleagueListSchema);
/** To a named colleague (who alone answers it then), or without one back to the queue; the note is staff-only. */
export const transferTo = (id: string, transfer: { toStaffId?: string; note?: string }) =>
  apiCall(chatRoute('POST', CHAT_OPS_API.transfer), { params: { id }, body: transfer }, OpsChatSchema);
