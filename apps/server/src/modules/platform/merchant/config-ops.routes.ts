import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API, type RouteDescriptor } from '@platform/contracts';
import { descriptorOf, routeFrom, type BodyOf, type ResponseIn } from '../../../lib/route';
import type { ConfigCaller, ConfigGuard, ConfigOpsService } from './config-ops.service';
import type { Merchant } from './merchant.types';

export type ConfigOpsRoutesOptions = { config: ConfigOpsService; staff: ConfigGuard };

/**
 * The back office's configuration screens (issue 7), permission config.manage. Staff first, then input: a caller
 * without the permission learns nothing about what the body should be. Each area: GET the state, PUT (whitelabel:
 * PATCH) the new one, answered with what was stored.
 */
export const configOpsRoutes = async (app: FastifyInstance, { config, staff }: ConfigOpsRoutesOptions) => {
  const guard = (request: FastifyRequest) => staff.requireStaff(request, 'config.manage');
  const area = <Read extends RouteDescriptor, Write extends RouteDescriptor>(spec: {
    get: Read;
    set: Write;
    what: string;
    read: (merchant: Merchant) => Promise<ResponseIn<Read>>;
    write: (caller: ConfigCaller, body: BodyOf<Write>) => Promise<ResponseIn<Write>>;
  }) => {
    routeFrom(app, spec.get, { guard, handler: async ({ caller }) => spec.read(caller.merchant) });
    routeFrom(app, spec.set, {
      guard,
      what: { body: spec.what },
      handler: async ({ caller, body, request }) => {
        const stored = await spec.write(caller, body);
        request.log.info({ staff: caller.staff, area: spec.what }, 'configuration updated');
        return stored;
      },
    });
  };

  area({
    get: descriptorOf('GET', OPS_API.config.whitelabel),
    set: descriptorOf('PATCH', OPS_API.config.whitelabel),
    what: 'whitelabel change',
    read: config.whitelabel,
    write: config.updateWhitelabel,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.register),
    set: descriptorOf('PUT', OPS_API.config.register),
    what: 'register settings',
    read: config.register,
    write: config.updateRegister,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.languages),
    set: descriptorOf('PUT', OPS_API.config.languages),
    what: 'languages',
    read: config.languages,
    write: config.updateLanguages,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.resources),
    set: descriptorOf('PUT', OPS_API.config.resources),
    what: 'resources',
    read: config.resources,
    write: config.updateResources,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.customerService),
    set: descriptorOf('PUT', OPS_API.config.customerService),
    what: 'customer service',
    read: config.customerService,
    write: config.updateCustomerService,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.maintenance),
    set: descriptorOf('PUT', OPS_API.config.maintenance),
    what: 'maintenance',
    read: config.maintenance,
    write: config.updateMaintenance,
  });
  area({
    get: descriptorOf('GET', OPS_API.config.regionRules),
    set: descriptorOf('PUT', OPS_API.config.regionRules),
    what: 'region rules',
    read: config.regionRules,
    write: config.updateRegionRules,
  });
};
