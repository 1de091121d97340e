/** Split out so zod and the schema download in parallel with the configuration call (see get-permission). */
export { PermissionConfigSchema } from '@platform/contracts';
