import { roleHas, STAFF_IDLE_TIMEOUT_MS, type StaffPermission, type StaffRole } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { sha256 } from '../../../lib/tokens';
import { staffTokenOf } from './staff.context';
import type { Merchant } from '../../platform/merchant';
import { staffRepository } from './staff.repository';

export type StaffCaller = {
  merchant: Merchant;
  /** Who acted, for the order's history and the audit: the staff username. */
  staff: string;
  /** The staff account's id. */
  staffId: string;
  role: StaffRole;
  /** Where the call came from, for the audit log. */
  ip: string;
};

/** A signed-in staff member's session, as requireStaff found it. */
export type StaffSessionInfo = { id: bigint; staffId: bigint; displayName: string };

/** last_seen_at is written at most this often: idle expiry is then exact to this, at a write per interval. */
export const STAFF_TOUCH_AFTER_MS = 30_000;

type Lookup = { caller: StaffCaller; session: StaffSessionInfo };

/**
 * Staff authentication (issue 7): `Authorization: Bearer <token>` of a staff session (staff-sign-in.service.ts), looked
 * up by its hash on the merchant of the host. The session ends after STAFF_IDLE_TIMEOUT_MS without a call or at its
 * absolute end; a disabled account's sessions stop at once. The merchant is the session's (a staff member's own, or
 * the host's for a super admin): a token never acts on another merchant, it is unknown there.
 */
export const createStaffAuth = ({
  db,
  now,
  merchantOf,
}: {
  db: Database;
  now: Clock;
  merchantOf: (request: FastifyRequest) => Promise<Merchant>;
}) => {
  const repository = staffRepository(db);
  const lookups = new WeakMap<FastifyRequest, Promise<Lookup>>();

  const resolve = async (request: FastifyRequest): Promise<Lookup> => {
    const token = staffTokenOf(request);
    if (token === null) throw new AppError('AUTH_REQUIRED', 401, 'Please sign in to the back office');
    const merchant = await merchantOf(request);
    const row = await repository.findSession(merchant.id, sha256(token));
    if (row === undefined || row.revokedAt !== null || row.status !== 'ACTIVE') {
      throw new AppError('AUTH_REQUIRED', 401, 'Please sign in to the back office');
    }
    const nowMs = now();
    const lastSeenMs = row.lastSeenAt.getTime();
    if (row.expiresAt.getTime() <= nowMs || lastSeenMs + STAFF_IDLE_TIMEOUT_MS <= nowMs) {
      throw new AppError('SESSION_EXPIRED', 401, 'Your back-office session has ended; please sign in again');
    }
    if (nowMs - lastSeenMs >= STAFF_TOUCH_AFTER_MS) await repository.touchSession(row.id, nowMs);
    return {
      caller: { merchant, staff: row.username, staffId: row.staffId.toString(), role: row.role, ip: request.ip },
      session: { id: row.id, staffId: row.staffId, displayName: row.displayName },
    };
  };

  const lookup = (request: FastifyRequest): Promise<Lookup> => {
    let found = lookups.get(request);
    if (found === undefined) {
      found = resolve(request);
      lookups.set(request, found);
    }
    return found;
  };

  return {
    /**
     * The caller of a staff route, checked before anything else the route does: 401 AUTH_REQUIRED without a valid
     * session, 401 SESSION_EXPIRED after the idle or absolute end, 403 FORBIDDEN when the role lacks `permission`
     * (null: any signed-in staff member).
     */
    requireStaff: async (request: FastifyRequest, permission: StaffPermission | null): Promise<StaffCaller> => {
      const { caller } = await lookup(request);
      if (permission !== null && !roleHas(caller.role, permission)) {
        throw new AppError('FORBIDDEN', 403, 'Your role does not allow this');
      }
      return caller;
    },
    /** The session behind the request (logout, profile); the same checks as requireStaff without a permission. */
    sessionOf: lookup,
  };
};

export type StaffAuth = ReturnType<typeof createStaffAuth>;
