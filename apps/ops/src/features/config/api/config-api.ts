import {
  OpsCustomerServiceSchema,
  OpsLanguagesSchema,
  OpsMaintenanceSchema,
  OpsRegionRulesSchema,
  OpsRegisterSettingsSchema,
  OpsResourcesSchema,
  OpsWhitelabelSchema,
  type OpsCustomerServiceUpdate,
  type OpsLanguagesUpdate,
  type OpsMaintenanceUpdate,
  type OpsRegionRulesUpdate,
  type OpsRegisterSettingsUpdate,
  type OpsResourcesUpdate,
  type OpsWhitelabelUpdate,
  OPS_API,
} from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

/** Site configuration (permission config.manage; contracts config-ops.ts): one GET and one write per area. */
export const configKeys = {
  all: ['ops', 'config'] as const,
  area: (area: string) => ['ops', 'config', area] as const,
};

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getWhitelabel = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.whitelabel, { schema: OpsWhitelabelSchema, ...signalOf(signal) });
export const patchWhitelabel = (body: OpsWhitelabelUpdate) =>
  apiRequest(OPS_API.config.whitelabel, { method: 'PATCH', body, schema: OpsWhitelabelSchema });

export const getRegister = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.register, { schema: OpsRegisterSettingsSchema, ...signalOf(signal) });
export const putRegister = (body: OpsRegisterSettingsUpdate) =>
  apiRequest(OPS_API.config.register, { method: 'PUT', body, schema: OpsRegisterSettingsSchema });

export const getLanguages = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.languages, { schema: OpsLanguagesSchema, ...signalOf(signal) });
export const putLanguages = (body: OpsLanguagesUpdate) =>
  apiRequest(OPS_API.config.languages, { method: 'PUT', body, schema: OpsLanguagesSchema });

export const getResources = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.resources, { schema: OpsResourcesSchema, ...signalOf(signal) });
export const putResources = (body: OpsResourcesUpdate) =>
  apiRequest(OPS_API.config.resources, { method: 'PUT', body, schema: OpsResourcesSchema });

export const getCustomerService = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.customerService, { schema: OpsCustomerServiceSchema, ...signalOf(signal) });
export const putCustomerService = (body: OpsCustomerServiceUpdate) =>
  apiRequest(OPS_API.config.customerService, { method: 'PUT', body, schema: OpsCustomerServiceSchema });

export const getMaintenance = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.maintenance, { schema: OpsMaintenanceSchema, ...signalOf(signal) });
export const putMaintenance = (body: OpsMaintenanceUpdate) =>
  apiRequest(OPS_API.config.maintenance, { method: 'PUT', body, schema: OpsMaintenanceSchema });

export const getRegionRules = (signal?: AbortSignal) =>
  apiRequest(OPS_API.config.regionRules, { schema: OpsRegionRulesSchema, ...signalOf(signal) });
export const putRegionRules = (body: OpsRegionRulesUpdate) =>
  apiRequest(OPS_API.config.regionRules, { method: 'PUT', body, schema: OpsRegionRulesSchema });
