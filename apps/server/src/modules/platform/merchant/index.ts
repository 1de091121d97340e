import type { Queryable } from '../../../db/database';
import { merchantRepository } from './merchant.repository';
import { merchantServiceFactory } from './merchant.service';

export type { MerchantService } from './merchant.service';
export type * from './merchant.types';
export { isRegionRestricted } from './region';
export { isModuleEnabled, buildWhitelabelTree } from './whitelabel-tree';
export { isMaintenanceActive, maintenanceMessageFor } from './maintenance';
export { normalizeHost } from './host';

export const createMerchantModule = (deps: { db: Queryable; defaultMerchantCode: string }) => ({
  service: merchantServiceFactory({
    repository: merchantRepository(deps.db),
    defaultMerchantCode: deps.defaultMerchantCode,
  }),
});

export { createConfigOps, CONFIG_SETTLE_MS } from './config-ops';
export type { ConfigArea, ConfigCaller, ConfigGuard, ConfigOpsService } from './config-ops.service';
