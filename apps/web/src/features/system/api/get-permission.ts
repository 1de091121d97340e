import { API, type PermissionConfig } from '@platform/contracts';
import { apiRequest, invalidResponse } from '@/lib/api-client';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The fields start-up reads before anything else. The server serializes this response through
 * PermissionConfigSchema (the web app and the server ship from one commit), so the first paint checks only what
 * it must decide on, and the full schema (with zod, ~25 KB gzip) stays off the critical path (ADR 0008).
 */
const looksLikeConfig = (value: unknown): value is PermissionConfig =>
  isRecord(value) &&
  isRecord(value.status) &&
  [0, 1, 2].includes(value.status.status as number) &&
  isRecord(value.language) &&
  Array.isArray(value.language.supported) &&
  isRecord(value.brand) &&
  Array.isArray(value.customerService);

/** The permission/configuration call, made before anything else (spec §4). */
export const getPermission = async (): Promise<PermissionConfig> => {
  const value = await apiRequest(API.system.permission);
  if (import.meta.env.DEV) {
    // Development and tests validate the whole response, so a contract drift fails loudly where it is made.
    const { PermissionConfigSchema } = await import('./permission-schema');
    const parsed = PermissionConfigSchema.safeParse(value);
    if (!parsed.success) throw invalidResponse(200, 'invalid configuration');
    return parsed.data;
  }
  if (!looksLikeConfig(value)) throw invalidResponse(200, 'invalid configuration');
  return value;
};
