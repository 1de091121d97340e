import { z } from 'zod';
import { GAME_SEARCH_MAX_LENGTH } from './catalogue-constants';
import { GameClassifySchema, GameStatusSchema, GameTypeSchema, NodeIdSchema } from './catalogue';
import { VendorCodeSchema } from './vendor-wallet';

/**
 * Staff API for vendors and games (issue 7 back office, permission games.manage). Every change drops the merchant's
 * cached lobby answers, so players see it on their next call. A game edit is PATCH /wps/ops/games/:nodeId
 * (GamePatchSchema in catalogue.ts); the game answer after an edit is OpsGameSchema.
 */

const SortSchema = z.number().int().min(-1_000_000).max(1_000_000);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const flag = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional());

export const OpsVendorSchema = z.object({
  code: z.string(),
  displayName: z.string(),
  logoUrl: z.string(),
  walletMode: z.enum(['SEAMLESS', 'TRANSFER']),
  /** ACTIVE: listed; MAINTENANCE: its games are hidden and cannot start; DISABLED: gone from the lobby. */
  status: GameStatusSchema,
  isNew: z.boolean(),
  sort: z.number().int(),
  /** Its game types (lobby tiles) and how many games it has, of which how many are ACTIVE. */
  gameTypes: z.array(GameTypeSchema),
  games: z.number().int(),
  activeGames: z.number().int(),
  /**
   * Connected vendors only (DESIGN §6): false while its credentials or launch address are missing or its last launch
   * failed; players see no game of a vendor that is not connected.
   */
  connected: z.boolean(),
  /** The last reason a launch could not be made, and when (ISO 8601); kept after the vendor is connected again. */
  lastLaunchError: z.string().nullable(),
  lastLaunchErrorAt: z.string().nullable(),
});
export type OpsVendor = z.infer<typeof OpsVendorSchema>;

/** GET /wps/ops/vendors: every vendor of the merchant by sort and code (a merchant has tens, capped at 500). */
export const OpsVendorListSchema = z.object({ list: z.array(OpsVendorSchema) });
export type OpsVendorList = z.infer<typeof OpsVendorListSchema>;

export const OpsVendorParamsSchema = z.object({ code: VendorCodeSchema });

/** PATCH /wps/ops/vendors/:code: status, order, new flag; at least one. */
export const OpsVendorPatchSchema = z
  .object({ status: GameStatusSchema, isNew: z.boolean(), sort: SortSchema })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'name at least one field');
export type OpsVendorPatch = z.infer<typeof OpsVendorPatchSchema>;

export const OPS_GAMES_MAX_PAGE_SIZE = 100;

/** GET /wps/ops/games: every game of the merchant whatever its status, filtered, by sort and id. */
export const OpsGameQuerySchema = z.object({
  /** Part of a name (any language) or of the game code; case and accents are ignored. */
  search: optional(z.string().trim().max(GAME_SEARCH_MAX_LENGTH)),
  vendor: optional(VendorCodeSchema),
  gameType: optional(GameTypeSchema),
  gameClassify: optional(GameClassifySchema),
  status: optional(GameStatusSchema),
  hot: flag,
  isNew: flag,
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(OPS_GAMES_MAX_PAGE_SIZE).default(50),
});
export type OpsGameQuery = z.infer<typeof OpsGameQuerySchema>;

export const OpsGameSchema = z.object({
  nodeId: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameType: GameTypeSchema,
  gameCode: z.string(),
  /** The English name (the fallback every game has). */
  name: z.string(),
  gameClassify: GameClassifySchema,
  iconUrl: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  status: GameStatusSchema,
  sort: z.number().int(),
});
export type OpsGame = z.infer<typeof OpsGameSchema>;

export const OpsGamePageSchema = z.object({
  list: z.array(OpsGameSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type OpsGamePage = z.infer<typeof OpsGamePageSchema>;

export const OPS_GAME_ORDER_MAX = 200;

/** PUT /wps/ops/games/order: new sort values for up to 200 games at once (each game at most once). */
export const OpsGameOrderSchema = z
  .object({
    items: z
      .array(z.object({ nodeId: NodeIdSchema, sort: SortSchema }).strict())
      .min(1, 'name at least one game')
      .max(OPS_GAME_ORDER_MAX),
  })
  .strict()
  .refine((body) => new Set(body.items.map((item) => item.nodeId)).size === body.items.length, {
    message: 'names a game twice',
    path: ['items'],
  });
export type OpsGameOrder = z.infer<typeof OpsGameOrderSchema>;
export const OpsGameOrderResultSchema = z.object({ updated: z.number().int() });
