import { AppError } from '../../../lib/app-error';

export const mobileTaken = () => new AppError('MOBILE_TAKEN', 400, 'This mobile number is already registered');

/** PostgreSQL unique_violation: the race between our check and the write, lost to a concurrent request. */
export const isUniqueViolation = (error: unknown): error is { constraint?: string } =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The unique index of (merchant, dialing code, number) in 0002: one member per number. */
export const MOBILE_KEY = 'members_mobile_key';
