import {
  AGENT_USER_TYPES,
  TRIAL_USER_TYPE,
  USER_TYPE,
  type MemberKind,
  type MemberNote,
  type MemberSummary,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { MemberSearchFilter, MemberSummaryRow } from '../../identity/identity';
import type { NoteRow } from './member-ops.repository';

export const memberNotFound = () => new AppError('NOT_FOUND', 404, 'Member not found');
export const stateInvalid = (message: string) => new AppError('MEMBER_STATE_INVALID', 409, message);
export const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, `${path}: ${message}`, { value: { fields: [{ path, message }] } });

const KIND_TYPES: Record<MemberKind, readonly number[]> = {
  MEMBER: [USER_TYPE.MEMBER],
  TRIAL: [TRIAL_USER_TYPE],
  AGENT: AGENT_USER_TYPES,
};

/** Both the kind and the exact type, when given, must hold: their intersection (possibly empty). */
export const userTypesOf = (
  kind: MemberKind | undefined,
  userType: number | undefined,
): readonly number[] | undefined => {
  if (kind === undefined) return userType === undefined ? undefined : [userType];
  const types = KIND_TYPES[kind];
  return userType === undefined ? types : types.filter((type) => type === userType);
};

/**
 * A typed mobile number as the stored (country code, national number): `+63 917 123 4567` may split after 1 to 4
 * digits (each candidate is a lookup of members_mobile_key); `0917 123 4567` is a national number in any country.
 */
export const mobileFilterOf = (text: string): NonNullable<MemberSearchFilter['mobile']> => {
  const digits = text.replace(/[^0-9]/g, '');
  if (text.trim().startsWith('+')) {
    const pairs: [string, string][] = [];
    for (let split = 1; split <= 4 && split < digits.length; split += 1) {
      pairs.push([`+${digits.slice(0, split)}`, digits.slice(split).replace(/^0+/, '')]);
    }
    return { pairs, national: null };
  }
  return { pairs: [], national: digits.replace(/^0+/, '') };
};

/** `d***@example.com`, `+63 ******4567`: enough for staff to tell the member where to look. */
export const maskDestination = (channel: 'EMAIL' | 'SMS', address: string, countryCode?: string): string => {
  if (channel === 'EMAIL') {
    const [local = '', domain = ''] = address.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return `${countryCode ?? ''} ${'*'.repeat(Math.max(0, address.length - 4))}${address.slice(-4)}`.trim();
};

export const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export const toSummary = (row: MemberSummaryRow): MemberSummary => ({
  id: row.id.toString(),
  username: row.username,
  nickname: row.nickname,
  realName: row.realName,
  userType: row.userType,
  status: row.status,
  countryDialingCode: row.countryDialingCode,
  mobileNum: row.mobileNum,
  upline: row.upline,
  registeredAt: row.registeredAt.toISOString(),
  lastLoginAt: iso(row.lastLoginAt),
});

export const toNote = (row: NoteRow): MemberNote => ({
  id: row.id.toString(),
  text: row.text,
  staff: row.staffUsername,
  createdAt: row.createdAt.toISOString(),
});

export const totalPages = (count: number, pageSize: number) => Math.ceil(count / pageSize);
