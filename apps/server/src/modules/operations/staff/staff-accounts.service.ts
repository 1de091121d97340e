import type {
  FieldError,
  StaffAccount,
  StaffAccountPage,
  StaffCreate,
  StaffListQuery,
  StaffUpdate,
} from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../audit';
import type { PasswordHasher } from '../../identity/identity';
import type { StaffCaller } from './staff-auth';
import { staffRepository, type StaffRow } from './staff.repository';

/** What the list shows and what the audit keeps of an account (never its password hash or TOTP secret). */
export const accountOf = (row: StaffRow): StaffAccount => ({
  id: row.id.toString(),
  username: row.username,
  displayName: row.displayName,
  role: row.role,
  status: row.status,
  mfaEnrolled: row.totpEnrolledAt !== null,
  lastLoginAt: row.lastLoginAt === null ? null : row.lastLoginAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const fieldError = (fields: FieldError[]) =>
  new AppError('VALIDATION_FAILED', 400, fields.map((f) => `${f.path}: ${f.message}`).join('; '), {
    value: { fields },
  });

const notFound = () => new AppError('NOT_FOUND', 404, 'No such staff account');

/** Owners (and super admins) may touch owners; an admin may not (STAFF.md). */
const mayTouchOwners = (caller: StaffCaller) => caller.role === 'owner' || caller.role === 'super';

const guardOwner = (caller: StaffCaller, target: StaffRow) => {
  if (target.role === 'owner' && !mayTouchOwners(caller)) {
    throw new AppError('FORBIDDEN', 403, "Only an owner can change an owner's account");
  }
};

/**
 * Staff management of a merchant (permission staff.manage). Every write carries its audit entry in its transaction.
 * Rules: only owners (and super admins) create, change, disable or give the owner role; nobody changes their own role
 * or status (so nobody disables themselves or walks away with no owner); accounts of other merchants do not exist
 * here.
 */
export const staffAccountsServiceFactory = ({
  db,
  now,
  hasher,
}: {
  db: Database;
  now: Clock;
  hasher: PasswordHasher;
}) => {
  const repository = staffRepository(db);

  const list = async (caller: StaffCaller, query: StaffListQuery): Promise<StaffAccountPage> => {
    const { rows, total } = await repository.list(caller.merchant.id, query);
    return {
      list: rows.map(accountOf),
      pageNo: query.pageNo,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  };

  const create = async (caller: StaffCaller, body: StaffCreate): Promise<StaffAccount> => {
    const merchantId = caller.merchant.id;
    const problems: FieldError[] = [];
    if (body.role === 'owner' && !mayTouchOwners(caller)) {
      problems.push({ path: 'role', message: 'Only an owner can give the owner role' });
    }
    if (await repository.usernameTaken(merchantId, body.username)) {
      problems.push({ path: 'username', message: 'This username is taken' });
    }
    if (problems.length > 0) throw fieldError(problems);
    const passwordHash = await hasher.hash(body.password);
    return db.transaction(async (tx) => {
      const repo = staffRepository(tx);
      const nowMs = now();
      const id = await repo.insert(
        { merchantId, username: body.username, displayName: body.displayName, passwordHash, role: body.role },
        nowMs,
      );
      if (id === undefined) throw fieldError([{ path: 'username', message: 'This username is taken' }]);
      const row = await repo.findOfMerchant(merchantId, id);
      if (row === undefined) throw new Error('staff account vanished');
      const account = accountOf(row);
      await recordAudit(tx, caller, {
        action: 'staff.create',
        targetType: 'staff',
        targetId: account.id,
        after: account,
      });
      return account;
    });
  };

  const update = async (caller: StaffCaller, id: bigint, body: StaffUpdate): Promise<StaffAccount> =>
    db.transaction(async (tx) => {
      const repo = staffRepository(tx);
      const target = await repo.findOfMerchant(caller.merchant.id, id, true);
      if (target === undefined) throw notFound();
      guardOwner(caller, target);
      const self = caller.staffId === target.id.toString();
      const problems: FieldError[] = [];
      if (body.role !== undefined && body.role !== target.role) {
        if (self) problems.push({ path: 'role', message: 'You cannot change your own role' });
        else if (body.role === 'owner' && !mayTouchOwners(caller)) {
          problems.push({ path: 'role', message: 'Only an owner can give the owner role' });
        }
      }
      if (body.status === 'DISABLED' && self) {
        problems.push({ path: 'status', message: 'You cannot disable your own account' });
      }
      if (problems.length > 0) throw fieldError(problems);
      const nowMs = now();
      // Enabling an account also lifts a lock from failed sign-ins (an administrator vouched for the person).
      await repo.update(id, { ...body, clearLock: body.status === 'ACTIVE' }, nowMs);
      if (body.status === 'DISABLED') await repo.revokeAllOf(id, nowMs);
      const after = await repo.findOfMerchant(caller.merchant.id, id);
      if (after === undefined) throw notFound();
      const account = accountOf(after);
      await recordAudit(tx, caller, {
        action: 'staff.update',
        targetType: 'staff',
        targetId: account.id,
        before: accountOf(target),
        after: account,
      });
      return account;
    });

  /** Clears TOTP and the recovery codes and ends the account's sessions: its next sign-in enrols again. */
  const resetMfa = async (caller: StaffCaller, id: bigint): Promise<StaffAccount> =>
    db.transaction(async (tx) => {
      const repo = staffRepository(tx);
      const target = await repo.findOfMerchant(caller.merchant.id, id, true);
      if (target === undefined) throw notFound();
      guardOwner(caller, target);
      if (caller.staffId === target.id.toString()) {
        throw new AppError('FORBIDDEN', 403, 'Ask another administrator to reset your own MFA');
      }
      const nowMs = now();
      await repo.resetMfa(id, nowMs);
      await repo.revokeAllOf(id, nowMs);
      const after = await repo.findOfMerchant(caller.merchant.id, id);
      if (after === undefined) throw notFound();
      const account = accountOf(after);
      await recordAudit(tx, caller, {
        action: 'staff.mfa.reset',
        targetType: 'staff',
        targetId: account.id,
        before: { mfaEnrolled: target.totpEnrolledAt !== null },
        after: { mfaEnrolled: false },
      });
      return account;
    });

  return { list, create, update, resetMfa };
};

export type StaffAccountsService = ReturnType<typeof staffAccountsServiceFactory>;
