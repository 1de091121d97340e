import { timingSafeEqual } from 'node:crypto';
import {
  ROLE_PERMISSIONS,
  type ChatMessage,
  type ChatStarted,
  type OpsChat,
  type OpsChatMessage,
  type StaffRole,
} from '@platform/contracts';
import { AppError, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { UploadedImage } from '../../../lib/uploaded-image';
import type { ChatMessageRow, ChatRepository, ChatRow } from './chat.repository';

/** Who writes on the customer's side: a member by its session, or a guest by its chat token. */
export type Customer = { kind: 'member'; memberId: bigint } | { kind: 'guest'; token: string | null };
export type ChatStaff = { staffId: bigint; staffName: string };

/** A typing mark older than this is gone (the window sends one every few seconds while typing). */
export const TYPING_MS = 6_000;

/**
 * System lines in a chat are stored as codes the windows translate: `offline` (written outside the consulting hours),
 * `taken`, `transferred` and `closed`.
 */
export type ChatEvent = 'offline' | 'taken' | 'transferred' | 'closed';

const messageOf = (row: ChatMessageRow): ChatMessage => ({
  id: row.id.toString(),
  sender: row.sender,
  staffName: row.staffName,
  body: row.body,
  hasImage: row.hasImage,
  createdAt: row.createdAt.toISOString(),
});
const opsMessageOf = (row: ChatMessageRow): OpsChatMessage => ({ ...messageOf(row), internal: row.internal });

/** The roles whose staff answer chats: the colleagues a chat can be transferred to. */
export const SUPPORT_ROLES = (Object.keys(ROLE_PERMISSIONS) as StaffRole[]).filter(
  (role) => role !== 'super' && ROLE_PERMISSIONS[role].includes('support.handle'),
);

export const chatServiceFactory = ({ repository, now }: { repository: ChatRepository; now: Clock }) => {
  const at = () => new Date(now());
  const typing = (mark: Date | null) => mark !== null && now() - mark.getTime() < TYPING_MS;
  const summary = (row: ChatRow, side: 'customer' | 'staff') => ({
    id: row.id.toString(),
    status: row.status,
    offline: row.offline,
    staffName: row.staffName,
    otherTyping: typing(side === 'customer' ? row.staffTypingAt : row.memberTypingAt),
    createdAt: row.createdAt.toISOString(),
  });
  const opsChat = (row: ChatRow, staff: ChatStaff): OpsChat => ({
    ...summary(row, 'staff'),
    memberId: row.memberId?.toString() ?? null,
    username: row.username,
    guestName: row.guestName,
    guestContact: row.guestContact,
    lastMessageAt: row.lastMessageAt.toISOString(),
    mine: row.staffId === staff.staffId,
  });

  /** The customer's own chat; anyone else's (or a wrong token) is a 404, as if it did not exist. */
  const ownChat = async (merchantId: number, id: bigint, customer: Customer): Promise<ChatRow> => {
    const row = await repository.one(merchantId, id);
    const mine =
      row !== null &&
      (customer.kind === 'member'
        ? row.memberId === customer.memberId
        : customer.token !== null &&
          row.guestTokenHash !== null &&
          timingSafeEqual(Buffer.from(row.guestTokenHash), sha256(customer.token)));
    if (!mine) throw notFound('No such chat');
    return row;
  };
  /** An active chat is its agent's: a colleague cannot answer, transfer or close it (a transfer names who may). */
  const assertNotOthers = (row: ChatRow, staff: ChatStaff) => {
    if (row.status === 'ACTIVE' && row.staffId !== staff.staffId) {
      throw new AppError('CHAT_TAKEN', 409, `${row.staffName ?? 'Another agent'} is answering this chat`);
    }
  };
  const staffChat = async (merchantId: number, id: bigint) => {
    const row = await repository.one(merchantId, id);
    if (row === null) throw notFound('No such chat');
    return row;
  };
  const checkSendable = (row: ChatRow, body: string | undefined, image: UploadedImage | null) => {
    if (row.status === 'CLOSED') throw new AppError('CHAT_CLOSED', 409, 'This chat has ended: start a new one');
    if ((body === undefined || body === '') && image === null) {
      throw new AppError('VALIDATION_FAILED', 400, 'Write a message or attach an image');
    }
  };
  const event = (merchantId: number, chatId: bigint, code: ChatEvent, staffName: string | null) =>
    repository.addMessage(merchantId, chatId, { sender: 'SYSTEM', staffName, body: code, image: null }, at());

  return {
    hours: (merchantId: number) => repository.hours(merchantId, at()),

    async start(
      merchantId: number,
      customer: Customer,
      input: { name?: string | undefined; contact?: string | undefined },
    ): Promise<ChatStarted> {
      if (customer.kind === 'member') {
        const open = await repository.openOfMember(merchantId, customer.memberId);
        if (open !== null) return { ...summary(open, 'customer'), guestToken: null };
      } else if (input.name === undefined || input.contact === undefined) {
        throw new AppError('VALIDATION_FAILED', 400, 'Please leave your name and a contact');
      }
      const { open } = await repository.hours(merchantId, at());
      const token = customer.kind === 'guest' ? randomToken(32) : null;
      const id = await repository.insert(
        merchantId,
        customer.kind === 'member'
          ? { memberId: customer.memberId, guestName: null, guestContact: null, tokenHash: null }
          : {
              memberId: null,
              guestName: input.name ?? null,
              guestContact: input.contact ?? null,
              tokenHash: sha256(token ?? ''),
            },
        !open,
        at(),
      );
      if (!open) await event(merchantId, id, 'offline', null);
      const row = await staffChat(merchantId, id);
      return { ...summary(row, 'customer'), guestToken: token };
    },

    async view(merchantId: number, id: bigint, customer: Customer, after: bigint | null) {
      const row = await ownChat(merchantId, id, customer);
      return {
        chat: summary(row, 'customer'),
        messages: (await repository.messages(merchantId, id, after, false)).map(messageOf),
      };
    },

    async send(
      merchantId: number,
      id: bigint,
      customer: Customer,
      body: string | undefined,
      image: UploadedImage | null,
    ) {
      const row = await ownChat(merchantId, id, customer);
      checkSendable(row, body, image);
      const message = { sender: 'CUSTOMER' as const, staffName: null, body: body || null, image };
      return messageOf(await repository.addMessage(merchantId, id, message, at()));
    },

    async typing(merchantId: number, id: bigint, customer: Customer) {
      await ownChat(merchantId, id, customer);
      await repository.typing(merchantId, id, 'member', at());
    },

    async image(merchantId: number, id: bigint, messageId: bigint, customer: Customer | null) {
      if (customer !== null) await ownChat(merchantId, id, customer);
      const image = await repository.image(merchantId, id, messageId);
      if (image === null) throw notFound('No such image');
      return image;
    },

    // Staff
    list: async (
      merchantId: number,
      staff: ChatStaff,
      status: ChatRow['status'] | undefined,
      q: string | undefined,
    ) => ({
      list: (await repository.list(merchantId, status, q)).map((row) => opsChat(row, staff)),
    }),

    async staffView(merchantId: number, id: bigint, staff: ChatStaff, after: bigint | null) {
      const row = await staffChat(merchantId, id);
      const messages = await repository.messages(merchantId, id, after, true);
      return { chat: opsChat(row, staff), messages: messages.map(opsMessageOf) };
    },

    async take(merchantId: number, id: bigint, staff: ChatStaff) {
      const change = { status: 'ACTIVE' as const, ...staff };
      if (!(await repository.update(merchantId, id, change, ['QUEUED'], at()))) {
        throw new AppError('CHAT_CLOSED', 409, 'The chat is no longer waiting in the queue');
      }
      await event(merchantId, id, 'taken', staff.staffName);
      return opsChat(await staffChat(merchantId, id), staff);
    },

    async staffSend(
      merchantId: number,
      id: bigint,
      staff: ChatStaff,
      body: string | undefined,
      image: UploadedImage | null,
    ) {
      const row = await staffChat(merchantId, id);
      checkSendable(row, body, image);
      assertNotOthers(row, staff);
      // Answering a waiting chat takes it.
      if (row.status === 'QUEUED')
        await repository.update(merchantId, id, { status: 'ACTIVE', ...staff }, ['QUEUED'], at());
      const message = { sender: 'STAFF' as const, staffName: staff.staffName, body: body || null, image };
      return messageOf(await repository.addMessage(merchantId, id, message, at()));
    },

    async staffTyping(merchantId: number, id: bigint) {
      await repository.typing(merchantId, id, 'staff', at());
    },

    colleagues: async (merchantId: number) => ({
      list: (await repository.colleagues(merchantId, SUPPORT_ROLES)).map((row) => ({ ...row, id: row.id.toString() })),
    }),

    /**
     * To a named colleague, who alone may answer it from then on, or without one back to the queue for any agent. The
     * customer sees that they are being transferred; the note is a staff-internal line of the transcript.
     */
    async transfer(merchantId: number, id: bigint, staff: ChatStaff, to: { toStaffId?: string; note?: string }) {
      const row = await staffChat(merchantId, id);
      if (row.status !== 'ACTIVE') throw new AppError('CHAT_CLOSED', 409, 'Only an active chat can be transferred');
      assertNotOthers(row, staff);
      let change: { status: 'QUEUED' | 'ACTIVE'; staffId: bigint | null; staffName: string | null } = {
        status: 'QUEUED',
        staffId: null,
        staffName: null,
      };
      if (to.toStaffId !== undefined) {
        const target = BigInt(to.toStaffId);
        const [colleague] = await repository.colleagues(merchantId, SUPPORT_ROLES, target);
        if (colleague === undefined || target === staff.staffId) {
          throw new AppError('VALIDATION_FAILED', 400, 'Choose a colleague who answers chats', {
            value: { fields: [{ path: 'toStaffId', message: 'is not a colleague who answers chats' }] },
          });
        }
        change = { status: 'ACTIVE', staffId: colleague.id, staffName: colleague.username };
      }
      if (!(await repository.update(merchantId, id, change, ['ACTIVE'], at()))) {
        throw new AppError('CHAT_CLOSED', 409, 'Only an active chat can be transferred');
      }
      await event(merchantId, id, 'transferred', staff.staffName);
      if (to.note) {
        const note = {
          sender: 'STAFF' as const,
          staffName: staff.staffName,
          body: to.note,
          image: null,
          internal: true,
        };
        await repository.addMessage(merchantId, id, note, at());
      }
      return opsChat(await staffChat(merchantId, id), staff);
    },

    async close(merchantId: number, id: bigint, staff: ChatStaff) {
      const row = await staffChat(merchantId, id);
      assertNotOthers(row, staff);
      const change = {
        status: 'CLOSED' as const,
        staffId: row.staffId ?? staff.staffId,
        staffName: row.staffName ?? staff.staffName,
      };
      if (!(await repository.update(merchantId, id, change, ['QUEUED', 'ACTIVE'], at()))) {
        throw new AppError('CHAT_CLOSED', 409, 'The chat has already ended');
      }
      await event(merchantId, id, 'closed', staff.staffName);
      return opsChat(await staffChat(merchantId, id), staff);
    },
  };
};

export type ChatService = ReturnType<typeof chatServiceFactory>;
