import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHAT_API,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_OPS_API,
  CHAT_TOKEN_HEADER,
  ChatTextFieldsSchema,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import { assertStorable } from '../../../lib/storable-input';
import { imageContentType, sendImage, type UploadedImage } from '../../../lib/uploaded-image';
import { parseInput } from '../../../lib/validate';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth, StaffCaller } from '../../operations/staff';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import type { ChatSettingsService } from './chat-settings.service';
import type { ChatService, Customer } from './chat.service';

/** A chat's messages: 30 a minute from either side; new chats: 5 an hour per address (guests need no account). */
export const CHAT_MESSAGE_RULE: RateRule = { name: 'chat-message', limit: 30, periodMs: 60_000 };
export const CHAT_START_RULE: RateRule = { name: 'chat-start:ip', limit: 5, periodMs: 60 * 60_000 };

/** Reads a message form: an optional text and at most one image checked by its bytes. */
const readMessage = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (image !== null) throw new AppError('TOO_MANY_FILES', 400, 'One image per message');
        const bytes = await part.toBuffer();
        image = { contentType: imageContentType(bytes, CHAT_IMAGE_MAX_BYTES), bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 413, 'Each image may be at most 5 MB');
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_FILES', 400, 'One image per message');
    throw new AppError('VALIDATION_FAILED', 400, 'The message must be sent as multipart/form-data');
  }
  assertStorable(fields, 'message');
  return { body: parseInput(ChatTextFieldsSchema, fields, 'message').body, image };
};

export type ChatRoutesOptions = {
  chat: ChatService;
  settings: ChatSettingsService;
  auth: Pick<Auth, 'optionalSession'>;
  merchantOf: MerchantResolver;
  staff: StaffAuth;
  limiter: RateLimiter;
};

/** Live chat: the customer's window (a member by session, a guest by chat token) and the support console. */
export const chatRoutes = async (
  app: FastifyInstance,
  { chat, settings, auth, merchantOf, staff, limiter }: ChatRoutesOptions,
) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 2, fields: 3, fieldSize: 10_000, parts: 5 },
  });
  const customerOf = async (request: FastifyRequest): Promise<{ merchantId: number; customer: Customer }> => {
    const session = await auth.optionalSession(request);
    if (session !== null)
      return { merchantId: session.merchantId, customer: { kind: 'member', memberId: session.memberId } };
    const token = request.headers[CHAT_TOKEN_HEADER];
    return {
      merchantId: (await merchantOf(request)).id,
      customer: { kind: 'guest', token: typeof token === 'string' && token.length <= 64 ? token : null },
    };
  };
  const limitMessages = (merchantId: number, chatId: string) =>
    enforceLimits(limiter, merchantId, [[CHAT_MESSAGE_RULE, chatId]]);

  route(app, 'GET', CHAT_API.hours, {
    guard: customerOf,
    handler: async ({ caller }) => chat.hours(caller.merchantId),
  });

  route(app, 'POST', CHAT_API.start, {
    guard: customerOf,
    what: { body: 'chat' },
    absentBody: {},
    handler: async ({ caller, body, request }) => {
      if (caller.customer.kind === 'guest') {
        await enforceLimits(limiter, caller.merchantId, [[CHAT_START_RULE, request.ip]]);
      }
      return chat.start(caller.merchantId, caller.customer, body);
    },
  });

  route(app, 'GET', CHAT_API.chat, {
    guard: customerOf,
    what: { params: 'chat' },
    handler: async ({ caller, params, query, reply }) => {
      void reply.header('cache-control', 'no-store');
      return chat.view(caller.merchantId, BigInt(params.id), caller.customer, query.after ? BigInt(query.after) : null);
    },
  });

  route(app, 'POST', CHAT_API.messages, {
    guard: customerOf,
    what: { params: 'chat' },
    options: { bodyLimit: CHAT_IMAGE_MAX_BYTES + 64_000 },
    handler: async ({ caller, params, request }) => {
      await limitMessages(caller.merchantId, params.id);
      const { body, image } = await readMessage(request);
      return chat.send(caller.merchantId, BigInt(params.id), caller.customer, body, image);
    },
  });

  route(app, 'POST', CHAT_API.typing, {
    guard: customerOf,
    what: { params: 'chat' },
    absentBody: {},
    handler: async ({ caller, params }) => {
      await chat.typing(caller.merchantId, BigInt(params.id), caller.customer);
      return done('ok');
    },
  });

  route(app, 'GET', CHAT_API.image, {
    guard: customerOf,
    what: { params: 'image' },
    handler: async ({ caller, params, reply }) =>
      sendImage(
        reply,
        await chat.image(caller.merchantId, BigInt(params.id), BigInt(params.messageId), caller.customer),
      ),
  });

  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'support.handle');
  const who = (caller: StaffCaller) => ({ staffId: BigInt(caller.staffId), staffName: caller.staff });

  route(app, 'GET', CHAT_OPS_API.chats, {
    guard,
    handler: async ({ caller, query }) => chat.list(caller.merchant.id, who(caller), query.status, query.q),
  });
  route(app, 'GET', CHAT_OPS_API.chat, {
    guard,
    what: { params: 'chat' },
    handler: async ({ caller, params, query }) =>
      chat.staffView(caller.merchant.id, BigInt(params.id), who(caller), query.after ? BigInt(query.after) : null),
  });
  route(app, 'POST', CHAT_OPS_API.take, {
    guard,
    what: { params: 'chat' },
    absentBody: {},
    handler: async ({ caller, params }) => chat.take(caller.merchant.id, BigInt(params.id), who(caller)),
  });
  route(app, 'POST', CHAT_OPS_API.messages, {
    guard,
    what: { params: 'chat' },
    options: { bodyLimit: CHAT_IMAGE_MAX_BYTES + 64_000 },
    handler: async ({ caller, params, request }) => {
      await limitMessages(caller.merchant.id, `staff:${params.id}`);
      const { body, image } = await readMessage(request);
      return chat.staffSend(caller.merchant.id, BigInt(params.id), who(caller), body, image);
    },
  });
  route(app, 'POST', CHAT_OPS_API.typing, {
    guard,
    what: { params: 'chat' },
    absentBody: {},
    handler: async ({ caller, params }) => {
      await chat.staffTyping(caller.merchant.id, BigInt(params.id));
      return done('ok');
    },
  });
  route(app, 'POST', CHAT_OPS_API.transfer, {
    guard,
    what: { params: 'chat', body: 'transfer' },
    absentBody: {},
    handler: async ({ caller, params, body }) =>
      chat.transfer(caller.merchant.id, BigInt(params.id), who(caller), body),
  });
  route(app, 'GET', CHAT_OPS_API.colleagues, {
    guard,
    handler: async ({ caller }) => chat.colleagues(caller.merchant.id),
  });
  route(app, 'POST', CHAT_OPS_API.close, {
    guard,
    what: { params: 'chat' },
    absentBody: {},
    handler: async ({ caller, params }) => chat.close(caller.merchant.id, BigInt(params.id), who(caller)),
  });
  route(app, 'GET', CHAT_OPS_API.image, {
    guard,
    what: { params: 'image' },
    handler: async ({ caller, params, reply }) =>
      sendImage(reply, await chat.image(caller.merchant.id, BigInt(params.id), BigInt(params.messageId), null)),
  });
  route(app, 'GET', CHAT_OPS_API.canned, {
    guard,
    handler: async ({ caller }) => settings.canned(caller.merchant.id),
  });
  route(app, 'POST', CHAT_OPS_API.canned, {
    guard,
    what: { body: 'canned reply' },
    handler: async ({ caller, body }) => settings.addCanned(caller, body),
  });
  route(app, 'PUT', CHAT_OPS_API.cannedOne, {
    guard,
    what: { params: 'canned reply', body: 'canned reply' },
    handler: async ({ caller, params, body }) => settings.updateCanned(caller, BigInt(params.id), body),
  });
  route(app, 'DELETE', CHAT_OPS_API.cannedOne, {
    guard,
    what: { params: 'canned reply' },
    handler: async ({ caller, params }) => {
      await settings.deleteCanned(caller, BigInt(params.id));
      return done('ok');
    },
  });

  const configGuard = (request: FastifyRequest) => staff.requireStaff(request, 'config.manage');
  route(app, 'GET', CHAT_OPS_API.hours, {
    guard: configGuard,
    handler: async ({ caller }) => settings.hours(caller.merchant.id),
  });
  route(app, 'PUT', CHAT_OPS_API.hours, {
    guard: configGuard,
    what: { body: 'consulting hours' },
    handler: async ({ caller, body }) => settings.setHours(caller, body),
  });
};
