import {
  AGENT_USER_TYPES,
  DOWNLINE_COUNT_CAP,
  MEMBER_SEARCH_COUNT_CAP,
  UPLINE_CHAIN_MAX,
  formatMoney,
  isAgentType,
  type BetRecordPage,
  type MemberLoginPage,
  type MemberNotePage,
  type MemberSearchPage,
  type MemberSearchQuerySchema,
  type OpsMemberProfile,
  type TransactionPage,
} from '@platform/contracts';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { BetsService } from '../../games/bets';
import type { MemberSearchFilter, MemberStaff } from '../../identity/identity';
import type { EmailProvider, SmsProvider } from '../../content/messaging';
import type { StaffCaller } from '../staff';
import type { RecordsQuery, RecordsService } from '../../money/transfer';
import type { WalletService } from '../../money/wallet';
import {
  fieldError,
  iso,
  memberNotFound,
  mobileFilterOf,
  toNote,
  toSummary,
  totalPages,
  userTypesOf,
} from './member-ops.mapping';
import { memberOpsRepository } from './member-ops.repository';

const HOUR_MS = 60 * 60_000;
/** A reset sent by staff lives longer than a self-service one (30 min): the member may read it hours later. */
export const STAFF_RESET_LINK_TTL_MS = 24 * HOUR_MS;
/** Pages of logins and notes past this many rows are not served (OFFSET would walk an unbounded index range). */
export const HISTORY_COUNT_CAP = 5_000;

export type MemberSearch = z.output<typeof MemberSearchQuerySchema>;
export type PageQuery = { pageNo: number; pageSize: number };

export type MemberOpsServiceDeps = {
  db: Database;
  now: Clock;
  wallet: Pick<WalletService, 'memberAccounts'>;
  records: Pick<RecordsService, 'list'>;
  bets: Pick<BetsService, 'list'>;
  /** Identity's staff actions: both run in the transaction that writes the audit entry. */
  identity: {
    revokeSessions: (tx: Queryable, merchantId: number, memberId: bigint) => Promise<number>;
    issueResetToken: (
      tx: Queryable,
      merchantId: number,
      memberId: bigint,
      ttlMs: number,
    ) => Promise<{ token: string; expiresAtMs: number }>;
  };
  /** Identity's reads of members and its status change (identity owns members and member_logins). */
  members: MemberStaff;
  email: EmailProvider;
  sms: SmsProvider;
};

/**
 * The back office's reads of members and agents (issue 7; the changes are in member-ops-actions.service.ts). Every
 * call takes the staff caller, whose merchant scopes every read: a member of another merchant is answered exactly like
 * one that does not exist (404).
 */
export const memberOpsServiceFactory = (deps: MemberOpsServiceDeps) => {
  const { members } = deps;
  const notesRepository = memberOpsRepository(deps.db);

  /** The member's type and status; 404 when it is not the caller's merchant's. */
  const requireMember = async (caller: StaffCaller, memberId: bigint) => {
    const member = await members.brief(caller.merchant.id, memberId);
    if (member === undefined) throw memberNotFound();
    return member;
  };

  const search = async (caller: StaffCaller, query: MemberSearch): Promise<MemberSearchPage> => {
    const merchantId = caller.merchant.id;
    let parentId: bigint | undefined;
    if (query.agent !== undefined) {
      parentId = await members.findAgentId(merchantId, query.agent, AGENT_USER_TYPES);
      if (parentId === undefined) throw fieldError('agent', 'no agent has this username');
    }
    const filter: MemberSearchFilter = {
      merchantId,
      usernamePrefix: query.username?.toLowerCase(),
      realNamePrefix: query.realName?.toLowerCase(),
      mobile: query.mobile === undefined ? undefined : mobileFilterOf(query.mobile),
      userTypes: userTypesOf(query.kind, query.userType),
      status: query.status,
      registeredFrom: query.registeredFrom,
      registeredTo: query.registeredTo,
      parentId,
    };
    const empty = { list: [], pageNo: query.pageNo, totalPages: 0 };
    if (filter.userTypes?.length === 0) return empty;
    const offset = (query.pageNo - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      offset >= MEMBER_SEARCH_COUNT_CAP ? Promise.resolve([]) : members.search(filter, offset, query.pageSize),
      members.countSearch(filter, MEMBER_SEARCH_COUNT_CAP),
    ]);
    return { list: rows.map(toSummary), pageNo: query.pageNo, totalPages: totalPages(count, query.pageSize) };
  };

  const profile = async (caller: StaffCaller, memberId: bigint): Promise<OpsMemberProfile> => {
    const { merchant } = caller;
    const row = await members.detail(merchant.id, memberId);
    if (row === undefined) throw memberNotFound();
    const [chain, downline, accounts] = await Promise.all([
      row.parentId === null ? Promise.resolve([]) : members.uplineChain(merchant.id, row.parentId, UPLINE_CHAIN_MAX),
      isAgentType(row.userType) ? members.countDownline(merchant.id, memberId, DOWNLINE_COUNT_CAP) : null,
      deps.wallet.memberAccounts(merchant, memberId),
    ]);
    return {
      ...toSummary(row),
      email: row.email,
      birthday: row.birthday,
      idNumber: row.idNumber,
      address: row.address,
      nationality: row.nationality,
      occupation: row.occupation,
      sourceOfIncome: row.sourceOfIncome,
      placeOfBirth: row.placeOfBirth,
      qqNum: row.qqNum,
      whatsapp: row.whatsapp,
      facebook: row.facebook,
      telegram: row.telegram,
      line: row.line,
      zalo: row.zalo,
      wechat: row.wechat,
      language: row.language,
      affiliateCode: row.affiliateCode,
      referrer: row.referrer,
      registerUrl: row.registerUrl,
      registerMethod: row.registerMethod,
      registerIp: row.registerIp,
      lastLoginIp: row.lastLoginIp,
      passwordChangedAt: iso(row.passwordChangedAt),
      hasPaymentPassword: row.hasPaymentPassword,
      uplineChain: chain.map((entry) => ({
        id: entry.id.toString(),
        username: entry.username,
        userType: entry.userType,
      })),
      directDownline: downline === null ? null : { count: downline, capped: downline >= DOWNLINE_COUNT_CAP },
      balances: accounts.map((account) => ({
        purpose: account.purpose,
        currency: account.currency,
        balance: formatMoney(account.balanceMinor, merchant.currencyScale),
      })),
    };
  };

  const logins = async (caller: StaffCaller, memberId: bigint, query: PageQuery): Promise<MemberLoginPage> => {
    await requireMember(caller, memberId);
    const merchantId = caller.merchant.id;
    const offset = (query.pageNo - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      offset >= HISTORY_COUNT_CAP ? Promise.resolve([]) : members.logins(merchantId, memberId, offset, query.pageSize),
      members.countLogins(merchantId, memberId, HISTORY_COUNT_CAP),
    ]);
    return {
      list: rows.map((row) => ({
        loggedInAt: row.loggedInAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        method: row.method as MemberLoginPage['list'][number]['method'],
      })),
      pageNo: query.pageNo,
      totalPages: totalPages(count, query.pageSize),
    };
  };

  /** The member-centre account record of this member (its CASH; a trial member's PLAY). */
  const transactions = async (caller: StaffCaller, memberId: bigint, query: RecordsQuery): Promise<TransactionPage> => {
    const member = await requireMember(caller, memberId);
    return deps.records.list(caller.merchant, { memberId, type: member.userType }, query);
  };

  /** The member-centre betting record of this member. */
  const bets = async (
    caller: StaffCaller,
    memberId: bigint,
    query: Parameters<BetsService['list']>[2],
  ): Promise<BetRecordPage> => {
    const member = await requireMember(caller, memberId);
    return deps.bets.list(caller.merchant, { memberId, type: member.userType }, query);
  };

  const notes = async (caller: StaffCaller, memberId: bigint, query: PageQuery): Promise<MemberNotePage> => {
    await requireMember(caller, memberId);
    const merchantId = caller.merchant.id;
    const offset = (query.pageNo - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      offset >= HISTORY_COUNT_CAP
        ? Promise.resolve([])
        : notesRepository.notes(merchantId, memberId, offset, query.pageSize),
      notesRepository.countNotes(merchantId, memberId, HISTORY_COUNT_CAP),
    ]);
    return { list: rows.map(toNote), pageNo: query.pageNo, totalPages: totalPages(count, query.pageSize) };
  };

  return { search, profile, logins, transactions, bets, notes };
};

export type MemberOpsReads = ReturnType<typeof memberOpsServiceFactory>;
