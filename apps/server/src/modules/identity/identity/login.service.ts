import { randomBytes } from 'node:crypto';
import {
  DEFAULT_WEAK_PASSWORD,
  USER_TYPE,
  WHITELABEL_MODULES,
  isAgentType,
  type FreePlayRequest,
  type LoginRequest,
  type LoginResponse,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { isModuleEnabled, type Merchant, type MerchantService } from '../../platform/merchant';
import { enforceLimits, type RateLimiter, type RateRule } from '../../platform/rate-limit';
import { destinationOf, nationalNumber, type VerificationService } from '../verification';
import type { RequestContext } from './identity.context';
import type { LoginGuard } from './login-guard';
import type { IssueOptions, LoginIssuer } from './login-issuer';
import type { MemberRepository, MemberRow } from './member.repository';
import type { PasswordHasher } from './password-hasher';

const DAY_MS = 24 * 60 * 60_000;

/** Spec §6: trial accounts are made freely, so their making is bounded per IP (no trial-account farming). */
export const FREE_PLAY_RULE: RateRule = { name: 'freeplay:ip', limit: 5, periodMs: 60 * 60_000 };

/** One message and code for an unknown account and a wrong password (enumeration safety). */
const invalidCredentials = (message: string) =>
  new AppError('INVALID_CREDENTIALS', 401, message, { value: { captcha: true } });
const WRONG_PASSWORD = 'Wrong username or password';
const WRONG_CODE = 'Wrong mobile number or verification code';

export const featureDisabled = (what: string) => new AppError('FEATURE_DISABLED', 403, `${what} is not available`);

export type LoginServiceDeps = {
  /** Called once a trial member exists, before its session is issued (the wallet funds its play money). */
  onTrialCreated?: (merchant: Merchant, memberId: bigint) => Promise<void>;
  members: Pick<MemberRepository, 'findByUsername' | 'findByMobile' | 'findById' | 'insert'>;
  merchants: Pick<MerchantService, 'whitelabelTree'>;
  guard: LoginGuard;
  hasher: PasswordHasher;
  dummyHash: () => Promise<string>;
  verification: Pick<VerificationService, 'verify'>;
  issuer: LoginIssuer;
  limiter: RateLimiter;
  now: Clock;
};

/**
 * Checks that come after the secret was proven right, so they reveal nothing to someone who does not know it: the
 * account's status, and the door (spec §6). The member side (the login popup) admits members and agents, since an
 * agent who logs in there goes on to /agentHome (spec §4), and refuses any other type with MEMBER_NO_ENTER; the agent
 * side (/agent) refuses everyone but agents with AGENT_ONLY.
 */
const finish = (
  deps: LoginServiceDeps,
  ctx: RequestContext,
  member: MemberRow,
  side: LoginRequest['side'],
  options: IssueOptions,
): Promise<LoginResponse> => {
  if (member.status === 'CLOSED') throw new AppError('ACCOUNT_CLOSED', 403, 'This account is closed');
  if (member.status === 'LOCKED') {
    throw new AppError('ACCOUNT_LOCKED', 403, 'This account is locked; please contact customer service');
  }
  if (side === 'member' && member.userType !== USER_TYPE.MEMBER && !isAgentType(member.userType)) {
    throw new AppError('MEMBER_NO_ENTER', 403, 'Non-member account unable to login');
  }
  if (side === 'agent' && !isAgentType(member.userType)) {
    throw new AppError('AGENT_ONLY', 403, 'Non-agents cannot log in');
  }
  return deps.issuer.issue(ctx, member, options);
};

const passwordExpired = async (deps: LoginServiceDeps, ctx: RequestContext, member: MemberRow): Promise<boolean> => {
  if (!isModuleEnabled(await deps.merchants.whitelabelTree(ctx.merchant.id), WHITELABEL_MODULES.PASSWORD_EXPIRY)) {
    return false;
  }
  const changedMs = member.passwordChangedAt?.getTime() ?? 0;
  return changedMs + ctx.merchant.passwordMaxAgeDays * DAY_MS < deps.now();
};

const withPassword = async (
  deps: LoginServiceDeps,
  ctx: RequestContext,
  request: LoginRequest,
): Promise<LoginResponse> => {
  const merchantId = ctx.merchant.id;
  const attempt = await deps.guard.admit(merchantId, `name:${request.username.toLowerCase()}`, ctx.ip, request);
  const member = await deps.members.findByUsername(merchantId, request.username);
  // An unknown user (or one without a password) costs one hash too, against the dummy.
  const stored = member?.passwordHash ?? (await deps.dummyHash());
  const matches = await deps.hasher.verify(stored, request.password);
  if (member === undefined || member.passwordHash === null || !matches) {
    await attempt.failed();
    throw invalidCredentials(WRONG_PASSWORD);
  }
  await attempt.succeeded();
  const expired = await passwordExpired(deps, ctx, member);
  return finish(deps, ctx, member, request.side, {
    method: 'PASSWORD',
    passwordExpired: expired,
    mustChangePassword: expired || request.password === DEFAULT_WEAK_PASSWORD,
  });
};

/** Spec §4: SMS login never forces a password change (the password was not typed). */
const withSmsCode = async (
  deps: LoginServiceDeps,
  ctx: RequestContext,
  request: LoginRequest,
): Promise<LoginResponse> => {
  const merchantId = ctx.merchant.id;
  if (!isModuleEnabled(await deps.merchants.whitelabelTree(merchantId), WHITELABEL_MODULES.SMS_LOGIN)) {
    throw featureDisabled('Login by SMS code');
  }
  const dialing = request.countryDialingCode;
  if (dialing === undefined) {
    throw new AppError('VALIDATION_FAILED', 400, 'Invalid login: countryDialingCode is required for SMS login');
  }
  const destination = destinationOf(dialing, request.username);
  const attempt = await deps.guard.admit(merchantId, `sms:${destination}`, ctx.ip, request);
  const valid = await deps.verification.verify(merchantId, 'LOGIN', destination, request.password);
  const member = valid
    ? await deps.members.findByMobile(merchantId, dialing, nationalNumber(request.username))
    : undefined;
  if (member === undefined) {
    await attempt.failed();
    throw invalidCredentials(WRONG_CODE);
  }
  await attempt.succeeded();
  return finish(deps, ctx, member, request.side, { method: 'SMS' });
};

/** Free play (spec §4): a new trial member (type 4) and its session, while FREEPLAY3 is on. */
const freePlay = async (
  deps: LoginServiceDeps,
  ctx: RequestContext,
  request: FreePlayRequest,
): Promise<LoginResponse> => {
  const merchantId = ctx.merchant.id;
  if (!isModuleEnabled(await deps.merchants.whitelabelTree(merchantId), WHITELABEL_MODULES.FREE_PLAY)) {
    throw featureDisabled('Free play');
  }
  await enforceLimits(deps.limiter, merchantId, [[FREE_PLAY_RULE, ctx.ip]], 'Too many free-play accounts; try later');
  const suffix = randomBytes(6).toString('hex');
  const id = await deps.members.insert(
    merchantId,
    {
      username: `trial_${suffix}`,
      userType: USER_TYPE.TRIAL,
      parentId: null,
      passwordHash: null,
      paymentPasswordHash: null,
      mobileNum: null,
      countryDialingCode: null,
      referrer: null,
      registerUrl: null,
      registerMethod: `FREEPLAY:${request.platform}:${request.os}`.slice(0, 64),
      registerIp: ctx.ip,
      profile: { nickname: `Guest ${suffix.slice(0, 4).toUpperCase()}` },
    },
    deps.now(),
  );
  const member = await deps.members.findById(merchantId, id);
  if (member === undefined) throw new Error('trial member vanished');
  // The play money is in the wallet before the session is handed out, so the first balance call shows it.
  await deps.onTrialCreated?.(ctx.merchant, member.id);
  return deps.issuer.issue(ctx, member, { method: 'FREEPLAY' });
};

export const loginServiceFactory = (deps: LoginServiceDeps) => ({
  login: (ctx: RequestContext, request: LoginRequest) =>
    request.type === 'sms' ? withSmsCode(deps, ctx, request) : withPassword(deps, ctx, request),
  freePlay: (ctx: RequestContext, request: FreePlayRequest) => freePlay(deps, ctx, request),
});

export type LoginService = ReturnType<typeof loginServiceFactory>;
