import type { TFunction } from 'i18next';
import { MERCHANT_STAFF_ROLES, type StaffRole } from '@platform/contracts';

/** Roles the caller may give: only an owner (or the platform's super) gives the owner role. */
export const assignableRoles = (callerRole: StaffRole): StaffRole[] =>
  MERCHANT_STAFF_ROLES.filter((role) => role !== 'owner' || callerRole === 'owner' || callerRole === 'super');

export const roleOptions = (t: TFunction, roles: readonly StaffRole[]) =>
  roles.map((role) => ({ value: role, label: t(`roles.${role}`) }));

/** An admin cannot change, disable or reset an owner; nobody changes their own role or status from this page. */
export const canManage = (caller: { id: string; role: StaffRole }, target: { id: string; role: StaffRole }) =>
  caller.id !== target.id && !(target.role === 'owner' && caller.role !== 'owner' && caller.role !== 'super');
