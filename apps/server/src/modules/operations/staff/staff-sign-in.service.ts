import {
  ROLE_PERMISSIONS,
  STAFF_IDLE_TIMEOUT_MS,
  STAFF_SESSION_MAX_MS,
  type StaffEnrolRequest,
  type StaffEnrolResponse,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffMfaRequest,
  type StaffProfile,
  type StaffRole,
  type StaffSession,
} from '@platform/contracts';
import type { Database, Transaction } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import { recordAudit } from '../audit';
import type { PasswordHasher, RequestContext } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StaffCaller } from './staff-auth';
import type { SecretBox } from './staff-secrets';
import { KNOWN_ADDRESS_MS, staffThrottleFactory } from './staff-throttle';
import { staffRepository, type StaffRow } from './staff.repository';
import { startEnrolment } from './staff-enrolment';
import { currentStep, newRecoveryCodes, recoveryCodeHash, totpStep } from './totp';

const MINUTE_MS = 60_000;

/** How long the step between the password and the session may take (enrolment includes scanning a QR code). */
export const MFA_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
export { ENROL_CHALLENGE_TTL_MS } from './staff-enrolment';

const invalidCredentials = (message = 'Wrong username or password') =>
  new AppError('INVALID_CREDENTIALS', 401, message);
const WRONG_CODE = 'The code is wrong or was already used';
const challengeGone = () =>
  new AppError('AUTH_REQUIRED', 401, 'This sign-in has expired or was already used; please sign in again');
const disabledError = () => new AppError('ACCOUNT_CLOSED', 403, 'This staff account is disabled');

export const profileOf = (
  account: { id: bigint; username: string; displayName: string; role: StaffRole },
  merchant: Merchant,
): StaffProfile => ({
  id: account.id.toString(),
  username: account.username,
  displayName: account.displayName,
  role: account.role,
  merchantCode: merchant.code,
  permissions: [...ROLE_PERMISSIONS[account.role]],
  idleTimeoutMs: STAFF_IDLE_TIMEOUT_MS,
});

export const callerOf = (account: Pick<StaffRow, 'id' | 'username' | 'role'>, ctx: RequestContext): StaffCaller => ({
  merchant: ctx.merchant,
  staff: account.username,
  staffId: account.id.toString(),
  role: account.role,
  ip: ctx.ip,
});

export type SignInDeps = {
  db: Database;
  now: Clock;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  dummyHash: () => Promise<string>;
  secrets: SecretBox;
};

export const signInServiceFactory = ({ db, now, limiter, hasher, dummyHash, secrets }: SignInDeps) => {
  const repository = staffRepository(db);
  const throttle = staffThrottleFactory({
    limiter,
    knownAddress: (staffId, ip) => repository.signedInFrom(staffId, ip, now() - KNOWN_ADDRESS_MS),
  });
  const admit = (ctx: RequestContext, username: string, staffId: bigint | undefined) =>
    throttle.admit(ctx.merchant.id, username.toLowerCase(), ctx.ip, staffId);

  /** A wrong password or code: recorded in the history; its throttle units stay taken. Never locks the account. */
  const fail = async (
    ctx: RequestContext,
    account: StaffRow,
    outcome: 'WRONG_PASSWORD' | 'WRONG_CODE',
    message?: string,
  ): Promise<never> => {
    await repository.recordLogin({ ...loginOf(ctx, account), outcome }, now());
    throw invalidCredentials(message);
  };

  const loginOf = (ctx: RequestContext, account: StaffRow) => ({
    merchantId: ctx.merchant.id,
    staffId: account.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });

  const login = async (ctx: RequestContext, request: StaffLoginRequest): Promise<StaffLoginResponse> => {
    const merchantId = ctx.merchant.id;
    const account = await repository.findForSignIn(merchantId, request.username);
    // The throttles answer before any hashing: they exist to stop the guessing.
    const attempt = await admit(ctx, request.username, account?.id);
    // An unknown username costs one hash too, against the dummy (it cannot be told from a wrong password).
    const matches = await hasher.verify(account?.passwordHash ?? (await dummyHash()), request.password);
    if (account === undefined) throw invalidCredentials();
    if (!matches) await fail(ctx, account, 'WRONG_PASSWORD');
    await attempt.passed();
    if (account.status !== 'ACTIVE') {
      await repository.recordLogin({ ...loginOf(ctx, account), outcome: 'DISABLED' }, now());
      throw disabledError();
    }
    const challenge = randomToken();
    const nowMs = now();
    if (account.totpEnrolledAt !== null) {
      await repository.insertChallenge(
        { staffId: account.id, merchantId, tokenHash: sha256(challenge), kind: 'MFA', pendingSecret: null },
        nowMs,
        MFA_CHALLENGE_TTL_MS,
      );
      return { stage: 'MFA', challenge };
    }
    return startEnrolment(repository, secrets, account, ctx.merchant, nowMs);
  };

  /** The account behind a live challenge of this kind, checked again (it may have been disabled since). */
  const challenged = async (ctx: RequestContext, token: string, kind: 'MFA' | 'ENROL') => {
    const challenge = await repository.findChallenge(ctx.merchant.id, sha256(token));
    const nowMs = now();
    if (challenge === undefined || challenge.kind !== kind || challenge.usedAt !== null) throw challengeGone();
    if (challenge.expiresAt.getTime() <= nowMs) throw challengeGone();
    const account = await repository.findById(challenge.staffId);
    if (account === undefined) throw challengeGone();
    if (account.status !== 'ACTIVE') throw disabledError();
    return { challenge, account };
  };

  /** Opens the session, in the transaction that used the challenge: history, counters and audit entry with it. */
  const openSession = async (
    ctx: RequestContext,
    account: StaffRow,
    challengeId: bigint,
    method: 'TOTP' | 'RECOVERY_CODE' | 'ENROL',
    extra: (tx: Transaction) => Promise<void> = async () => {},
  ): Promise<StaffSession> => {
    const token = randomToken();
    const nowMs = now();
    await db.transaction(async (tx) => {
      const repo = staffRepository(tx);
      if (!(await repo.useChallenge(challengeId, nowMs))) throw challengeGone();
      await extra(tx);
      await repo.insertSession(
        {
          staffId: account.id,
          merchantId: ctx.merchant.id,
          tokenHash: sha256(token),
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        },
        nowMs,
        STAFF_SESSION_MAX_MS,
      );
      await repo.signedIn(account.id, nowMs);
      await repo.recordLogin({ ...loginOf(ctx, account), outcome: 'SUCCESS', method }, nowMs);
      await recordAudit(tx, callerOf(account, ctx), {
        action: 'staff.login',
        targetType: 'staff',
        targetId: account.id.toString(),
        after: { method, userAgent: ctx.userAgent },
      });
    });
    return { token, staff: profileOf(account, ctx.merchant) };
  };

  const mfa = async (ctx: RequestContext, request: StaffMfaRequest): Promise<StaffSession> => {
    // The challenge is looked up first (a 256-bit token, one indexed read): the throttles are the account's.
    const { challenge, account } = await challenged(ctx, request.challenge, 'MFA');
    const attempt = await admit(ctx, account.username, account.id);
    const nowMs = now();
    if ('recoveryCode' in request) {
      const hash = recoveryCodeHash(request.recoveryCode);
      // Checked and used in the session's transaction: two requests with one code cannot both get a session.
      let used = false;
      const session = await openSession(ctx, account, challenge.id, 'RECOVERY_CODE', async (tx) => {
        used = await staffRepository(tx).useRecoveryCode(account.id, hash, nowMs);
        if (!used) throw invalidCredentials(WRONG_CODE);
      }).catch(async (error: unknown) => {
        if (!used && error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
          await fail(ctx, account, 'WRONG_CODE', 'The recovery code is wrong or was already used');
        }
        throw error;
      });
      await attempt.signedIn();
      return session;
    }
    const step = account.totpSecret === null ? null : totpStep(secrets.open(account.totpSecret), request.code, nowMs);
    if (step === null || !(await repository.useTotpStep(account.id, step)))
      await fail(ctx, account, 'WRONG_CODE', WRONG_CODE);
    const session = await openSession(ctx, account, challenge.id, 'TOTP');
    await attempt.signedIn();
    return session;
  };

  const enrol = async (ctx: RequestContext, request: StaffEnrolRequest): Promise<StaffEnrolResponse> => {
    const { challenge, account } = await challenged(ctx, request.challenge, 'ENROL');
    const attempt = await admit(ctx, account.username, account.id);
    const nowMs = now();
    const secret = secrets.open(challenge.pendingSecret ?? '');
    const step = totpStep(secret, request.code, nowMs);
    if (step === null) await fail(ctx, account, 'WRONG_CODE', WRONG_CODE);
    const recoveryCodes = newRecoveryCodes();
    const session = await openSession(ctx, account, challenge.id, 'ENROL', async (tx) => {
      const repo = staffRepository(tx);
      if (!(await repo.enrol(account.id, secrets.seal(secret), Math.max(step ?? 0, currentStep(nowMs)), nowMs))) {
        throw challengeGone();
      }
      await repo.replaceRecoveryCodes(account.id, recoveryCodes.map(recoveryCodeHash));
      await recordAudit(tx, callerOf(account, ctx), {
        action: 'staff.mfa.enrol',
        targetType: 'staff',
        targetId: account.id.toString(),
        after: { mfaEnrolled: true, recoveryCodes: recoveryCodes.length },
      });
    });
    await attempt.signedIn();
    return { ...session, recoveryCodes };
  };

  const logout = async (caller: StaffCaller, sessionId: bigint): Promise<void> => {
    await db.transaction(async (tx) => {
      await staffRepository(tx).revokeSession(sessionId, now());
      await recordAudit(tx, caller, { action: 'staff.logout', targetType: 'staff', targetId: caller.staffId ?? '' });
    });
  };

  return { login, enrol, mfa, logout };
};

export type SignInService = ReturnType<typeof signInServiceFactory>;
