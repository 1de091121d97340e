import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { constantTimeEqual, sha256 } from '../../lib/tokens';
import type { Merchant } from '../merchant';

export type StaffCaller = {
  merchant: Merchant;
  /** Who acted, for the order's history and the audit: X-Staff-User, or 'staff-api'. */
  staff: string;
};

const BEARER = /^Bearer (\S{32,256})$/;
const STAFF_NAME = /^[A-Za-z0-9_.@-]{1,64}$/;

/**
 * The staff API's interim authentication (ADR 0011): one bearer token from STAFF_API_TOKEN, compared in constant time,
 * plus the acting staff member's name in X-Staff-User. The back office (issue 7) replaces it with staff sessions, MFA
 * and per-role permissions; routes call `requireStaff` and stay as they are.
 */
export const createStaffAuth = ({
  token,
  merchantOf,
}: {
  token: string | undefined;
  merchantOf: (request: FastifyRequest) => Promise<Merchant>;
}) => {
  const expected = token === undefined ? null : sha256(token);
  return {
    enabled: expected !== null,
    requireStaff: async (request: FastifyRequest): Promise<StaffCaller> => {
      // Without a configured token the staff API does not exist (404, like any unknown path).
      if (expected === null) throw new AppError('NOT_FOUND', 404, 'Not found');
      const header = request.headers.authorization;
      const presented = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
      if (presented === undefined) throw new AppError('AUTH_REQUIRED', 401, 'Staff authentication required');
      if (!constantTimeEqual(sha256(presented), expected)) throw new AppError('FORBIDDEN', 403, 'Not allowed');
      const name = request.headers['x-staff-user'];
      const staff = typeof name === 'string' && STAFF_NAME.test(name) ? name : 'staff-api';
      return { merchant: await merchantOf(request), staff };
    },
  };
};

export type StaffAuth = ReturnType<typeof createStaffAuth>;
