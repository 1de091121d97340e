import {
  AGENT_USER_TYPES,
  DOWNLINE_COUNT_CAP,
  MEMBER_SEARCH_COUNT_CAP,
  TRIAL_USER_TYPE,
  UPLINE_CHAIN_MAX,
  USER_TYPE,
  formatMoney,
  isAgentType,
  isTrialType,
  type BetRecordPage,
  type MemberKind,
  type MemberLoginPage,
  type MemberNote,
  type MemberNotePage,
  type MemberPasswordResetRequest,
  type MemberPasswordResetResult,
  type MemberSearchPage,
  type MemberSearchQuerySchema,
  type MemberStatus,
  type MemberStatusAction,
  type MemberStatusRequest,
  type MemberStatusResult,
  type MemberSummary,
  type OpsMemberProfile,
  type TransactionPage,
} from '@platform/contracts';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit';
import type { BetsService } from '../bets';
import type { EmailProvider, SmsProvider } from '../messaging';
import type { StaffCaller } from '../staff';
import type { RecordsQuery, RecordsService } from '../transfer';
import type { WalletService } from '../wallet';
import {
  memberOpsRepository,
  type MemberSearchFilter,
  type MemberSummaryRow,
  type NoteRow,
} from './member-ops.repository';

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
  email: EmailProvider;
  sms: SmsProvider;
};

const memberNotFound = () => new AppError('NOT_FOUND', 404, 'Member not found');
const stateInvalid = (message: string) => new AppError('MEMBER_STATE_INVALID', 409, message);
const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, `${path}: ${message}`, { value: { fields: [{ path, message }] } });

const KIND_TYPES: Record<MemberKind, readonly number[]> = {
  MEMBER: [USER_TYPE.MEMBER],
  TRIAL: [TRIAL_USER_TYPE],
  AGENT: AGENT_USER_TYPES,
};

/** Both the kind and the exact type, when given, must hold: their intersection (possibly empty). */
const userTypesOf = (kind: MemberKind | undefined, userType: number | undefined): readonly number[] | undefined => {
  if (kind === undefined) return userType === undefined ? undefined : [userType];
  const types = KIND_TYPES[kind];
  return userType === undefined ? types : types.filter((type) => type === userType);
};

/**
 * A typed mobile number as the stored (country code, national number): `+63 917 123 4567` may split after 1 to 4
 * digits (each candidate is a lookup of members_mobile_key); `0917 123 4567` is a national number in any country.
 */
export const mobileFilterOf = (text: string): NonNullable<MemberSearchFilter['mobile']> => {
  const digits = text.replace(/[^0-9]/g, '');
  if (text.trim().startsWith('+')) {
    const pairs: [string, string][] = [];
    for (let split = 1; split <= 4 && split < digits.length; split += 1) {
      pairs.push([`+${digits.slice(0, split)}`, digits.slice(split).replace(/^0+/, '')]);
    }
    return { pairs, national: null };
  }
  return { pairs: [], national: digits.replace(/^0+/, '') };
};

/** `d***@example.com`, `+63 ******4567`: enough for staff to tell the member where to look. */
export const maskDestination = (channel: 'EMAIL' | 'SMS', address: string, countryCode?: string): string => {
  if (channel === 'EMAIL') {
    const [local = '', domain = ''] = address.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return `${countryCode ?? ''} ${'*'.repeat(Math.max(0, address.length - 4))}${address.slice(-4)}`.trim();
};

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

const toSummary = (row: MemberSummaryRow): MemberSummary => ({
  id: row.id.toString(),
  username: row.username,
  nickname: row.nickname,
  realName: row.realName,
  userType: row.userType,
  status: row.status,
  countryDialingCode: row.countryDialingCode,
  mobileNum: row.mobileNum,
  upline: row.upline,
  registeredAt: row.registeredAt.toISOString(),
  lastLoginAt: iso(row.lastLoginAt),
});

const toNote = (row: NoteRow): MemberNote => ({
  id: row.id.toString(),
  text: row.text,
  staff: row.staffUsername,
  createdAt: row.createdAt.toISOString(),
});

const totalPages = (count: number, pageSize: number) => Math.ceil(count / pageSize);

/** What each action needs and leaves: CLOSED is final, so nothing leads out of it. */
const TRANSITIONS: Record<MemberStatusAction, { from: readonly MemberStatus[]; to: MemberStatus; audit: string }> = {
  LOCK: { from: ['ACTIVE'], to: 'LOCKED', audit: 'member.lock' },
  UNLOCK: { from: ['LOCKED'], to: 'ACTIVE', audit: 'member.unlock' },
  CLOSE: { from: ['ACTIVE', 'LOCKED'], to: 'CLOSED', audit: 'member.close' },
};

const refusal = (action: MemberStatusAction, status: MemberStatus): AppError => {
  if (status === 'CLOSED') return stateInvalid('This account is closed; a closed account cannot be changed');
  if (action === 'LOCK') return stateInvalid('This account is already locked');
  return stateInvalid('This account is not locked');
};

/**
 * The back office's members and agents (issue 7). Every call takes the staff caller, whose merchant scopes every
 * read and write: a member of another merchant is answered exactly like one that does not exist (404). Every write
 * records its audit entry in its own transaction.
 */
export const memberOpsServiceFactory = (deps: MemberOpsServiceDeps) => {
  const { db, now } = deps;
  const repository = memberOpsRepository(db);

  /** The member's type and status; 404 when it is not the caller's merchant's. */
  const requireMember = async (caller: StaffCaller, memberId: bigint) => {
    const member = await repository.brief(caller.merchant.id, memberId);
    if (member === undefined) throw memberNotFound();
    return member;
  };

  const search = async (caller: StaffCaller, query: MemberSearch): Promise<MemberSearchPage> => {
    const merchantId = caller.merchant.id;
    let parentId: bigint | undefined;
    if (query.agent !== undefined) {
      parentId = await repository.findAgentId(merchantId, query.agent, AGENT_USER_TYPES);
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
      offset >= MEMBER_SEARCH_COUNT_CAP ? Promise.resolve([]) : repository.search(filter, offset, query.pageSize),
      repository.countSearch(filter, MEMBER_SEARCH_COUNT_CAP),
    ]);
    return { list: rows.map(toSummary), pageNo: query.pageNo, totalPages: totalPages(count, query.pageSize) };
  };

  const profile = async (caller: StaffCaller, memberId: bigint): Promise<OpsMemberProfile> => {
    const { merchant } = caller;
    const row = await repository.detail(merchant.id, memberId);
    if (row === undefined) throw memberNotFound();
    const [chain, downline, accounts] = await Promise.all([
      row.parentId === null ? Promise.resolve([]) : repository.uplineChain(merchant.id, row.parentId, UPLINE_CHAIN_MAX),
      isAgentType(row.userType) ? repository.countDownline(merchant.id, memberId, DOWNLINE_COUNT_CAP) : null,
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
      offset >= HISTORY_COUNT_CAP
        ? Promise.resolve([])
        : repository.logins(merchantId, memberId, offset, query.pageSize),
      repository.countLogins(merchantId, memberId, HISTORY_COUNT_CAP),
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

  const changeStatus = async (
    caller: StaffCaller,
    memberId: bigint,
    request: MemberStatusRequest,
  ): Promise<MemberStatusResult> => {
    const transition = TRANSITIONS[request.action];
    const merchantId = caller.merchant.id;
    return db.transaction(async (tx) => {
      const members = memberOpsRepository(tx);
      const current = await members.lockStatus(merchantId, memberId);
      if (current === undefined) throw memberNotFound();
      if (!transition.from.includes(current.status)) throw refusal(request.action, current.status);
      await members.setStatus(merchantId, memberId, transition.to, now());
      // A locked or closed member is logged out everywhere at once, not at its next request.
      const revoked = transition.to === 'ACTIVE' ? 0 : await deps.identity.revokeSessions(tx, merchantId, memberId);
      await recordAudit(tx, caller, {
        action: transition.audit,
        targetType: 'member',
        targetId: memberId.toString(),
        before: { status: current.status },
        after: { status: transition.to, sessionsRevoked: revoked },
        reason: request.reason,
      });
      return { id: memberId.toString(), status: transition.to, sessionsRevoked: revoked };
    });
  };

  /**
   * Sends the member a single-use reset link (identity's reset tokens; the member sets the password at
   * `/?resetToken=`). Staff never see the old password or choose the new one; the token is in the message only.
   */
  const resetPassword = async (
    caller: StaffCaller,
    memberId: bigint,
    request: MemberPasswordResetRequest,
    linkBase: string,
  ): Promise<MemberPasswordResetResult> => {
    const { merchant } = caller;
    const row = await repository.detail(merchant.id, memberId);
    if (row === undefined) throw memberNotFound();
    if (isTrialType(row.userType)) throw stateInvalid('A trial account has no password');
    if (row.status === 'CLOSED') throw stateInvalid('This account is closed');
    const email = row.email;
    const mobile = row.mobileNum !== null && row.countryDialingCode !== null ? row.mobileNum : null;
    if (request.channel === 'EMAIL' && email === null) throw fieldError('channel', 'the member has no email address');
    if (request.channel === 'SMS' && mobile === null) throw fieldError('channel', 'the member has no mobile number');
    const issued = await db.transaction(async (tx) => {
      const token = await deps.identity.issueResetToken(tx, merchant.id, memberId, STAFF_RESET_LINK_TTL_MS);
      await recordAudit(tx, caller, {
        action: 'member.password-reset',
        targetType: 'member',
        targetId: memberId.toString(),
        after: { channel: request.channel, expiresAt: new Date(token.expiresAtMs).toISOString() },
      });
      return token;
    });
    const link = `${linkBase}/?resetToken=${issued.token}`;
    if (request.channel === 'EMAIL' && email !== null) {
      await deps.email.send({
        merchantId: merchant.id,
        to: email,
        subject: `${merchant.name}: reset your password`,
        body: `Hello ${row.username},\n\nOur support team has sent you a link to choose a new password. Open it within 24 hours:\n${link}\n\nIt works once. If you did not ask for it, contact customer service.`,
      });
    } else if (mobile !== null && row.countryDialingCode !== null) {
      await deps.sms.send({
        merchantId: merchant.id,
        to: `${row.countryDialingCode}${mobile}`,
        text: `${merchant.name}: choose a new password within 24 hours at ${link}`,
      });
    }
    return {
      channel: request.channel,
      sentTo:
        request.channel === 'EMAIL'
          ? maskDestination('EMAIL', email ?? '')
          : maskDestination('SMS', mobile ?? '', row.countryDialingCode ?? undefined),
      expiresAt: new Date(issued.expiresAtMs).toISOString(),
    };
  };

  const notes = async (caller: StaffCaller, memberId: bigint, query: PageQuery): Promise<MemberNotePage> => {
    await requireMember(caller, memberId);
    const merchantId = caller.merchant.id;
    const offset = (query.pageNo - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      offset >= HISTORY_COUNT_CAP
        ? Promise.resolve([])
        : repository.notes(merchantId, memberId, offset, query.pageSize),
      repository.countNotes(merchantId, memberId, HISTORY_COUNT_CAP),
    ]);
    return { list: rows.map(toNote), pageNo: query.pageNo, totalPages: totalPages(count, query.pageSize) };
  };

  const addNote = async (caller: StaffCaller, memberId: bigint, text: string): Promise<MemberNote> => {
    const merchantId = caller.merchant.id;
    return db.transaction(async (tx) => {
      const members = memberOpsRepository(tx);
      if ((await members.brief(merchantId, memberId)) === undefined) throw memberNotFound();
      const note = await members.insertNote(
        merchantId,
        { memberId, staffId: caller.staffId, staffUsername: caller.staff, text },
        now(),
      );
      await recordAudit(tx, caller, {
        action: 'member.note',
        targetType: 'member',
        targetId: memberId.toString(),
        after: { noteId: note.id.toString(), text },
      });
      return toNote(note);
    });
  };

  return { search, profile, logins, transactions, bets, changeStatus, resetPassword, notes, addNote };
};

export type MemberOpsService = ReturnType<typeof memberOpsServiceFactory>;
