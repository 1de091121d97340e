import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPS_API, type StaffPermission } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { StaffAuth, StaffCaller } from '../staff';
import type { MemberOpsActions } from './member-ops-actions.service';
import type { MemberOpsReads } from './member-ops.service';

/** The back office's reads of members and its changes to them (two services, one set of routes). */
export type MemberOpsService = MemberOpsReads & MemberOpsActions;

export type MemberOpsRoutesOptions = {
  service: MemberOpsService;
  staff: StaffAuth;
  /** Whether a host is one of the merchant's own domains (reset links point there, else at its main domain). */
  ownsHost: (merchantId: number, host: string) => Promise<boolean>;
};

/** Member data is personal: no cache keeps a copy. */
const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/**
 * Where a reset link points: this request's host when it is one of the merchant's own domains, else the merchant's
 * main domain. Never a host the caller made up (reset-link poisoning through the Host header).
 */
const linkBaseOf = async (request: FastifyRequest, caller: StaffCaller, options: MemberOpsRoutesOptions) =>
  (await options.ownsHost(caller.merchant.id, request.host))
    ? `${request.protocol}://${request.host}`
    : `https://${caller.merchant.mainDomain}`;

/**
 * Staff API for members and agents (issue 7). Every handler asks for its permission first, before reading any input;
 * the service scopes everything to the caller's merchant.
 */
export const memberOpsRoutes = async (app: FastifyInstance, options: MemberOpsRoutesOptions) => {
  const { service, staff } = options;

  const may = (permission: StaffPermission) => (request: FastifyRequest) => staff.requireStaff(request, permission);

  route(app, 'GET', OPS_API.members, {
    guard: may('members.view'),
    what: { query: 'search' },
    handler: async ({ caller, query, reply }) => {
      noStore(reply);
      return service.search(caller, query);
    },
  });

  route(app, 'GET', OPS_API.member, {
    guard: may('members.view'),
    what: { params: 'member' },
    handler: async ({ caller, params, reply }) => {
      noStore(reply);
      return service.profile(caller, BigInt(params.memberId));
    },
  });

  route(app, 'GET', OPS_API.memberLogins, {
    guard: may('members.view'),
    what: { params: 'member' },
    handler: async ({ caller, params, query, reply }) => {
      noStore(reply);
      return service.logins(caller, BigInt(params.memberId), query);
    },
  });

  route(app, 'GET', OPS_API.memberTransactions, {
    guard: may('members.view'),
    what: { params: 'member', query: 'account record query' },
    handler: async ({ caller, params, query, reply }) => {
      noStore(reply);
      return service.transactions(caller, BigInt(params.memberId), query);
    },
  });

  route(app, 'GET', OPS_API.memberBets, {
    guard: may('members.view'),
    what: { params: 'member', query: 'betting record query' },
    handler: async ({ caller, params, query, reply }) => {
      noStore(reply);
      return service.bets(caller, BigInt(params.memberId), query);
    },
  });

  route(app, 'POST', OPS_API.memberStatus, {
    guard: may('members.status'),
    what: { params: 'member', body: 'status change' },
    handler: async ({ caller, params, body, request }) => {
      const result = await service.changeStatus(caller, BigInt(params.memberId), body);
      request.log.info({ staff: caller.staff, member: result.id, status: result.status }, 'member status changed');
      return result;
    },
  });

  route(app, 'POST', OPS_API.memberPasswordReset, {
    guard: may('members.password'),
    what: { params: 'member', body: 'password reset' },
    handler: async ({ caller, params, body, request }) => {
      const memberId = BigInt(params.memberId);
      const result = await service.resetPassword(caller, memberId, body, await linkBaseOf(request, caller, options));
      request.log.info({ staff: caller.staff, member: memberId.toString() }, 'member password reset sent');
      return result;
    },
  });

  route(app, 'GET', OPS_API.memberNotes, {
    guard: may('members.view'),
    what: { params: 'member' },
    handler: async ({ caller, params, query, reply }) => {
      noStore(reply);
      return service.notes(caller, BigInt(params.memberId), query);
    },
  });

  route(app, 'POST', OPS_API.memberNotes, {
    guard: may('members.note'),
    what: { params: 'member', body: 'note' },
    handler: async ({ caller, params, body }) => service.addNote(caller, BigInt(params.memberId), body.text),
  });
};
