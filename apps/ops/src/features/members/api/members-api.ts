import {
  BetRecordPageSchema,
  MemberLoginPageSchema,
  MemberNotePageSchema,
  MemberNoteSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberStatusResultSchema,
  OpsMemberProfileSchema,
  TransactionPageSchema,
  type MemberPasswordResetRequest,
  type MemberStatusRequest,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Query keys: everything of one member starts with ['member', id], so a status change refreshes it all. */
export const memberKeys = {
  search: (query: Query) => ['members', query] as const,
  member: (memberId: string) => ['member', memberId] as const,
  part: (memberId: string, part: string, query: Query = {}) => ['member', memberId, part, query] as const,
};

export const searchMembers = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.members, { query, schema: MemberSearchPageSchema, signal });

export const getMember = (memberId: string, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.member, { memberId }), { schema: OpsMemberProfileSchema, signal });

export const getMemberLogins = (memberId: string, query: Query, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.memberLogins, { memberId }), { query, schema: MemberLoginPageSchema, signal });

export const getMemberTransactions = (memberId: string, query: Query, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.memberTransactions, { memberId }), { query, schema: TransactionPageSchema, signal });

export const getMemberBets = (memberId: string, query: Query, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.memberBets, { memberId }), { query, schema: BetRecordPageSchema, signal });

export const changeMemberStatus = (memberId: string, body: MemberStatusRequest) =>
  apiRequest(apiPath(OPS_API.memberStatus, { memberId }), { method: 'POST', body, schema: MemberStatusResultSchema });

export const resetMemberPassword = (memberId: string, body: MemberPasswordResetRequest) =>
  apiRequest(apiPath(OPS_API.memberPasswordReset, { memberId }), {
    method: 'POST',
    body,
    schema: MemberPasswordResetResultSchema,
  });

export const getMemberNotes = (memberId: string, query: Query, signal?: AbortSignal) =>
  apiRequest(apiPath(OPS_API.memberNotes, { memberId }), { query, schema: MemberNotePageSchema, signal });

export const addMemberNote = (memberId: string, text: string) =>
  apiRequest(apiPath(OPS_API.memberNotes, { memberId }), { method: 'POST', body: { text }, schema: MemberNoteSchema });
