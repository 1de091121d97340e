import {
  checkRegisterValue,
  mobileNumRuleFrom,
  type BindMobileRequest,
  type BindMobileSmsRequest,
  type MemberInfo,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MerchantService } from '../../platform/merchant';
import { enforceLimits, type RateLimiter } from '../../platform/rate-limit';
import { destinationOf, nationalNumber, type VerificationService } from '../verification';
import type { AccountService } from './account.service';
import type { RequestContext } from './identity.context';
import { MOBILE_KEY, isUniqueViolation, mobileTaken } from './member-errors';
import type { MemberRepository } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import { PASSWORD_RULES } from './password.service';
import { fieldError } from './registration.rules';
import type { Session } from './session.service';

export type MobileServiceDeps = {
  members: Pick<MemberRepository, 'findByMobile' | 'setMobile'>;
  merchants: Pick<MerchantService, 'registerFields'>;
  verification: Pick<VerificationService, 'send' | 'verify'>;
  account: Pick<AccountService, 'own' | 'info'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  limiter: RateLimiter;
  now: Clock;
};

type Phone = { countryDialingCode: string; mobileNum: string };

/**
 * The number checked by the rule registration would apply to it, in stored form (national number without its trunk
 * 0), and whether another member of the merchant has it. The member's own current number is not taken.
 */
const inspect = async (
  deps: MobileServiceDeps,
  session: Session,
  phone: Phone,
): Promise<{ stored: Phone; taken: boolean }> => {
  const rule = mobileNumRuleFrom(await deps.merchants.registerFields(session.merchantId));
  const reason = checkRegisterValue(rule, phone.mobileNum);
  if (reason !== null) throw fieldError(rule, reason);
  const stored = { countryDialingCode: phone.countryDialingCode, mobileNum: nationalNumber(phone.mobileNum) };
  const owner = await deps.members.findByMobile(session.merchantId, stored.countryDialingCode, stored.mobileNum);
  return { stored, taken: owner !== undefined && owner.id !== session.memberId };
};

/**
 * POST /wps/verification/sms/bind. The send limits (per number, per IP) count whether or not the number is taken, so
 * probing which numbers are taken is throttled like sending; a taken number gets no SMS (its owner did not ask) and
 * the answer is MOBILE_TAKEN. The code is good only for this member (holder).
 */
const sendCode = async (
  deps: MobileServiceDeps,
  ctx: RequestContext,
  session: Session,
  phone: BindMobileSmsRequest,
): Promise<{ expiredMinutes: number }> => {
  const { taken } = await inspect(deps, session, phone);
  await deps.verification.send({
    merchantId: ctx.merchant.id,
    brand: ctx.merchant.name,
    purpose: 'BIND',
    destination: destinationOf(phone.countryDialingCode, phone.mobileNum),
    ip: ctx.ip,
    expiredMinutes: ctx.merchant.smsCodeExpiredMinutes,
    deliver: !taken,
    holder: session.memberId.toString(),
  });
  if (taken) throw mobileTaken();
  return { expiredMinutes: ctx.merchant.smsCodeExpiredMinutes };
};

const oldPasswordWrong = () => new AppError('OLD_PASSWORD_WRONG', 400, 'The current password is wrong');

/**
 * Replacing a bound number needs the login password: the number allows SMS login and password reset by phone, so a
 * stolen session alone must not be able to move it. The guesses share the password change's budget (5 per 15 minutes
 * per member), so the two endpoints together give a session no more tries than one.
 */
const requirePasswordToReplace = async (
  deps: MobileServiceDeps,
  session: Session,
  password: string | undefined,
): Promise<void> => {
  const member = await deps.account.own(session);
  if (member.mobileNum === null) return;
  if (!password) throw oldPasswordWrong();
  await enforceLimits(deps.limiter, session.merchantId, [[PASSWORD_RULES.change, member.id.toString()]]);
  const stored = member.passwordHash;
  if (stored === null || !(await deps.hasher.verify(stored, password))) throw oldPasswordWrong();
};

/**
 * PUT /wps/member/mobile. The rule and availability first, so a code is not spent on a number that cannot be bound;
 * then the password when replacing, again before the code is spent; then the code; then the write, where the unique
 * index settles a race with another member binding the same number.
 */
const bind = async (deps: MobileServiceDeps, session: Session, request: BindMobileRequest): Promise<MemberInfo> => {
  const { stored, taken } = await inspect(deps, session, request);
  if (taken) throw mobileTaken();
  await requirePasswordToReplace(deps, session, request.password);
  const destination = destinationOf(stored.countryDialingCode, stored.mobileNum);
  const holder = session.memberId.toString();
  if (!(await deps.verification.verify(session.merchantId, 'BIND', destination, request.verificationCode, holder))) {
    throw new AppError('VERIFICATION_CODE_INVALID', 400, 'Please enter a valid verification code');
  }
  try {
    await deps.members.setMobile(session.merchantId, session.memberId, stored, deps.now());
  } catch (error) {
    if (isUniqueViolation(error) && error.constraint === MOBILE_KEY) throw mobileTaken();
    throw error;
  }
  return deps.account.info(session);
};

/** Binding a mobile number from the member centre (real accounts only; the routes require a member session). */
export const mobileServiceFactory = (deps: MobileServiceDeps) => ({
  sendCode: (ctx: RequestContext, session: Session, phone: BindMobileSmsRequest) => sendCode(deps, ctx, session, phone),
  bind: (session: Session, request: BindMobileRequest) => bind(deps, session, request),
});

export type MobileService = ReturnType<typeof mobileServiceFactory>;
