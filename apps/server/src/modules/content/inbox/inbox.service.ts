import {
  isAgentType,
  type InboxPage,
  type InboxQuery,
  type MessageTranslation,
  type OpsMessage,
  type OpsMessageCreate,
  type OpsMessagePage,
  type SystemMessageTopic,
} from '@platform/contracts';
import { AppError, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { InboxRepository, MessageRow, NewMessage, Reader } from './inbox.repository';
import { systemTexts, type SystemValues } from './system-texts';

/**
 * The VIP module's answer to "which level is this member" (issue 22 segments). The inbox defines the port; without a
 * VIP module every member has no level and a VIP segment reaches nobody.
 */
export type VipLevelPort = { levelOf(merchantId: number, memberId: bigint): Promise<number | null> };
export const NO_VIP: VipLevelPort = { levelOf: async () => null };

/** Where a change of someone's unread count goes (the realtime gateway, through the event bus). */
export type UnreadNotifier = {
  member(merchantId: number, memberId: bigint, unreadMessage: number | null): void;
  broadcast(merchantId: number): void;
};

export type InboxServiceDeps = {
  repository: InboxRepository;
  now: Clock;
  vip: VipLevelPort;
  notify: UnreadNotifier;
};

/** The text in the reader's language, else the merchant's default, else the first one written. */
export const pickTranslation = (list: MessageTranslation[], language: string | undefined, fallback: string) => {
  const find = (code: string | undefined) => list.find((t) => t.language.toUpperCase() === code?.toUpperCase());
  return find(language) ?? find(fallback) ?? list[0] ?? { language: fallback, title: '', content: '' };
};

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const inboxServiceFactory = ({ repository, now, vip, notify }: InboxServiceDeps) => {
  const readerOf = async (merchantId: number, memberId: bigint): Promise<Reader> => {
    const [facts, vipLevel] = await Promise.all([
      repository.readerFacts(merchantId, memberId),
      vip.levelOf(merchantId, memberId),
    ]);
    if (facts === null) throw notFound('No such member');
    return {
      merchantId,
      memberId,
      registeredAt: facts.createdAt,
      isAgent: isAgentType(facts.userType),
      vipLevel,
      uplines: facts.uplines ?? [],
    };
  };
  const at = () => new Date(now());
  const unreadOf = async (reader: Reader) => ({ unreadMessage: await repository.unread(reader, at()) });

  const mapRow = (row: MessageRow, language: string | undefined, fallback: string) => {
    const text = pickTranslation(row.translations, language, fallback);
    return {
      id: row.id.toString(),
      kind: row.kind,
      title: text.title,
      content: text.content,
      sentAt: row.sendAt.toISOString(),
      read: row.read,
    };
  };

  /** Sends one message to one member now (system messages; idempotent by `dedupeKey`). */
  const sendDirect = async (
    merchantId: number,
    memberId: bigint,
    message: { kind: 'STAFF' | 'SYSTEM'; translations: MessageTranslation[]; dedupeKey: string | null },
  ) => {
    const id = await repository.insert(merchantId, {
      ...message,
      audience: 'MEMBER',
      segment: null,
      sendAt: at(),
      pushed: true,
      createdBy: null,
      recipients: [memberId],
    });
    if (id !== null)
      notify.member(merchantId, memberId, (await unreadOf(await readerOf(merchantId, memberId))).unreadMessage);
    return id;
  };

  return {
    async page(merchant: Merchant, memberId: bigint, query: InboxQuery): Promise<InboxPage> {
      const reader = await readerOf(merchant.id, memberId);
      const offset = (query.pageNo - 1) * query.pageSize;
      const [{ rows, total }, unread] = await Promise.all([
        repository.page(reader, at(), query.pageSize, offset),
        repository.unread(reader, at()),
      ]);
      return {
        list: rows.map((row) => mapRow(row, query.language, merchant.defaultLanguage)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: pages(total, query.pageSize),
        unreadMessage: unread,
      };
    },

    unread: async (merchantId: number, memberId: bigint) => unreadOf(await readerOf(merchantId, memberId)),

    /** Read or delete one of the member's own messages; another member's (or none) is a 404, and writes nothing. */
    async mark(merchantId: number, memberId: bigint, id: bigint, what: 'read' | 'deleted') {
      const reader = await readerOf(merchantId, memberId);
      if (!(await repository.mark(reader, at(), id, what))) throw notFound('No such message');
      const count = await unreadOf(reader);
      notify.member(merchantId, memberId, count.unreadMessage);
      return count;
    },

    async markAllRead(merchantId: number, memberId: bigint) {
      const reader = await readerOf(merchantId, memberId);
      await repository.markAllRead(reader, at());
      notify.member(merchantId, memberId, 0);
      return { unreadMessage: 0 };
    },

    /**
     * A system message from another module (deposit credited, withdrawal paid, bonus granted, contract offered,
     * mission completed), in every language the platform writes it in. `key` makes it idempotent: the same business
     * event (an order number, a grant id) sends one message however often it is reported.
     */
    system: (merchantId: number, memberId: bigint, topic: SystemMessageTopic, key: string, values: SystemValues) =>
      sendDirect(merchantId, memberId, {
        kind: 'SYSTEM',
        translations: systemTexts(topic, values),
        dedupeKey: `${topic}:${key}`,
      }),

    async send(merchant: Merchant, staff: string, input: OpsMessageCreate): Promise<OpsMessage> {
      const nowDate = at();
      const sendAt =
        input.sendAt === undefined ? nowDate : new Date(Math.max(Date.parse(input.sendAt), nowDate.getTime()));
      const pushed = sendAt.getTime() <= nowDate.getTime();
      const base: Omit<NewMessage, 'audience' | 'segment' | 'recipients'> = {
        kind: 'STAFF',
        translations: input.translations,
        dedupeKey: null,
        sendAt,
        pushed,
        createdBy: staff,
      };
      const { audience } = input;
      let message: NewMessage;
      if (audience.kind === 'MEMBERS') {
        const wanted = [...new Set(audience.usernames.map((u) => u.toLowerCase()))];
        const found = await repository.memberIds(merchant.id, wanted);
        const missing = wanted.filter((u) => !found.some((row) => row.username.toLowerCase() === u));
        if (missing.length > 0) {
          throw new AppError('MEMBER_NOT_FOUND', 404, `No such member: ${missing.slice(0, 5).join(', ')}`);
        }
        message = { ...base, audience: 'MEMBERS', segment: null, recipients: found.map((row) => row.id) };
      } else if (audience.kind === 'SEGMENT') {
        const { segment } = audience;
        let agentId: bigint | null = null;
        if (segment.agentUsername !== undefined) {
          const [agent] = await repository.memberIds(merchant.id, [segment.agentUsername]);
          if (agent === undefined || !isAgentType(agent.userType)) {
            throw new AppError('MEMBER_NOT_FOUND', 404, `No such agent: ${segment.agentUsername}`);
          }
          agentId = agent.id;
        }
        message = {
          ...base,
          audience: 'SEGMENT',
          recipients: [],
          segment: {
            vipLevels: segment.vipLevels ?? null,
            agentId,
            registeredFrom: segment.registeredFrom ?? null,
            registeredTo: segment.registeredTo ?? null,
            lastActiveFrom: segment.lastActiveFrom ?? null,
            lastActiveTo: segment.lastActiveTo ?? null,
          },
        };
      } else {
        message = { ...base, audience: audience.kind, segment: null, recipients: [] };
      }
      const id = await repository.insert(merchant.id, message);
      if (id === null) throw new Error('message not inserted');
      if (pushed) await pushOf(merchant.id, id, message.audience, message.recipients);
      return {
        id: id.toString(),
        kind: 'STAFF',
        audience: message.audience,
        recipients: message.recipients.length > 0 ? message.recipients.length : null,
        translations: input.translations,
        sendAt: sendAt.toISOString(),
        createdBy: staff,
        reads: 0,
      };
    },

    async sent(merchant: Merchant, pageNo: number, pageSize: number): Promise<OpsMessagePage> {
      const { rows, total } = await repository.sent(merchant.id, pageSize, (pageNo - 1) * pageSize);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          audience: row.audience,
          recipients: row.recipients,
          translations: row.translations,
          sendAt: row.sendAt.toISOString(),
          createdBy: row.createdBy,
          reads: row.reads,
        })),
        pageNo,
        pageSize,
        total,
        totalPages: pages(total, pageSize),
      };
    },

    async withdraw(merchant: Merchant, id: bigint) {
      if (!(await repository.withdraw(merchant.id, id, at()))) throw notFound('No such message');
      notify.broadcast(merchant.id);
    },

    /** The scheduled messages whose time came: their push goes out once (the inbox.scheduled job). */
    async pushDue(batch: number): Promise<number> {
      const due = await repository.due(at(), batch);
      for (const row of due) {
        const recipients =
          row.audience === 'MEMBER' || row.audience === 'MEMBERS'
            ? await repository.recipientsOf(row.merchantId, row.id)
            : [];
        await pushOf(row.merchantId, row.id, row.audience, recipients);
      }
      return due.length;
    },
  };

  /**
   * A broadcast is announced to the merchant's room without a count (each client asks for its own); a direct message
   * to a few members carries each one's count, to a long list none (their clients ask).
   */
  async function pushOf(merchantId: number, _id: bigint, audience: NewMessage['audience'], recipients: bigint[]) {
    if (audience !== 'MEMBER' && audience !== 'MEMBERS') {
      notify.broadcast(merchantId);
      return;
    }
    for (const memberId of recipients) {
      const count =
        recipients.length <= 20 ? (await unreadOf(await readerOf(merchantId, memberId))).unreadMessage : null;
      notify.member(merchantId, memberId, count);
    }
  }
};

export type InboxService = ReturnType<typeof inboxServiceFactory>;
