import {
  OpsGameOrderResultSchema,
  OpsGamePageSchema,
  OpsGameSchema,
  OpsVendorListSchema,
  OpsVendorSchema,
  type GamePatch,
  type OpsGameOrder,
  type OpsVendorPatch,
  OPS_API,
} from '@platform/contracts';
import { apiPath, apiRequest, type Query } from '@/lib/api-client';

/** Query keys: every vendor or game change refreshes both lists (a vendor's status changes its games' counts). */
export const VENDORS_KEY = ['ops', 'vendors'] as const;
export const GAMES_KEY = ['ops', 'games'] as const;

export const getVendors = (signal?: AbortSignal) =>
  apiRequest(OPS_API.vendors, { schema: OpsVendorListSchema, signal });

export const patchVendor = (code: string, patch: OpsVendorPatch) =>
  apiRequest(apiPath(OPS_API.vendor, { code }), { method: 'PATCH', body: patch, schema: OpsVendorSchema });

export const getGames = (query: Query, signal?: AbortSignal) =>
  apiRequest(OPS_API.games, { query, schema: OpsGamePageSchema, signal });

export const patchGame = (nodeId: string, patch: GamePatch) =>
  apiRequest(apiPath(OPS_API.game, { nodeId }), { method: 'PATCH', body: patch, schema: OpsGameSchema });

export const orderGames = (body: OpsGameOrder) =>
  apiRequest(OPS_API.gameOrder, { method: 'PUT', body, schema: OpsGameOrderResultSchema });
