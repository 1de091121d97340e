import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INBOX_API, INBOX_OPS_API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { StaffAuth } from '../../operations/staff';
import type { InboxService } from './inbox.service';

export type InboxRoutesOptions = {
  inbox: InboxService;
  auth: Pick<Auth, 'requireMember'>;
  merchantOf: MerchantResolver;
  staff: StaffAuth;
};

/**
 * The member's internal messages (spec messageV2; trial members have none: real accounts only) and the back office's
 * sending. Every member call acts on the session's own messages: an id of someone else's is a 404.
 */
export const inboxRoutes = async (app: FastifyInstance, { inbox, auth, merchantOf, staff }: InboxRoutesOptions) => {
  route(app, 'GET', INBOX_API.messages, {
    guard: auth.requireMember,
    what: { query: 'messages query' },
    handler: async ({ caller, query, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return inbox.page(await merchantOf(request), caller.memberId, query);
    },
  });

  route(app, 'GET', INBOX_API.unread, {
    guard: auth.requireMember,
    handler: async ({ caller, reply }) => {
      void reply.header('cache-control', 'no-store');
      return inbox.unread(caller.merchantId, caller.memberId);
    },
  });

  route(app, 'POST', INBOX_API.readAll, {
    guard: auth.requireMember,
    absentBody: {},
    handler: async ({ caller }) => inbox.markAllRead(caller.merchantId, caller.memberId),
  });

  route(app, 'POST', INBOX_API.read, {
    guard: auth.requireMember,
    what: { params: 'message' },
    handler: async ({ caller, params }) => inbox.mark(caller.merchantId, caller.memberId, BigInt(params.id), 'read'),
  });

  route(app, 'DELETE', INBOX_API.message, {
    guard: auth.requireMember,
    what: { params: 'message' },
    handler: async ({ caller, params }) => inbox.mark(caller.merchantId, caller.memberId, BigInt(params.id), 'deleted'),
  });

  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'messages.send');

  route(app, 'GET', INBOX_OPS_API.messages, {
    guard,
    handler: async ({ caller, query }) => inbox.sent(caller.merchant, query.pageNo, query.pageSize),
  });

  route(app, 'POST', INBOX_OPS_API.messages, {
    guard,
    what: { body: 'message' },
    handler: async ({ caller, body, request }) => {
      const message = await inbox.send(caller.merchant, caller.staff, body);
      request.log.info({ staff: caller.staff, message: message.id, audience: message.audience }, 'message sent');
      return message;
    },
  });

  route(app, 'DELETE', INBOX_OPS_API.message, {
    guard,
    what: { params: 'message' },
    handler: async ({ caller, params, request }) => {
      await inbox.withdraw(caller.merchant, BigInt(params.id));
      request.log.info({ staff: caller.staff, message: params.id }, 'message withdrawn');
      return done('Message withdrawn');
    },
  });
};
