import { USER_TYPE, WHITELABEL_MODULES, type LoginResponse, type RegisterRequest } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { CaptchaService } from '../captcha';
import { isModuleEnabled, type MerchantService } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { destinationOf, type VerificationService } from '../verification';
import type { RequestContext } from './identity.context';
import type { Invitation, InvitationPort, ReferralPort } from './invitations';
import type { LoginIssuer } from './login-issuer';
import { featureDisabled } from './login.service';
import { MOBILE_KEY, isUniqueViolation, mobileTaken } from './member-errors';
import type { MemberRepository } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import { checkRegistration, type CheckedRegistration, type RegisterVariant } from './registration.rules';

/** Registrations hash passwords and create accounts: 10 an hour per IP. Affiliate checks: 30 in 10 minutes. */
export const REGISTER_RULE: RateRule = { name: 'register:ip', limit: 10, periodMs: 60 * 60_000 };
export const AFFILIATE_RULE: RateRule = { name: 'affiliate:ip', limit: 30, periodMs: 10 * 60_000 };

const invalidInvitation = () => new AppError('INVALID_INVITATION_CODE', 400, 'Invalid invitation code');
const usernameTaken = () => new AppError('USERNAME_TAKEN', 400, 'This username is already registered');

export type RegistrationServiceDeps = {
  members: Pick<
    MemberRepository,
    'usernameTaken' | 'mobileTaken' | 'findActiveAgentByAffiliateCode' | 'insert' | 'findById'
  >;
  merchants: Pick<MerchantService, 'whitelabelTree' | 'registerFields'>;
  captcha: Pick<CaptchaService, 'verify'>;
  verification: Pick<VerificationService, 'verify'>;
  hasher: PasswordHasher;
  issuer: LoginIssuer;
  limiter: RateLimiter;
  now: Clock;
  /** Agents' invitation links (the agents module, wired in platform-modules.ts). */
  invitations: InvitationPort;
  /** Members' referral codes (engagement/referral, wired in platform-modules.ts). */
  referrals: ReferralPort;
};

/** Where an invitation code places the new account: under `parentId`, as `userType`, counted on `invitation`. */
type Placement = { parentId: bigint; userType: number; invitation?: Invitation };

/**
 * GET /wps/agent/affiliate: the upline an invitation code names (an agent's own affiliate code, or one of its live
 * invitation links), or INVALID_INVITATION_CODE.
 */
const affiliateAgent = async (deps: RegistrationServiceDeps, ctx: RequestContext, code: string): Promise<Placement> => {
  const agent = await deps.members.findActiveAgentByAffiliateCode(ctx.merchant.id, code);
  if (agent !== undefined) return { parentId: agent.id, userType: USER_TYPE.MEMBER };
  const invitation = await deps.invitations.find(ctx.merchant.id, code);
  if (invitation === undefined) throw invalidInvitation();
  return { parentId: invitation.agentId, userType: invitation.userType, invitation };
};

const checkAffiliate = async (
  deps: RegistrationServiceDeps,
  ctx: RequestContext,
  code: string,
): Promise<{ valid: true }> => {
  await enforceLimits(deps.limiter, ctx.merchant.id, [[AFFILIATE_RULE, ctx.ip]]);
  await affiliateAgent(deps, ctx, code);
  return { valid: true };
};

const requireCaptcha = async (
  deps: RegistrationServiceDeps,
  ctx: RequestContext,
  request: RegisterRequest,
): Promise<void> => {
  if (!request.captchaId || !request.captcha) {
    throw new AppError('CAPTCHA_REQUIRED', 400, 'Please complete verification first');
  }
  if (!(await deps.captcha.verify(ctx.merchant.id, request.captchaId, request.captcha))) {
    throw new AppError('CAPTCHA_INVALID', 400, 'The verification code is wrong or has expired');
  }
};

/** Usernames compare without case; on the mobile variant the username is the number, so a clash is MOBILE_TAKEN. */
const requireFree = async (
  deps: RegistrationServiceDeps,
  ctx: RequestContext,
  username: string,
  checked: CheckedRegistration,
  variant: RegisterVariant,
) => {
  if (await deps.members.usernameTaken(ctx.merchant.id, username)) {
    throw variant === 'mobile' ? mobileTaken() : usernameTaken();
  }
  const mobile = checked.mobile;
  if (mobile && (await deps.members.mobileTaken(ctx.merchant.id, mobile.countryDialingCode, mobile.mobileNum))) {
    throw mobileTaken();
  }
};

const insert = async (
  deps: RegistrationServiceDeps,
  ctx: RequestContext,
  username: string,
  checked: CheckedRegistration,
  placement: Placement | undefined,
  request: RegisterRequest,
) => {
  const [passwordHash, paymentPasswordHash] = await Promise.all([
    checked.password === null ? null : deps.hasher.hash(checked.password),
    checked.values.paymentPassword === undefined ? null : deps.hasher.hash(checked.values.paymentPassword),
  ]);
  try {
    return await deps.members.insert(
      ctx.merchant.id,
      {
        username,
        userType: placement?.userType ?? USER_TYPE.MEMBER,
        parentId: placement?.parentId ?? null,
        passwordHash,
        paymentPasswordHash,
        mobileNum: checked.mobile?.mobileNum ?? null,
        countryDialingCode: checked.mobile?.countryDialingCode ?? null,
        referrer: checked.values.referralCode ?? checked.values.recommenderId ?? null,
        registerUrl: request.registerUrl.slice(0, 2048),
        registerMethod: request.registerMethod,
        registerIp: ctx.ip,
        profile: checked.profile,
      },
      deps.now(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw error.constraint === MOBILE_KEY ? mobileTaken() : usernameTaken();
    throw error;
  }
};

/**
 * PUT /wps/member/register[/mobile]. Cheap checks first (site settings, limits, terms, field rules), then the
 * captcha, availability and the invitation code, and only then the SMS code, so a code is not spent on a form that
 * fails for another reason. Success logs the new member in.
 */
const register = async (
  deps: RegistrationServiceDeps,
  ctx: RequestContext,
  variant: RegisterVariant,
  request: RegisterRequest,
): Promise<LoginResponse> => {
  const merchantId = ctx.merchant.id;
  const tree = await deps.merchants.whitelabelTree(merchantId);
  const moduleId =
    variant === 'mobile' ? WHITELABEL_MODULES.MOBILE_REGISTRATION : WHITELABEL_MODULES.USERNAME_REGISTRATION;
  if (!isModuleEnabled(tree, moduleId)) throw featureDisabled(`Registration by ${variant}`);
  await enforceLimits(deps.limiter, merchantId, [[REGISTER_RULE, ctx.ip]], 'Too many registrations; please try later');
  if (!request.acceptTerms) throw new AppError('TERMS_NOT_ACCEPTED', 400, 'Please accept the terms and conditions');
  const rules = await deps.merchants.registerFields(merchantId);
  const checked = checkRegistration(request, variant, rules, {
    mobilePasswordRequired: isModuleEnabled(tree, WHITELABEL_MODULES.MOBILE_PASSWORD_REGISTRATION),
    smsVerification: isModuleEnabled(tree, WHITELABEL_MODULES.REGISTRATION_SMS_VERIFICATION),
  });
  const captchaRequired = rules.some((rule) => rule.field === 'captcha' && rule.enabled && rule.required);
  if (captchaRequired) await requireCaptcha(deps, ctx, request);
  const username = variant === 'mobile' ? (checked.mobile?.mobileNum ?? '') : (checked.values.username ?? '');
  await requireFree(deps, ctx, username, checked, variant);
  const code = checked.values.affiliateCode;
  const parent = code === undefined ? undefined : await affiliateAgent(deps, ctx, code);
  const verificationCode = checked.values.verificationCode;
  if (verificationCode !== undefined && checked.mobile !== null) {
    const destination = destinationOf(checked.mobile.countryDialingCode, checked.mobile.mobileNum);
    if (!(await deps.verification.verify(merchantId, 'REGISTER', destination, verificationCode))) {
      throw new AppError('VERIFICATION_CODE_INVALID', 400, 'Please enter a valid verification code');
    }
  }
  const referralCode = checked.values.referralCode;
  const referral = referralCode === undefined ? undefined : await deps.referrals.find(merchantId, referralCode);
  const id = await insert(deps, ctx, username, checked, parent, request);
  if (parent?.invitation !== undefined) await deps.invitations.registered(merchantId, parent.invitation, id);
  if (referral !== undefined) await deps.referrals.registered(merchantId, referral, id, new Date(deps.now()));
  const member = await deps.members.findById(merchantId, id);
  if (member === undefined) throw new Error('registered member vanished');
  return deps.issuer.issue(ctx, member, { method: 'REGISTER' });
};

export const registrationServiceFactory = (deps: RegistrationServiceDeps) => ({
  register: (ctx: RequestContext, variant: RegisterVariant, request: RegisterRequest) =>
    register(deps, ctx, variant, request),
  checkAffiliate: (ctx: RequestContext, code: string) => checkAffiliate(deps, ctx, code),
});

export type RegistrationService = ReturnType<typeof registrationServiceFactory>;
