import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
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

  const requireMember = (request: FastifyRequest) => auth.requireMember(request);

  route(app, 'GET', API.member.info, {
    guard: auth.requireSession,
    handler: async ({ caller: session }) => account.info(session),
  });

  route(app, 'GET', API.member.icon, {
    guard: auth.requireSession,
    handler: async ({ caller: session, reply }) => {
      const member = await account.own(session);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=300')
        .send(avatarSvg(member.nickname ?? member.username, member.id.toString()));
    },
  });

  route(app, 'GET', API.member.profile, {
    guard: requireMember,
    handler: async ({ caller: session }) => account.profile(session),
  });

  route(app, 'PUT', API.member.profile, {
    guard: requireMember,
    what: { body: 'profile' },
    handler: async ({ caller: session, body }) => account.updateProfile(session, body),
  });

  route(app, 'GET', API.member.logins, {
    guard: requireMember,
    handler: async ({ caller: session }) => account.logins(session),
  });

  route(app, 'PUT', API.member.paymentPassword, {
    guard: requireMember,
    handler: async ({ caller: session, request, descriptor }) => {
      const body = await sealed.open(session.merchantId, request.body, descriptor.body, 'payment password');
      await account.setPaymentPassword(session, body);
      return done('Your payment password has been saved');
    },
  });

  route(app, 'POST', API.verification.smsBind, {
    guard: requireMember,
    what: { body: 'SMS request' },
    handler: async ({ caller: session, body, request }) =>
      mobile.sendCode(await contextOf(request, options.merchantOf), session, body),
  });

  route(app, 'PUT', API.member.mobile, {
    guard: requireMember,
    handler: async ({ caller: session, request, descriptor }) =>
      mobile.bind(session, await sealed.open(session.merchantId, request.body, descriptor.body, 'mobile binding')),
  });

  route(app, 'POST', API.member.changePassword, {
    guard: requireMember,
    handler: async ({ caller: session, request, descriptor }) => {
      const ctx = await contextOf(request, options.merchantOf);
      const body = await sealed.open(session.merchantId, request.body, descriptor.body, 'password change');
      return options.passwords.change(ctx, session, body);
    },
  });
};
