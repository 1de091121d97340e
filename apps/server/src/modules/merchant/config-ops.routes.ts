import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  OpsCustomerServiceSchema,
  OpsCustomerServiceUpdateSchema,
  OpsLanguagesSchema,
  OpsLanguagesUpdateSchema,
  OpsMaintenanceSchema,
  OpsMaintenanceUpdateSchema,
  OpsRegionRulesSchema,
  OpsRegionRulesUpdateSchema,
  OpsRegisterSettingsSchema,
  OpsRegisterSettingsUpdateSchema,
  OpsResourcesSchema,
  OpsResourcesUpdateSchema,
  OpsWhitelabelSchema,
  OpsWhitelabelUpdateSchema,
  OPS_API,
} from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { ConfigCaller, ConfigGuard, ConfigOpsService } from './config-ops.service';
import type { Merchant } from './merchant.types';

export type ConfigOpsRoutesOptions = { config: ConfigOpsService; staff: ConfigGuard };

/**
 * The back office's configuration screens (issue 7), permission config.manage. Staff first, then input: a caller
 * without the permission learns nothing about what the body should be. Each area: GET the state, PUT (whitelabel:
 * PATCH) the new one, answered with what was stored.
 */
export const configOpsRoutes = async (app: FastifyInstance, { config, staff }: ConfigOpsRoutesOptions) => {
  const area = <Read extends z.ZodType, Write extends z.ZodType>(spec: {
    path: string;
    method: 'PUT' | 'PATCH';
    what: string;
    readSchema: Read;
    writeSchema: Write;
    read: (merchant: Merchant) => Promise<z.input<Read>>;
    write: (caller: ConfigCaller, body: z.output<Write>) => Promise<z.input<Read>>;
  }) => {
    app.get(spec.path, async (request: FastifyRequest) => {
      const { merchant } = await staff.requireStaff(request, 'config.manage');
      return success(spec.readSchema, await spec.read(merchant));
    });
    app.route({
      method: spec.method,
      url: spec.path,
      handler: async (request) => {
        const caller = await staff.requireStaff(request, 'config.manage');
        const body = parseInput(spec.writeSchema, request.body, spec.what);
        const stored = await spec.write(caller, body);
        request.log.info({ staff: caller.staff, area: spec.what }, 'configuration updated');
        return success(spec.readSchema, stored);
      },
    });
  };

  area({
    path: OPS_API.config.whitelabel,
    method: 'PATCH',
    what: 'whitelabel change',
    readSchema: OpsWhitelabelSchema,
    writeSchema: OpsWhitelabelUpdateSchema,
    read: config.whitelabel,
    write: config.updateWhitelabel,
  });
  area({
    path: OPS_API.config.register,
    method: 'PUT',
    what: 'register settings',
    readSchema: OpsRegisterSettingsSchema,
    writeSchema: OpsRegisterSettingsUpdateSchema,
    read: config.register,
    write: config.updateRegister,
  });
  area({
    path: OPS_API.config.languages,
    method: 'PUT',
    what: 'languages',
    readSchema: OpsLanguagesSchema,
    writeSchema: OpsLanguagesUpdateSchema,
    read: config.languages,
    write: config.updateLanguages,
  });
  area({
    path: OPS_API.config.resources,
    method: 'PUT',
    what: 'resources',
    readSchema: OpsResourcesSchema,
    writeSchema: OpsResourcesUpdateSchema,
    read: config.resources,
    write: config.updateResources,
  });
  area({
    path: OPS_API.config.customerService,
    method: 'PUT',
    what: 'customer service',
    readSchema: OpsCustomerServiceSchema,
    writeSchema: OpsCustomerServiceUpdateSchema,
    read: config.customerService,
    write: config.updateCustomerService,
  });
  area({
    path: OPS_API.config.maintenance,
    method: 'PUT',
    what: 'maintenance',
    readSchema: OpsMaintenanceSchema,
    writeSchema: OpsMaintenanceUpdateSchema,
    read: config.maintenance,
    write: config.updateMaintenance,
  });
  area({
    path: OPS_API.config.regionRules,
    method: 'PUT',
    what: 'region rules',
    readSchema: OpsRegionRulesSchema,
    writeSchema: OpsRegionRulesUpdateSchema,
    read: config.regionRules,
    write: config.updateRegionRules,
  });
};
