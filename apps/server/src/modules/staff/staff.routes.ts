import type { FastifyInstance } from 'fastify';
import {
  StaffAccountPageSchema,
  StaffAccountSchema,
  StaffCreateSchema,
  StaffEnrolRequestSchema,
  StaffEnrolResponseSchema,
  StaffIdParamsSchema,
  StaffInvitationRequestSchema,
  StaffListQuerySchema,
  StaffLoginRequestSchema,
  StaffLoginResponseSchema,
  StaffMfaRequestSchema,
  StaffProfileSchema,
  StaffSessionSchema,
  StaffUpdateSchema,
  OPS_API,
} from '@platform/contracts';
import { done, success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { MerchantResolver } from '../identity';
import type { StaffAccountsService } from './staff-accounts.service';
import type { StaffAuth } from './staff-auth';
import type { StaffInvitationService } from './staff-invitation.service';
import { profileOf, type SignInService } from './staff-sign-in.service';
import { staffContextOf } from './staff.context';

const idOf = (params: unknown): bigint => BigInt(parseInput(StaffIdParamsSchema, params, 'staff id').id);

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
  app.post(OPS_API.auth.login, async (request) => {
    const ctx = await staffContextOf(request, merchantOf);
    const body = parseInput(StaffLoginRequestSchema, request.body, 'sign-in');
    return success(StaffLoginResponseSchema, await signIn.login(ctx, body));
  });

  app.post(OPS_API.auth.enrol, async (request) => {
    const ctx = await staffContextOf(request, merchantOf);
    const body = parseInput(StaffEnrolRequestSchema, request.body, 'enrolment');
    return success(StaffEnrolResponseSchema, await signIn.enrol(ctx, body));
  });

  app.post(OPS_API.auth.mfa, async (request) => {
    const ctx = await staffContextOf(request, merchantOf);
    const body = parseInput(StaffMfaRequestSchema, request.body, 'code');
    return success(StaffSessionSchema, await signIn.mfa(ctx, body));
  });

  // An enrolment link (npm run create-owner): sets the password, then the ENROL step as at a first sign-in.
  app.post(OPS_API.auth.invitation, async (request) => {
    const ctx = await staffContextOf(request, merchantOf);
    const body = parseInput(StaffInvitationRequestSchema, request.body, 'enrolment link');
    return success(StaffLoginResponseSchema, await invitations.accept(ctx, body));
  });

  app.post(OPS_API.auth.logout, async (request) => {
    const caller = await staff.requireStaff(request, null);
    const { session } = await staff.sessionOf(request);
    await signIn.logout(caller, session.id);
    return done('You have signed out');
  });

  app.get(OPS_API.auth.me, async (request) => {
    const caller = await staff.requireStaff(request, null);
    const { session } = await staff.sessionOf(request);
    return success(
      StaffProfileSchema,
      profileOf(
        { id: session.staffId, username: caller.staff, displayName: session.displayName, role: caller.role },
        caller.merchant,
      ),
    );
  });

  app.get(OPS_API.staff.list, async (request) => {
    const caller = await staff.requireStaff(request, 'staff.manage');
    const query = parseInput(StaffListQuerySchema, request.query, 'query');
    return success(StaffAccountPageSchema, await accounts.list(caller, query));
  });

  app.post(OPS_API.staff.list, async (request) => {
    const caller = await staff.requireStaff(request, 'staff.manage');
    const body = parseInput(StaffCreateSchema, request.body, 'staff account');
    const account = await accounts.create(caller, body);
    request.log.info({ staff: caller.staff, account: account.id }, 'staff account created');
    return success(StaffAccountSchema, account);
  });

  app.patch(OPS_API.staff.account, async (request) => {
    const caller = await staff.requireStaff(request, 'staff.manage');
    const id = idOf(request.params);
    const body = parseInput(StaffUpdateSchema, request.body, 'staff account');
    const account = await accounts.update(caller, id, body);
    request.log.info({ staff: caller.staff, account: account.id }, 'staff account updated');
    return success(StaffAccountSchema, account);
  });

  app.post(OPS_API.staff.resetMfa, async (request) => {
    const caller = await staff.requireStaff(request, 'staff.manage');
    const id = idOf(request.params);
    const account = await accounts.resetMfa(caller, id);
    request.log.info({ staff: caller.staff, account: account.id }, 'staff MFA reset');
    return success(StaffAccountSchema, account);
  });
};
