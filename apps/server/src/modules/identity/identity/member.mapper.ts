import { PROFILE_FIELDS, isAgentType, isTrialType, type MemberInfo, type ProfileField } from '@platform/contracts';
import type { MemberRow } from './member.repository';

export const toMemberInfo = (member: MemberRow, lastLoginAt: Date | null): MemberInfo => ({
  id: member.id.toString(),
  account: member.username,
  nickname: member.nickname ?? member.username,
  type: member.userType,
  isAgent: isAgentType(member.userType),
  isTrial: isTrialType(member.userType),
  mobileNum: member.mobileNum,
  countryDialingCode: member.countryDialingCode,
  email: member.email,
  hasPaymentPassword: member.paymentPasswordHash !== null,
  lastLoginAt: lastLoginAt?.toISOString() ?? null,
  language: member.language,
});

export const profileValues = (member: MemberRow): Record<ProfileField, string | null> =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, member[field]])) as Record<ProfileField, string | null>;
