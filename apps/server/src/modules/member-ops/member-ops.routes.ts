import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BetRecordPageSchema,
  BetRecordQuerySchema,
  MemberLoginPageSchema,
  MemberLoginsQuerySchema,
  MemberNotePageSchema,
  MemberNoteRequestSchema,
  MemberNoteSchema,
  MemberNotesQuerySchema,
  MemberParamsSchema,
  MemberPasswordResetRequestSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberSearchQuerySchema,
  MemberStatusRequestSchema,
  MemberStatusResultSchema,
  OpsMemberProfileSchema,
  TransactionPageSchema,
  TransactionsQuerySchema,
  OPS_API,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
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

const memberIdOf = (request: FastifyRequest): bigint =>
  BigInt(parseInput(MemberParamsSchema, request.params, 'member').memberId);

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

  app.get(OPS_API.members, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const query = parseInput(MemberSearchQuerySchema, request.query, 'search');
    noStore(reply);
    return success(MemberSearchPageSchema, await service.search(caller, query));
  });

  app.get(OPS_API.member, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const memberId = memberIdOf(request);
    noStore(reply);
    return success(OpsMemberProfileSchema, await service.profile(caller, memberId));
  });

  app.get(OPS_API.memberLogins, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const memberId = memberIdOf(request);
    const query = parseInput(MemberLoginsQuerySchema, request.query, 'query');
    noStore(reply);
    return success(MemberLoginPageSchema, await service.logins(caller, memberId, query));
  });

  app.get(OPS_API.memberTransactions, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const memberId = memberIdOf(request);
    const query = parseInput(TransactionsQuerySchema, request.query, 'account record query');
    noStore(reply);
    return success(TransactionPageSchema, await service.transactions(caller, memberId, query));
  });

  app.get(OPS_API.memberBets, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const memberId = memberIdOf(request);
    const query = parseInput(BetRecordQuerySchema, request.query, 'betting record query');
    noStore(reply);
    return success(BetRecordPageSchema, await service.bets(caller, memberId, query));
  });

  app.post(OPS_API.memberStatus, async (request) => {
    const caller = await staff.requireStaff(request, 'members.status');
    const memberId = memberIdOf(request);
    const body = parseInput(MemberStatusRequestSchema, request.body, 'status change');
    const result = await service.changeStatus(caller, memberId, body);
    request.log.info({ staff: caller.staff, member: result.id, status: result.status }, 'member status changed');
    return success(MemberStatusResultSchema, result);
  });

  app.post(OPS_API.memberPasswordReset, async (request) => {
    const caller = await staff.requireStaff(request, 'members.password');
    const memberId = memberIdOf(request);
    const body = parseInput(MemberPasswordResetRequestSchema, request.body, 'password reset');
    const result = await service.resetPassword(caller, memberId, body, await linkBaseOf(request, caller, options));
    request.log.info({ staff: caller.staff, member: memberId.toString() }, 'member password reset sent');
    return success(MemberPasswordResetResultSchema, result);
  });

  app.get(OPS_API.memberNotes, async (request, reply) => {
    const caller = await staff.requireStaff(request, 'members.view');
    const memberId = memberIdOf(request);
    const query = parseInput(MemberNotesQuerySchema, request.query, 'query');
    noStore(reply);
    return success(MemberNotePageSchema, await service.notes(caller, memberId, query));
  });

  app.post(OPS_API.memberNotes, async (request) => {
    const caller = await staff.requireStaff(request, 'members.note');
    const memberId = memberIdOf(request);
    const { text } = parseInput(MemberNoteRequestSchema, request.body, 'note');
    return success(MemberNoteSchema, await service.addNote(caller, memberId, text));
  });
};
