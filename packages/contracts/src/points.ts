import { z } from 'zod';
import { PromotionListQuerySchema } from './promotions';
import { isStorableText } from './storable-text';
import { AmountTextSchema } from './wallet';
import type { RouteDescriptor } from './routes/route-descriptor';

/**
 * The points mall (issue 21; spec §1 points that never expire, §2 side menu point mall and the `/pointMall` route,
 * §4 redeem statuses, §7 points calls, §9 points have no expiry; domain-rules §4.7; ADR 0046). Points are whole
 * numbers on a POINTS ledger account of their own currency (PTS), sent as decimal strings of integers ("1250").
 */
export const POINTS_API = {
  /** GET (member): the caller's points balance (its POINTS ledger account). */
  balance: '/wps/points/balance',
  /** GET (member): the catalogue ("reward list"): items on sale. */
  items: '/wps/points/items',
  /** POST (member, E): redeems one item with the payment password. */
  redeem: '/wps/points/redeem',
  /** GET (member): the caller's redemptions, newest first. */
  redeems: '/wps/points/redeems',
  /** GET (member): earning rates and the conversion rule. */
  config: '/wps/points/config',
  /** GET (member): the points transaction detail (the POINTS account's ledger transfers). */
  transactions: '/wps/points/transactions',
  /** POST (member, E): converts points to cash with the payment password. */
  convert: '/wps/points/convert',
} as const;

/** Staff calls (promotions.manage; the cost report reports.view); each is in STAFF_ENDPOINTS. */
export const POINTS_OPS_API = {
  items: '/wps/ops/points/items',
  item: '/wps/ops/points/items/:id',
  settings: '/wps/ops/points/settings',
  redemptions: '/wps/ops/points/redemptions',
  redemptionApprove: '/wps/ops/points/redemptions/:id/approve',
  redemptionReject: '/wps/ops/points/redemptions/:id/reject',
  report: '/wps/ops/points/report',
} as const;

export const POINTS_CURRENCY = 'PTS';
export const MALL_ITEM_KINDS = ['BONUS', 'CASH', 'GOODS'] as const;
export type MallItemKind = (typeof MALL_ITEM_KINDS)[number];
/** Spec §4 redeem statuses: in process, rejected, approved. */
export const REDEEM_STATUSES = ['IN_PROCESS', 'REJECTED', 'APPROVED'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

const PointsTextSchema = z.string().regex(/^-?[0-9]{1,15}$/);
const PositivePointsSchema = z.number().int().min(1).max(1_000_000_000);
const RequestIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-');
export const PointsIdParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });

export const PointsBalanceSchema = z.object({ points: PointsTextSchema });
export type PointsBalance = z.infer<typeof PointsBalanceSchema>;

export const MallItemSchema = z.object({
  id: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  name: z.string(),
  description: z.string(),
  pricePoints: PointsTextSchema,
  /** Cash paid (CASH) or the bonus granted (BONUS); "0" for goods. */
  value: z.string(),
  turnoverMultiple: z.number(),
  /** null: unlimited. */
  stock: z.number().nullable(),
  perMemberLimit: z.number().nullable(),
});
export type MallItem = z.infer<typeof MallItemSchema>;
export const MallItemListSchema = z.object({ list: z.array(MallItemSchema).max(200) });
export type MallItemList = z.infer<typeof MallItemListSchema>;

const storable = (max: number) =>
  z.string().trim().max(max).refine(isStorableText, 'contains characters that cannot be stored');

export const DeliveryAddressSchema = z.object({
  name: storable(64).pipe(z.string().min(1)),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number'),
  address: storable(300).pipe(z.string().min(5)),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** POST redeem (E): one item; goods need the delivery address. `requestId` makes a retry redeem once. */
export const RedeemRequestSchema = z.object({
  itemId: z.string().regex(/^[0-9]{1,18}$/),
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestIdSchema,
  address: DeliveryAddressSchema.nullable().default(null),
});
export type RedeemRequest = z.input<typeof RedeemRequestSchema>;

export const RedemptionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  points: PointsTextSchema,
  status: z.enum(REDEEM_STATUSES),
  address: DeliveryAddressSchema.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedemptionListSchema = z.object({ list: z.array(RedemptionSchema).max(100) });
export type RedemptionList = z.infer<typeof RedemptionListSchema>;

export const PointsRateSchema = z.object({
  vipLevel: z.number().int().min(0).max(30),
  /** A game type code, or ALL for every game type the level has no own rate for. */
  gameType: z.string().regex(/^[A-Z0-9_]{1,32}$/),
  /** Points per 100 (major units) of valid bet. */
  pointsPerHundred: z.number().int().min(0).max(100_000),
});
export type PointsRate = z.infer<typeof PointsRateSchema>;

export const PointsConfigSchema = z.object({
  enabled: z.boolean(),
  /** Points that convert into 1 (major unit) of cash; 0: converting is off. */
  convertPointsPerUnit: z.number(),
  convertMinPoints: PointsTextSchema,
  rates: z.array(PointsRateSchema).max(500),
  /** Points never expire (spec §9). */
  expires: z.literal(false),
});
export type PointsConfig = z.infer<typeof PointsConfigSchema>;

export const PointsTransactionsQuerySchema = z.object({
  beforeId: z
    .string()
    .regex(/^[0-9]{1,18}$/)
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const PointsTransactionSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Signed: positive earned or refunded, negative spent. */
  points: PointsTextSchema,
  balanceAfter: PointsTextSchema,
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsTransaction = z.infer<typeof PointsTransactionSchema>;
export const PointsTransactionPageSchema = z.object({
  list: z.array(PointsTransactionSchema).max(50),
  nextBeforeId: z.string().nullable(),
});
export type PointsTransactionPage = z.infer<typeof PointsTransactionPageSchema>;

/** POST convert (E): at least `convertMinPoints`; the cash is rounded down to whole minor units. */
export const ConvertRequestSchema = z.object({
  points: PositivePointsSchema,
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestIdSchema,
});
export type ConvertRequest = z.input<typeof ConvertRequestSchema>;
export const ConvertResultSchema = z.object({
  points: PointsTextSchema,
  cash: z.string(),
  pointsAfter: PointsTextSchema,
  replayed: z.boolean(),
});
export type ConvertResult = z.infer<typeof ConvertResultSchema>;

// Back office.
export const OpsMallItemSchema = MallItemSchema.extend({
  nameTy: z.string().nullable(),
  status: z.enum(['ACTIVE', 'HIDDEN']),
  redeemed: z.number(),
});
export type OpsMallItem = z.infer<typeof OpsMallItemSchema>;
export const OpsMallItemListSchema = z.object({ list: z.array(OpsMallItemSchema).max(500) });
export const OpsMallItemInputSchema = z.object({
  kind: z.enum(MALL_ITEM_KINDS),
  /** The English name (required). */
  name: storable(80).pipe(z.string().min(1, 'is required')),
  /** The Filipino (TY) name; empty or absent: members reading TY see the English `name`. */
  nameTy: z.preprocess((v) => (v === undefined || v === '' ? null : v), storable(80).nullable()),
  description: storable(500).default(''),
  pricePoints: PositivePointsSchema,
  value: AmountTextSchema.default('0'),
  turnoverMultiple: z.number().int().min(0).max(200).default(0),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  perMemberLimit: z.number().int().min(1).max(1000).nullable().default(null),
  status: z.enum(['ACTIVE', 'HIDDEN']).default('ACTIVE'),
});
export type OpsMallItemInput = z.input<typeof OpsMallItemInputSchema>;

export const OpsPointsSettingsSchema = z.object({
  enabled: z.boolean(),
  convertPointsPerUnit: z.number().int().min(0).max(1_000_000),
  convertMinPoints: z.number().int().min(1).max(1_000_000_000),
  rates: z.array(PointsRateSchema).max(500),
});
export type OpsPointsSettings = z.infer<typeof OpsPointsSettingsSchema>;

export const OpsRedemptionSchema = RedemptionSchema.extend({ memberId: z.string(), username: z.string() });
export type OpsRedemption = z.infer<typeof OpsRedemptionSchema>;
export const OpsRedemptionListSchema = z.object({ list: z.array(OpsRedemptionSchema).max(200) });
export const OpsRedemptionsQuerySchema = z.object({ status: z.enum(REDEEM_STATUSES).optional() });
export const OpsRedemptionRejectSchema = z.object({ reason: storable(200).pipe(z.string().min(1)) });

export const PointsReportSchema = z.object({
  /** Points spent on approved items and conversions, held by redemptions in process, refunded by rejections. */
  spent: PointsTextSchema,
  inProcess: PointsTextSchema,
  refunded: PointsTextSchema,
  /** Points members hold now (the liability). */
  outstanding: PointsTextSchema,
  /** What approved cash and bonus items and conversions cost in money. */
  cashPaid: z.string(),
  bonusGranted: z.string(),
  byItem: z
    .array(
      z.object({
        itemId: z.string(),
        name: z.string(),
        kind: z.enum(MALL_ITEM_KINDS),
        approved: z.number(),
        points: PointsTextSchema,
      }),
    )
    .max(500),
});
export type PointsReport = z.infer<typeof PointsReportSchema>;

export const POINTS_ROUTES = [
  { method: 'GET', path: POINTS_API.balance, auth: 'member', response: PointsBalanceSchema },
  {
    method: 'GET',
    path: POINTS_API.items,
    auth: 'member',
    query: PromotionListQuerySchema,
    response: MallItemListSchema,
  },
  {
    method: 'POST',
    path: POINTS_API.redeem,
    auth: 'member',
    body: RedeemRequestSchema,
    encoding: 'sealed',
    response: RedemptionSchema,
  },
  {
    method: 'GET',
    path: POINTS_API.redeems,
    auth: 'member',
    query: PromotionListQuerySchema,
    response: RedemptionListSchema,
  },
  { method: 'GET', path: POINTS_API.config, auth: 'member', response: PointsConfigSchema },
  {
    method: 'GET',
    path: POINTS_API.transactions,
    auth: 'member',
    query: PointsTransactionsQuerySchema,
    response: PointsTransactionPageSchema,
  },
  {
    method: 'POST',
    path: POINTS_API.convert,
    auth: 'member',
    body: ConvertRequestSchema,
    encoding: 'sealed',
    response: ConvertResultSchema,
  },
  { method: 'GET', path: POINTS_OPS_API.items, auth: 'staff', response: OpsMallItemListSchema },
  {
    method: 'POST',
    path: POINTS_OPS_API.items,
    auth: 'staff',
    body: OpsMallItemInputSchema,
    response: OpsMallItemSchema,
  },
  {
    method: 'PUT',
    path: POINTS_OPS_API.item,
    auth: 'staff',
    params: PointsIdParamsSchema,
    body: OpsMallItemInputSchema,
    response: OpsMallItemSchema,
  },
  { method: 'GET', path: POINTS_OPS_API.settings, auth: 'staff', response: OpsPointsSettingsSchema },
  {
    method: 'PUT',
    path: POINTS_OPS_API.settings,
    auth: 'staff',
    body: OpsPointsSettingsSchema,
    response: OpsPointsSettingsSchema,
  },
  {
    method: 'GET',
    path: POINTS_OPS_API.redemptions,
    auth: 'staff',
    query: OpsRedemptionsQuerySchema,
    response: OpsRedemptionListSchema,
  },
  {
    method: 'POST',
    path: POINTS_OPS_API.redemptionApprove,
    auth: 'staff',
    params: PointsIdParamsSchema,
    response: OpsRedemptionSchema,
  },
  {
    method: 'POST',
    path: POINTS_OPS_API.redemptionReject,
    auth: 'staff',
    params: PointsIdParamsSchema,
    body: OpsRedemptionRejectSchema,
    response: OpsRedemptionSchema,
  },
  { method: 'GET', path: POINTS_OPS_API.report, auth: 'staff', response: PointsReportSchema },
] as const satisfies readonly RouteDescriptor[];
