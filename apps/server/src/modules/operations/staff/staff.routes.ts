import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API } from '@platform/contracts';
import { done } from '../../../lib/respond';
import { route } from '../../../lib/route';
import type { MerchantResolver } from '../../identity/identity';
import type { StaffAccountsService } from './staff-accounts.service';
import type { StaffAuth } from './staff-auth';
import type { StaffInvitationService } from './staff-invitation.service';
import { profileOf, type SignInService } from './staff-sign-in.service';
import { staffContextOf } from './staff.context';

/**
 * Staff sign-in (login → enrol or mfa → session), the caller's own session, and staff management (staff.manage).
 * Management routes check the staff session first, then read input.
 */
export const staffRoutes = async (
  app: FastifyInstance,
  {
    signIn,
    accounts,
    staff,
    merchantOf,
    invitations,
  }: {
    signIn: SignInService;
    accounts: StaffAccountsService;
    staff: StaffAuth;
    merchantOf: MerchantResolver;
    invitations: StaffInvitationService;
  },
) => {
  const signInContext = (request: FastifyRequest) => staffContextOf(request, merchantOf);
  const manager = (request: FastifyRequest) => staff.requireStaff(request, 'staff.manage');

  route(app, 'POST', OPS_API.auth.login, {
    guard: signInContext,
    what: { body: 'sign-in' },
    handler: async ({ caller: ctx, body }) => signIn.login(ctx, body),
  });

  route(app, 'POST', OPS_API.auth.enrol, {
    guard: signInContext,
    what: { body: 'enrolment' },
    handler: async ({ caller: ctx, body }) => signIn.enrol(ctx, body),
  });

  route(app, 'POST', OPS_API.auth.mfa, {
    guard: signInContext,
    what: { body: 'code' },
    handler: async ({ caller: ctx, body }) => signIn.mfa(ctx, body),
  });

  // An enrolment link (npm run create-owner): sets the password, then the ENROL step as at a first sign-in.
  route(app, 'POST', OPS_API.auth.invitation, {
    guard: signInContext,
    what: { body: 'enrolment link' },
    handler: async ({ caller: ctx, body }) => invitations.accept(ctx, body),
  });

  route(app, 'POST', OPS_API.auth.logout, {
    guard: (request) => staff.requireStaff(request, null),
    handler: async ({ caller, request }) => {
      const { session } = await staff.sessionOf(request);
      await signIn.logout(caller, session.id);
      return done('You have signed out');
    },
  });

  route(app, 'GET', OPS_API.auth.me, {
    guard: (request) => staff.requireStaff(request, null),
    handler: async ({ caller, request }) => {
      const { session } = await staff.sessionOf(request);
      const me = { id: session.staffId, username: caller.staff, displayName: session.displayName, role: caller.role };
      return profileOf(me, caller.merchant);
    },
  });

  route(app, 'GET', OPS_API.staff.list, {
    guard: manager,
    handler: async ({ caller, query }) => accounts.list(caller, query),
  });

  route(app, 'POST', OPS_API.staff.list, {
    guard: manager,
    what: { body: 'staff account' },
    handler: async ({ caller, body, request }) => {
      const account = await accounts.create(caller, body);
      request.log.info({ staff: caller.staff, account: account.id }, 'staff account created');
      return account;
    },
  });

  route(app, 'PATCH', OPS_API.staff.account, {
    guard: manager,
    what: { params: 'staff id', body: 'staff account' },
    handler: async ({ caller, params, body, request }) => {
      const account = await accounts.update(caller, BigInt(params.id), body);
      request.log.info({ staff: caller.staff, account: account.id }, 'staff account updated');
      return account;
    },
  });

  route(app, 'POST', OPS_API.staff.resetMfa, {
    guard: manager,
    what: { params: 'staff id' },
    handler: async ({ caller, params, request }) => {
      const account = await accounts.resetMfa(caller, BigInt(params.id));
      request.log.info({ staff: caller.staff, account: account.id }, 'staff MFA reset');
      return account;
    },
  });
};
