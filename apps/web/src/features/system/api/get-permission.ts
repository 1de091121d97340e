import { API, type PermissionConfig } from '@platform/contracts';
import { apiRequest, ApiError } from '@/lib/api-client';

/**
 * The permission/configuration call, made before anything else (spec §4). Its schema (and zod with it,
 * ~27 KB gzip) is a separate chunk fetched while the request is in flight, so validation costs no extra
 * round trip and the first JavaScript stays small.
 */
export const getPermission = async (): Promise<PermissionConfig> => {
  const [value, { PermissionConfigSchema }] = await Promise.all([
    apiRequest(API.system.permission),
    import('./permission-schema'),
  ]);
  const parsed = PermissionConfigSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('invalid configuration', 200);
  return parsed.data;
};
