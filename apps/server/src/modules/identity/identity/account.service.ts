import {
  LOGIN_HISTORY_LIMIT,
  checkNewPaymentPassword,
  checkRegisterValue,
  editableProfileFields,
  paymentPasswordRuleFrom,
  type LoginRecord,
  type MemberInfo,
  type MemberProfile,
  type PaymentPasswordRequest,
  type RegisterFieldRule,
  type UpdateProfileRequest,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MerchantService } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { profileValues, toMemberInfo } from './member.mapper';
import type { MemberRepository, MemberRow } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import { checkProfileChanges } from './profile.rules';
import { fieldError } from './registration.rules';
import type { SessionService, Session } from './session.service';

/**
 * Wrong guesses of the payment password (or of the login password while setting the first one): 5 per 15 minutes per
 * member, then one every 3 minutes. Only failures count (see guess below).
 */
export const PAYMENT_PASSWORD_RULE: RateRule = { name: 'payment-password', limit: 5, periodMs: 15 * 60_000 };

export type AccountServiceDeps = {
  members: Pick<MemberRepository, 'findById' | 'updateProfile' | 'setPaymentPassword' | 'setLanguage'>;
  sessions: Pick<SessionService, 'recentLogins'>;
  merchants: Pick<MerchantService, 'registerFields'>;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  now: Clock;
};

/** The member's own account: every call reads the row of the session's member, never one named by input. */
const own = async (deps: AccountServiceDeps, session: Session): Promise<MemberRow> => {
  const member = await deps.members.findById(session.merchantId, session.memberId);
  if (member === undefined) throw new AppError('AUTH_REQUIRED', 401, 'You are not logged in, please login');
  return member;
};

const info = async (deps: AccountServiceDeps, session: Session): Promise<MemberInfo> => {
  const [member, [latest]] = await Promise.all([
    own(deps, session),
    deps.sessions.recentLogins(session.merchantId, session.memberId, 1),
  ]);
  return toMemberInfo(member, latest?.loggedInAt ?? null);
};

const profile = async (deps: AccountServiceDeps, session: Session): Promise<MemberProfile> => {
  const [member, rules] = await Promise.all([own(deps, session), deps.merchants.registerFields(session.merchantId)]);
  const fields = profileValues(member);
  return {
    username: member.username,
    mobileNum: member.mobileNum,
    countryDialingCode: member.countryDialingCode,
    affiliateCode: member.affiliateCode,
    referrer: member.referrer,
    fields,
    editable: editableProfileFields(rules, fields),
  };
};

const updateProfile = async (
  deps: AccountServiceDeps,
  session: Session,
  changes: UpdateProfileRequest,
): Promise<MemberProfile> => {
  const [member, rules] = await Promise.all([own(deps, session), deps.merchants.registerFields(session.merchantId)]);
  const accepted = checkProfileChanges(changes, rules, profileValues(member), deps.now());
  await deps.members.updateProfile(session.merchantId, member.id, accepted, deps.now());
  return profile(deps, session);
};

/** The rule (paymentPasswordRuleFrom) and the checks are the contracts', so the web app refuses the same values. */
const requireGoodPaymentPassword = (rules: readonly RegisterFieldRule[], request: PaymentPasswordRequest) => {
  const rule = paymentPasswordRuleFrom(rules);
  const problem = checkNewPaymentPassword(request.newPaymentPassword, request.confirmPaymentPassword, rule);
  if (problem === 'PASSWORD_RULE') {
    throw fieldError(
      { ...rule, field: 'newPaymentPassword' },
      checkRegisterValue(rule, request.newPaymentPassword) ?? 'pattern',
    );
  }
  if (problem === 'PASSWORD_MISMATCH') throw new AppError('PASSWORD_MISMATCH', 400, 'Incorrect confirmation input');
  if (problem === 'PASSWORD_TOO_WEAK') {
    throw new AppError('PASSWORD_TOO_WEAK', 400, 'This payment password is too easy to guess; please choose another');
  }
};

/**
 * One guess at a password under PAYMENT_PASSWORD_RULE. A unit is taken before the hash, so guesses in flight are
 * bounded as well, and given back when the guess was right: only failures count, and an agent paying fifty downlines in
 * a row with the right password never meets the limit (issue 16). 429 RATE_LIMITED with Retry-After when it refuses.
 */
const guess = async (deps: AccountServiceDeps, member: MemberRow, stored: string | null, attempt: string) => {
  const subject = member.id.toString();
  await enforceLimits(
    deps.limiter,
    member.merchantId,
    [[PAYMENT_PASSWORD_RULE, subject]],
    'Too many wrong passwords; please try again later',
  );
  const right = stored !== null && (await deps.hasher.verify(stored, attempt));
  if (right) await deps.limiter.give(member.merchantId, PAYMENT_PASSWORD_RULE, subject);
  return right;
};

/** The first payment password needs the login password; a new one needs the current payment password. */
const setPaymentPassword = async (
  deps: AccountServiceDeps,
  session: Session,
  request: PaymentPasswordRequest,
): Promise<void> => {
  const [member, rules] = await Promise.all([own(deps, session), deps.merchants.registerFields(session.merchantId)]);
  requireGoodPaymentPassword(rules, request);
  const [proof, stored, what] =
    member.paymentPasswordHash === null
      ? [request.loginPassword, member.passwordHash, 'loginPassword']
      : [request.oldPaymentPassword, member.paymentPasswordHash, 'oldPaymentPassword'];
  if (!proof) throw new AppError('VALIDATION_FAILED', 400, `${what}: Input cannot be empty`);
  if (!(await guess(deps, member, stored, proof))) {
    throw new AppError('OLD_PASSWORD_WRONG', 400, 'The current password is wrong');
  }
  const hash = await deps.hasher.hash(request.newPaymentPassword);
  await deps.members.setPaymentPassword(session.merchantId, member.id, hash, deps.now());
};

/**
 * Money leaving the wallet (withdrawal, transfers) needs the payment password: PAYMENT_PASSWORD_REQUIRED before one is
 * set, PAYMENT_PASSWORD_WRONG on a wrong guess. Wrong guesses share PAYMENT_PASSWORD_RULE.
 */
const checkPaymentPassword = async (deps: AccountServiceDeps, session: Session, password: string): Promise<void> => {
  const member = await own(deps, session);
  if (member.paymentPasswordHash === null) {
    throw new AppError('PAYMENT_PASSWORD_REQUIRED', 400, 'Please set your payment password first');
  }
  if (!(await guess(deps, member, member.paymentPasswordHash, password))) {
    throw new AppError('PAYMENT_PASSWORD_WRONG', 400, 'The payment password is wrong');
  }
};

const logins = async (deps: AccountServiceDeps, session: Session): Promise<{ list: LoginRecord[] }> => ({
  list: (await deps.sessions.recentLogins(session.merchantId, session.memberId, LOGIN_HISTORY_LIMIT)).map((row) => ({
    loggedInAt: row.loggedInAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    method: row.method,
  })),
});

export const accountServiceFactory = (deps: AccountServiceDeps) => ({
  own: (session: Session) => own(deps, session),
  info: (session: Session) => info(deps, session),
  profile: (session: Session) => profile(deps, session),
  updateProfile: (session: Session, changes: UpdateProfileRequest) => updateProfile(deps, session, changes),
  setPaymentPassword: (session: Session, request: PaymentPasswordRequest) => setPaymentPassword(deps, session, request),
  logins: (session: Session) => logins(deps, session),
  checkPaymentPassword: (session: Session, password: string) => checkPaymentPassword(deps, session, password),
  setLanguage: (session: Session, language: string) =>
    deps.members.setLanguage(session.merchantId, session.memberId, language),
});

export type AccountService = ReturnType<typeof accountServiceFactory>;
