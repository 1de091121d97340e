import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { CaptchaService } from '../captcha';
import type { Merchant, MerchantService } from '../../platform/merchant';
import type { EmailProvider } from '../../content/messaging';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SealedService } from '../sealed';
import type { VerificationService } from '../verification';
import { accountServiceFactory } from './account.service';
import { createAuth } from './auth';
import { cachedMerchantResolver } from './identity.context';
import { loginDays } from './login-days';
import { loginGuardFactory } from './login-guard';
import { loginIssuerFactory } from './login-issuer';
import { loginServiceFactory } from './login.service';
import { memberRepository } from './member.repository';
import { memberRoutes } from './member.routes';
import { mobileServiceFactory } from './mobile.service';
import { dummyHashOf, type PasswordHasher } from './password-hasher';
import { passwordRoutes } from './password.routes';
import { passwordServiceFactory } from './password.service';
import { registrationRoutes } from './registration.routes';
import { registrationServiceFactory } from './registration.service';
import { resetTokenRepository } from './reset-token.repository';
import { sessionRepository } from './session.repository';
import { sessionRoutes } from './session.routes';
import { noGameSessions, sessionServiceFactory, type GameSessionEnder, type Session } from './session.service';
import { smsCodeServiceFactory } from './sms-code.service';
import { downlineAccountsFactory } from './downline-accounts.service';
import { noInvitations, noReferrals, type InvitationPort, type ReferralPort } from './invitations';
import { memberStaffFactory } from './member-staff.service';

export type { Auth } from './auth';
export type { Invitation, InvitationPort, Referral, ReferralPort } from './invitations';
export type { NewDownline } from './downline-accounts.service';
export type { GameSessionEnder, Session, SessionLookup } from './session.service';
export type { MemberRow } from './member.repository';
export type { MerchantResolver, RequestContext } from './identity.context';
export {
  PASSWORD_HASH_PARAMS,
  TEST_PASSWORD_HASH_PARAMS,
  argon2Hasher,
  countingHasher,
  type Argon2Params,
  type HashMetrics,
  type PasswordHasher,
} from './password-hasher';
export { LOGIN_RULES } from './login-guard';
export { PAYMENT_PASSWORD_RULE } from './account.service';
export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.service';
export type { MemberMove, MemberStaff, TreeLevelFilter, TreeNodeRow } from './member-staff.service';
export {
  searchStatements,
  type LoginHistoryRow,
  type MemberDetailRow,
  type MemberSearchFilter,
  type MemberSummaryRow,
} from './member-staff.repository';

export type IdentityModuleDeps = {
  db: Database;
  merchants: MerchantService;
  limiter: RateLimiter;
  sealed: SealedService;
  captcha: CaptchaService;
  verification: VerificationService;
  email: EmailProvider;
  hasher: PasswordHasher;
  now: Clock;
  /** The wallet's play-money hook (issue 4), awaited on free-play login before the session is issued. */
  onTrialCreated?: (merchant: Merchant, memberId: bigint) => Promise<void>;
  /** Ends the member's game sessions when its sessions end (logout, password change, lock; ADR 0019). */
  endGameSessions?: GameSessionEnder;
  /** Agents' invitation links, asked on registration with a code (the agents module implements it). */
  invitations?: InvitationPort;
  /** Members' referral codes, asked on registration with a referralCode (engagement/referral implements it). */
  referrals?: ReferralPort;
};

const DAY_MS = 24 * 60 * 60_000;
/** Ended sessions are kept 30 days for audit; login history 180 days (the member sees the last 10). */
const SESSION_RETENTION_MS = 30 * DAY_MS;
const LOGIN_RETENTION_MS = 180 * DAY_MS;

/**
 * Members, sessions and everything around them (issue 3). Returns the auth helpers other modules use, the routes, and
 * the housekeeping of its tables.
 */
export const createIdentityModule = (deps: IdentityModuleDeps) => {
  const { db, merchants, limiter, hasher, now } = deps;
  const endGameSessions = deps.endGameSessions ?? noGameSessions;
  const merchantOf = cachedMerchantResolver(merchants.resolveByHost);
  const members = memberRepository(db);
  const sessions = sessionServiceFactory({ db, now, endGameSessions });
  const auth = createAuth({ sessions, merchantOf });
  const issuer = loginIssuerFactory({ sessions });
  const guard = loginGuardFactory({ limiter, captcha: deps.captcha });
  const login = loginServiceFactory({
    ...{ members, merchants, guard, hasher, issuer, limiter, now },
    dummyHash: dummyHashOf(hasher),
    onTrialCreated: deps.onTrialCreated,
    verification: deps.verification,
  });
  const registration = registrationServiceFactory({
    ...{ members, merchants, hasher, issuer, limiter, now },
    captcha: deps.captcha,
    verification: deps.verification,
    invitations: deps.invitations ?? noInvitations,
    referrals: deps.referrals ?? noReferrals,
  });
  const passwords = passwordServiceFactory({
    ...{ db, merchants, hasher, issuer, limiter, now, endGameSessions },
    verification: deps.verification,
    email: deps.email,
  });
  const account = accountServiceFactory({ members, sessions, merchants, hasher, limiter, now });
  const mobile = mobileServiceFactory({
    ...{ members, merchants, account, hasher, limiter, now },
    verification: deps.verification,
  });
  const smsCodes = smsCodeServiceFactory({ members, merchants, verification: deps.verification });

  const routes = async (app: FastifyInstance) => {
    const sealed = deps.sealed;
    await app.register(sessionRoutes, { login, sessions, sealed, auth, merchantOf });
    await app.register(memberRoutes, { account, mobile, passwords, sealed, auth, merchantOf });
    await app.register(registrationRoutes, { registration, smsCodes, sealed, merchantOf });
    await app.register(passwordRoutes, { passwords, merchants, sealed, merchantOf });
  };

  return {
    auth,
    routes,
    /** What other modules may read of members (the wallet: payee name, upline, payment password). */
    directory: {
      byId: (merchantId: number, memberId: bigint) => members.findById(merchantId, memberId),
      byUsername: (merchantId: number, username: string) => members.findByUsername(merchantId, username),
      checkPaymentPassword: account.checkPaymentPassword,
      /** Active members whose birthday is on a business day (yyyy-MM-dd), the VIP birthday bonus (read only). */
      birthdaysOn: (merchantId: number, day: string) => members.birthdaysOn(merchantId, day),
      /** The session of a member's first login (notices for execution F, spec §3). */
      isFirstLoginSession: (session: Session) => sessionRepository(db).isFirstLogin(session.merchantId, session.id),
      /** The business days the member logged in, `from`..`to` (missions' login streak, issue 21). */
      loginDays: (merchantId: number, memberId: bigint, from: string, to: string) =>
        loginDays(db, merchantId, memberId, from, to),
    },
    /**
     * The back office's actions on a member (member-ops, issue 7). Each runs in the caller's transaction, so the staff
     * audit entry commits exactly when the change does.
     */
    staffActions: {
      /**
       * Ends every live session of the member and its game sessions (locking or closing logs it out everywhere);
       * returns how many platform sessions ended.
       */
      revokeSessions: async (tx: Queryable, merchantId: number, memberId: bigint): Promise<number> => {
        const revoked = await sessionRepository(tx).revokeAllOfMember(merchantId, memberId, now());
        await endGameSessions(tx, merchantId, memberId);
        return revoked;
      },
      /**
       * A single-use reset link token for the member (the same as forgot-by-email's, completed at `/?resetToken=`);
       * the member's earlier links stop working. The token is returned once, to be sent to the member, never stored.
       */
      issueResetToken: async (tx: Queryable, merchantId: number, memberId: bigint, ttlMs: number) => {
        const token = randomToken();
        const nowMs = now();
        await resetTokenRepository(tx).issue(merchantId, memberId, sha256(token), nowMs, nowMs + ttlMs);
        return { token, expiresAtMs: nowMs + ttlMs };
      },
    },
    /** Accounts an agent creates for its own downline (the agents module decides who may create what). */
    downlineAccounts: downlineAccountsFactory({ db, merchants, hasher, now }),
    /** The back office's reads of members and their status changes (member-ops, issue 7; member-staff.service.ts). */
    memberStaff: memberStaffFactory(db),
    merchantOf,
    /** The realtime gateway authenticates a socket's token with the same rules as a request's. */
    resolveSession: sessions.resolve,
    /** PUT /wps/system/language with a valid session stores the member's choice (spec §4). Guests: nothing stored. */
    storeLanguage: async (request: FastifyRequest, language: string): Promise<void> => {
      const session = await auth.optionalSession(request);
      if (session !== null) await account.setLanguage(session, language);
    },
    purge: async (batch: number): Promise<number> => {
      const nowMs = now();
      const removed = await sessionRepository(db).purge(
        nowMs - SESSION_RETENTION_MS,
        nowMs - LOGIN_RETENTION_MS,
        batch,
      );
      return removed + (await resetTokenRepository(db).purge(nowMs, batch));
    },
  };
};

export type IdentityModule = ReturnType<typeof createIdentityModule>;
