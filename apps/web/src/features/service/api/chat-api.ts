import {
  CHAT_API,
  CHAT_TOKEN_HEADER,
  ChatHoursSchema,
  ChatMessageSchema,
  ChatStartedSchema,
  ChatViewSchema,
  type ChatHours,
  type ChatMessage,
  type ChatStarted,
  type ChatView,
} from '@platform/contracts';
import type { z } from 'zod';
import { ApiError, apiPath } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { local } from '@/lib/storage';

/** A guest's chat and its token, kept on this device so that a reload (or the next visit) returns to the same chat. */
const GUEST_CHAT_KEY = 'serviceChat';
export type GuestChat = { id: string; token: string };
export const savedGuestChat = (): GuestChat | null => {
  try {
    const value = JSON.parse(local.getItem(GUEST_CHAT_KEY) ?? 'null') as GuestChat | null;
    return value && typeof value.id === 'string' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
};
export const saveGuestChat = (chat: GuestChat | null) =>
  chat === null ? local.removeItem(GUEST_CHAT_KEY) : local.setItem(GUEST_CHAT_KEY, JSON.stringify(chat));

/**
 * The chat calls carry the member's session, or the guest's chat token in its header (never in a URL); the shared
 * client sends only the session, so these go through this small fetch of their own.
 */
const send = async (path: string, init: RequestInit & { guestToken?: string | null } = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  else if (init.guestToken) headers.set(CHAT_TOKEN_HEADER, init.guestToken);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError('NETWORK', 0, 'network');
  }
  return response;
};

const read = async <T>(response: Response, schema: z.ZodType<T>): Promise<T> => {
  const envelope = (await response.json().catch(() => ({}))) as {
    success?: boolean;
    value?: unknown;
    code?: string;
    message?: string;
  };
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(envelope.code ?? `HTTP_${response.status}`, response.status, envelope.message ?? '');
  }
  return schema.parse(envelope.value);
};

export const getHours = async (): Promise<ChatHours> => read(await send(CHAT_API.hours), ChatHoursSchema);

export const startChat = async (input: { name?: string; contact?: string }): Promise<ChatStarted> =>
  read(
    await send(CHAT_API.start, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }),
    ChatStartedSchema,
  );

export const getChat = async (id: string, guestToken: string | null, after?: string): Promise<ChatView> =>
  read(
    await send(`${apiPath(CHAT_API.chat, { id })}${after ? `?after=${after}` : ''}`, { guestToken }),
    ChatViewSchema,
  );

export const sendChatMessage = async (
  id: string,
  guestToken: string | null,
  body: string,
  image: File | null,
): Promise<ChatMessage> => {
  const form = new FormData();
  if (body) form.set('body', body);
  if (image) form.set('image', image);
  return read(
    await send(apiPath(CHAT_API.messages, { id }), { method: 'POST', body: form, guestToken }),
    ChatMessageSchema,
  );
};

export const sendTyping = async (id: string, guestToken: string | null) => {
  await send(apiPath(CHAT_API.typing, { id }), { method: 'POST', guestToken });
};

export const chatImage = async (id: string, messageId: string, guestToken: string | null): Promise<Blob> => {
  const response = await send(apiPath(CHAT_API.image, { id, messageId }), { guestToken });
  if (!response.ok) throw new ApiError(`HTTP_${response.status}`, response.status, response.statusText);
  return response.blob();
};
