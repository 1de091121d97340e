import {
  WHITELABEL_MODULES,
  isTrialType,
  type ChangePasswordRequest,
  type ForgotByPhoneRequest,
  type LoginResponse,
  type PasswordResetRequest,
} from '@platform/contracts';
import type { Database, Transaction } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { EmailProvider } from '../../content/messaging';
import { isModuleEnabled, type MerchantService } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { destinationOf, nationalNumber, type VerificationService } from '../verification';
import type { RequestContext } from './identity.context';
import type { LoginIssuer } from './login-issuer';
import { featureDisabled } from './login.service';
import { memberRepository, type MemberRow } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import { requireGoodNewPassword, sameAsOld } from './password-rules';
import { resetTokenRepository } from './reset-token.repository';
import { sessionRepository } from './session.repository';
import type { GameSessionEnder, Session } from './session.service';

const MINUTE_MS = 60_000;

export const PASSWORD_RULES = {
  /** Old-password guesses by a (possibly stolen) session: 5 per 15 minutes per member. */
  change: { name: 'password:change', limit: 5, periodMs: 15 * MINUTE_MS },
  forgotIp: { name: 'forgot:ip', limit: 10, periodMs: 60 * MINUTE_MS },
  /** Counted per username whether it exists or not, so the limit reveals nothing. */
  forgotAccount: { name: 'forgot:acct', limit: 3, periodMs: 60 * MINUTE_MS },
  resetIp: { name: 'reset:ip', limit: 10, periodMs: 15 * MINUTE_MS },
} satisfies Record<string, RateRule>;

export const RESET_LINK_TTL_MS = 30 * MINUTE_MS;

/** The one answer to forgot-by-email, whether or not the pair matched (enumeration safety). */
export const FORGOT_EMAIL_MESSAGE =
  'If the username and email match an account, a link to reset its password has been sent to that email.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed; please log in with the new one';

const resetLinkInvalid = () => new AppError('RESET_LINK_INVALID', 400, 'This reset link is invalid or has expired');
const codeInvalid = () => new AppError('VERIFICATION_CODE_INVALID', 400, 'Please enter a valid verification code');

export type PasswordServiceDeps = {
  db: Database;
  merchants: Pick<MerchantService, 'whitelabelTree' | 'registerFields'>;
  hasher: PasswordHasher;
  verification: Pick<VerificationService, 'verify'>;
  email: EmailProvider;
  issuer: LoginIssuer;
  limiter: RateLimiter;
  now: Clock;
  endGameSessions: GameSessionEnder;
};

/**
 * The new password and the end of every session of the member (its game sessions too), together: a stolen session
 * dies with the old password.
 */
const replacePassword = (
  deps: PasswordServiceDeps,
  merchantId: number,
  memberId: bigint,
  passwordHash: string,
  before?: (tx: Transaction) => Promise<void>,
) =>
  deps.db.transaction(async (tx) => {
    await before?.(tx);
    await memberRepository(tx).setPassword(merchantId, memberId, passwordHash, deps.now());
    await sessionRepository(tx).revokeAllOfMember(merchantId, memberId, deps.now());
    await deps.endGameSessions(tx, merchantId, memberId);
  });

const requireOwnMember = async (deps: PasswordServiceDeps, session: Session): Promise<MemberRow> => {
  const member = await memberRepository(deps.db).findById(session.merchantId, session.memberId);
  if (member === undefined) throw new AppError('AUTH_REQUIRED', 401, 'You are not logged in, please login');
  return member;
};

/**
 * The old password is required, unless this session was opened with the weak default or an expired password
 * (mustChangePassword). Either way the new one must differ from the current one. Success revokes every session of
 * the member, this one included, and logs in again.
 */
const change = async (
  deps: PasswordServiceDeps,
  ctx: RequestContext,
  session: Session,
  request: ChangePasswordRequest,
): Promise<LoginResponse> => {
  const { hasher } = deps;
  const member = await requireOwnMember(deps, session);
  const rules = await deps.merchants.registerFields(session.merchantId);
  requireGoodNewPassword(request.newPassword, request.confirmNewPassword, rules, member.username);
  const old = request.oldPassword ?? '';
  if (old === '' && !session.mustChangePassword) {
    throw new AppError('VALIDATION_FAILED', 400, 'oldPassword: Input cannot be empty');
  }
  await enforceLimits(deps.limiter, session.merchantId, [[PASSWORD_RULES.change, session.memberId.toString()]]);
  const stored = member.passwordHash;
  if (old !== '') {
    if (stored === null || !(await hasher.verify(stored, old))) {
      throw new AppError('OLD_PASSWORD_WRONG', 400, 'The current password is wrong');
    }
    if (old === request.newPassword) throw sameAsOld();
  } else if (stored !== null && (await hasher.verify(stored, request.newPassword))) {
    throw sameAsOld();
  }
  await replacePassword(deps, session.merchantId, member.id, await hasher.hash(request.newPassword));
  return deps.issuer.issue(ctx, member, { method: 'PASSWORD' });
};

/** Always the same answer; when the pair matches an active real account, its email gets a single-use link. */
const forgotByEmail = async (
  deps: PasswordServiceDeps,
  ctx: RequestContext,
  username: string,
  email: string,
  linkBase: string,
): Promise<string> => {
  const merchantId = ctx.merchant.id;
  await enforceLimits(deps.limiter, merchantId, [
    [PASSWORD_RULES.forgotIp, ctx.ip],
    [PASSWORD_RULES.forgotAccount, username.toLowerCase()],
  ]);
  const member = await memberRepository(deps.db).findByUsername(merchantId, username);
  const address = member?.email ?? null;
  const matches =
    member !== undefined &&
    member.status === 'ACTIVE' &&
    !isTrialType(member.userType) &&
    address !== null &&
    address.toLowerCase() === email.toLowerCase();
  if (!matches || address === null) return FORGOT_EMAIL_MESSAGE;
  const token = randomToken();
  const nowMs = deps.now();
  await resetTokenRepository(deps.db).issue(merchantId, member.id, sha256(token), nowMs, nowMs + RESET_LINK_TTL_MS);
  await deps.email.send({
    merchantId,
    to: address,
    subject: `${ctx.merchant.name}: reset your password`,
    body: `Hello ${member.username},\n\nOpen this link within 30 minutes to choose a new password:\n${linkBase}/?resetToken=${token}\n\nIt works once. If you did not ask for it, ignore this email; your password stays as it is.`,
  });
  return FORGOT_EMAIL_MESSAGE;
};

const reset = async (
  deps: PasswordServiceDeps,
  ctx: RequestContext,
  request: PasswordResetRequest,
): Promise<string> => {
  const merchantId = ctx.merchant.id;
  await enforceLimits(deps.limiter, merchantId, [[PASSWORD_RULES.resetIp, ctx.ip]]);
  const tokenHash = sha256(request.token);
  const memberId = await resetTokenRepository(deps.db).findLive(merchantId, tokenHash, deps.now());
  const member = memberId === undefined ? undefined : await memberRepository(deps.db).findById(merchantId, memberId);
  if (member === undefined) throw resetLinkInvalid();
  const rules = await deps.merchants.registerFields(merchantId);
  requireGoodNewPassword(request.newPassword, request.confirmNewPassword, rules, member.username);
  const passwordHash = await deps.hasher.hash(request.newPassword);
  await replacePassword(deps, merchantId, member.id, passwordHash, async (tx) => {
    // Spent in the same transaction: two requests racing with one link cannot both set a password.
    if (!(await resetTokenRepository(tx).consume(merchantId, tokenHash, deps.now()))) throw resetLinkInvalid();
  });
  return PASSWORD_CHANGED_MESSAGE;
};

/** Spec §7 "set password by phone": only while FORGOTMOB3 is on, with a code from /sms/forgot. */
const forgotByPhone = async (
  deps: PasswordServiceDeps,
  ctx: RequestContext,
  request: ForgotByPhoneRequest,
): Promise<string> => {
  const merchantId = ctx.merchant.id;
  if (!isModuleEnabled(await deps.merchants.whitelabelTree(merchantId), WHITELABEL_MODULES.FORGOT_BY_MOBILE)) {
    throw featureDisabled('Password reset by mobile');
  }
  await enforceLimits(deps.limiter, merchantId, [[PASSWORD_RULES.resetIp, ctx.ip]]);
  const rules = await deps.merchants.registerFields(merchantId);
  requireGoodNewPassword(request.newPassword, request.confirmNewPassword ?? request.newPassword, rules);
  const destination = destinationOf(request.countryDialingCode, request.mobileNum);
  if (!(await deps.verification.verify(merchantId, 'FORGOT', destination, request.verificationCode))) {
    throw codeInvalid();
  }
  // Codes go only to members' numbers (POST /sms/forgot), so a valid code means the member exists.
  const member = await memberRepository(deps.db).findByMobile(
    merchantId,
    request.countryDialingCode,
    nationalNumber(request.mobileNum),
  );
  if (member === undefined) throw codeInvalid();
  requireGoodNewPassword(request.newPassword, request.newPassword, rules, member.username);
  await replacePassword(deps, merchantId, member.id, await deps.hasher.hash(request.newPassword));
  return PASSWORD_CHANGED_MESSAGE;
};

export const passwordServiceFactory = (deps: PasswordServiceDeps) => ({
  change: (ctx: RequestContext, session: Session, request: ChangePasswordRequest) =>
    change(deps, ctx, session, request),
  forgotByEmail: (ctx: RequestContext, username: string, email: string, linkBase: string) =>
    forgotByEmail(deps, ctx, username, email, linkBase),
  reset: (ctx: RequestContext, request: PasswordResetRequest) => reset(deps, ctx, request),
  forgotByPhone: (ctx: RequestContext, request: ForgotByPhoneRequest) => forgotByPhone(deps, ctx, request),
});

export type PasswordService = ReturnType<typeof passwordServiceFactory>;
