import {
  OpsDepositChannelListSchema,
  OpsDepositChannelSchema,
  OpsWithdrawSettingsSchema,
  type OpsDepositChannelCreate,
  type OpsDepositChannelUpdate,
  type OpsWithdrawSettingsUpdate,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest } from '@/lib/api-client';

export const CHANNELS_KEY = ['ops', 'deposit-channels'] as const;
export const WITHDRAW_SETTINGS_KEY = ['ops', 'withdraw-settings'] as const;

export const getChannels = (signal?: AbortSignal) =>
  apiRequest(OPS_API.depositChannels, { schema: OpsDepositChannelListSchema, signal });

export const createChannel = (body: OpsDepositChannelCreate) =>
  apiRequest(OPS_API.depositChannels, { method: 'POST', body, schema: OpsDepositChannelSchema });

export const updateChannel = (id: string, body: OpsDepositChannelUpdate) =>
  apiRequest(apiPath(OPS_API.depositChannel, { id }), { method: 'PATCH', body, schema: OpsDepositChannelSchema });

export const getWithdrawSettings = (signal?: AbortSignal) =>
  apiRequest(OPS_API.withdrawSettings, { schema: OpsWithdrawSettingsSchema, signal });

export const putWithdrawSettings = (body: OpsWithdrawSettingsUpdate) =>
  apiRequest(OPS_API.withdrawSettings, { method: 'PUT', body, schema: OpsWithdrawSettingsSchema });
