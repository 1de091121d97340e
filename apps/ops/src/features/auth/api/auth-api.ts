import {
  StaffEnrolResponseSchema,
  StaffLoginResponseSchema,
  StaffProfileSchema,
  StaffSessionSchema,
  type StaffEnrolResponse,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffSession,
  OPS_API,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** Staff sign-in (STAFF_API_READY: OPS_API.auth.*, schemas in contracts staff.ts). */
export type LoginResult = StaffLoginResponse;
export type SessionResult = StaffSession;
export type EnrolResult = StaffEnrolResponse;

export const login = (body: StaffLoginRequest) =>
  apiRequest(OPS_API.auth.login, { method: 'POST', body, schema: StaffLoginResponseSchema });

export const enrol = (challenge: string, code: string) =>
  apiRequest(OPS_API.auth.enrol, { method: 'POST', body: { challenge, code }, schema: StaffEnrolResponseSchema });

/** An enrolment link's token and the password chosen: answers the ENROL stage. */
export const acceptInvitation = (token: string, password: string) =>
  apiRequest(OPS_API.auth.invitation, { method: 'POST', body: { token, password }, schema: StaffLoginResponseSchema });

export const verifyMfa = (challenge: string, proof: { code: string } | { recoveryCode: string }) =>
  apiRequest(OPS_API.auth.mfa, { method: 'POST', body: { challenge, ...proof }, schema: StaffSessionSchema });

export const logout = () => apiRequest(OPS_API.auth.logout, { method: 'POST', body: {} });

export const getMe = (signal?: AbortSignal) =>
  apiRequest(OPS_API.auth.me, { schema: StaffProfileSchema, ...(signal ? { signal } : {}) });
