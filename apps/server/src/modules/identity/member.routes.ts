import type { FastifyInstance } from 'fastify';
import {
  API,
  BindMobileRequestSchema,
  BindMobileSmsRequestSchema,
  ChangePasswordRequestSchema,
  LoginHistorySchema,
  LoginResponseSchema,
  MemberInfoSchema,
  MemberProfileSchema,
  PaymentPasswordRequestSchema,
  SmsCodeResponseSchema,
  UpdateProfileRequestSchema,
} from '@platform/contracts';
import { done, success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { SealedService } from '../sealed';
import type { AccountService } from './account.service';
import type { Auth } from './auth';
import { avatarSvg } from './avatar';
import { contextOf, type MerchantResolver } from './identity.context';
import type { MobileService } from './mobile.service';
import type { PasswordService } from './password.service';

export type MemberRoutesOptions = {
  account: AccountService;
  mobile: MobileService;
  passwords: Pick<PasswordService, 'change'>;
  sealed: Pick<SealedService, 'open'>;
  auth: Auth;
  merchantOf: MerchantResolver;
};

/**
 * The member's own account (spec §7 "T" calls). Info and icon serve trial members too; everything else is a
 * real-account action (requireMember: trial members get TRIAL_FORBIDDEN).
 */
export const memberRoutes = async (app: FastifyInstance, options: MemberRoutesOptions) => {
  const { account, mobile, sealed, auth } = options;

  app.get(API.member.info, async (request) =>
    success(MemberInfoSchema, await account.info(await auth.requireSession(request))),
  );

  app.get(API.member.icon, async (request, reply) => {
    const member = await account.own(await auth.requireSession(request));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'private, max-age=300')
      .send(avatarSvg(member.nickname ?? member.username, member.id.toString()));
  });

  app.get(API.member.profile, async (request) =>
    success(MemberProfileSchema, await account.profile(await auth.requireMember(request))),
  );

  app.put(API.member.profile, async (request) => {
    const session = await auth.requireMember(request);
    const changes = parseInput(UpdateProfileRequestSchema, request.body, 'profile');
    return success(MemberProfileSchema, await account.updateProfile(session, changes));
  });

  app.get(API.member.logins, async (request) =>
    success(LoginHistorySchema, await account.logins(await auth.requireMember(request))),
  );

  app.put(API.member.paymentPassword, async (request) => {
    const session = await auth.requireMember(request);
    const body = await sealed.open(session.merchantId, request.body, PaymentPasswordRequestSchema, 'payment password');
    await account.setPaymentPassword(session, body);
    return done('Your payment password has been saved');
  });

  app.post(API.verification.smsBind, async (request) => {
    const session = await auth.requireMember(request);
    const body = parseInput(BindMobileSmsRequestSchema, request.body, 'SMS request');
    const ctx = await contextOf(request, options.merchantOf);
    return success(SmsCodeResponseSchema, await mobile.sendCode(ctx, session, body));
  });

  app.put(API.member.mobile, async (request) => {
    const session = await auth.requireMember(request);
    const body = await sealed.open(session.merchantId, request.body, BindMobileRequestSchema, 'mobile binding');
    return success(MemberInfoSchema, await mobile.bind(session, body));
  });

  app.post(API.member.changePassword, async (request) => {
    const session = await auth.requireMember(request);
    const ctx = await contextOf(request, options.merchantOf);
    const body = await sealed.open(session.merchantId, request.body, ChangePasswordRequestSchema, 'password change');
    return success(LoginResponseSchema, await options.passwords.change(ctx, session, body));
  });
};
