import { z } from 'zod';
import { PromotionSchema } from './promotions';

/**
 * The back office's VIP and rebate settings, promotion preview, bonus forfeits and cost per promotion (issue 20).
 * Money is a decimal string in the merchant's scale; rebate rates are percent of valid bet (e.g. "0.8").
 */
const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };
const money = z
  .string(required)
  .trim()
  .regex(/^\d{1,13}(\.\d{1,4})?$/, 'must be an amount');
const optionalMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), money.nullable());
const gameTypeCode = z.string().regex(/^[A-Z_]{2,24}$/, 'must be a game type');
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage with at most two decimals');

export const VIP_UPGRADE_BASES = ['VALID_BET', 'DEPOSITS'] as const;

/** PUT OPS_API.vipLevel: a level's whole settings (the level number is the path's). */
export const OpsVipLevelInputSchema = z.object({
  name: z
    .object({ EN: z.string().trim().min(1, 'is required').max(40), TY: z.string().trim().max(40).optional() })
    .strict(),
  label: z.string(required).trim().min(1, 'is required').max(12),
  upgradeBasis: z.enum(VIP_UPGRADE_BASES),
  /** What reaches the level over the window: valid bet or deposits, per upgradeBasis (level 0: 0). */
  threshold: money,
  upgradeBonus: money,
  birthdayBonus: money,
  /** Withdrawals a member of the level may make per business day, and their total; null: no limit. */
  withdrawDailyCount: z.preprocess((v) => (v === '' ? null : v), z.number().int().min(0).max(1000).nullable()),
  withdrawDailyMax: optionalMoney,
  rebateRates: z.record(gameTypeCode, percent).refine((r) => Object.keys(r).length <= 30, 'too many game types'),
});
export type OpsVipLevelInput = z.infer<typeof OpsVipLevelInputSchema>;

export const OpsVipLevelParamsSchema = z.object({ level: z.string().regex(/^([0-9]|[12][0-9]|30)$/) });

export const OpsVipLevelSchema = z.object({
  level: z.number(),
  name: z.object({ EN: z.string(), TY: z.string().optional() }),
  label: z.string(),
  upgradeBasis: z.enum(VIP_UPGRADE_BASES),
  threshold: z.string(),
  upgradeBonus: z.string(),
  birthdayBonus: z.string(),
  withdrawDailyCount: z.number().nullable(),
  withdrawDailyMax: z.string().nullable(),
  rebateRates: z.record(z.string(), z.string()),
});
export type OpsVipLevel = z.infer<typeof OpsVipLevelSchema>;

/** GET OPS_API.vipLevels: the levels, and each game type's house edge (the most a rebate rate may be), in percent. */
export const OpsVipLevelListSchema = z.object({
  list: z.array(OpsVipLevelSchema).max(31),
  houseEdges: z.record(z.string(), z.string()),
});
export type OpsVipLevelList = z.infer<typeof OpsVipLevelListSchema>;

/** GET OPS_API.promotionPreview: the promotion as a member would see it, in one language. */
export const OpsPromotionPreviewQuerySchema = z.object({ language: z.enum(['EN', 'TY']) });
export const OpsPromotionPreviewSchema = z.object({
  language: z.string(),
  promotion: PromotionSchema,
  /** Whether members see it now (ACTIVE and within its dates). */
  live: z.boolean(),
});
export type OpsPromotionPreview = z.infer<typeof OpsPromotionPreviewSchema>;

/** POST OPS_API.bonusForfeits (maker): forfeits a member's active bonus; above the threshold a second staff approves. */
export const BonusForfeitRequestSchema = z.object({
  username: z.string(required).trim().min(1, 'is required').max(64),
  reason: z.string(required).trim().min(3, 'is required').max(200),
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'must be 8 to 64 letters, digits or _.:-'),
});
export type BonusForfeitRequest = z.infer<typeof BonusForfeitRequestSchema>;

export const BONUS_FORFEIT_STATUSES = ['PENDING', 'FORFEITED', 'REJECTED', 'LAPSED'] as const;
export const BonusForfeitSchema = z.object({
  id: z.string(),
  username: z.string(),
  grantId: z.string(),
  balance: z.string(),
  reason: z.string(),
  status: z.enum(BONUS_FORFEIT_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  forfeited: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BonusForfeit = z.infer<typeof BonusForfeitSchema>;
/** GET OPS_API.bonusForfeits: the recent requests, and the balance above which a second staff member must approve. */
export const BonusForfeitListSchema = z.object({
  list: z.array(BonusForfeitSchema).max(100),
  approvalAbove: z.string(),
});

/** GET OPS_API.promotionCosts: a date range (business days, inclusive) of grants made. */
export const PromotionCostQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date'),
  })
  .refine((q) => q.from <= q.to, { message: 'must be on or after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'at most a year',
    path: ['to'],
  });
export const PromotionCostRowSchema = z.object({
  /** null: grants of no promotion (manual grants). */
  promotionId: z.string().nullable(),
  title: z.string(),
  grants: z.number(),
  granted: z.string(),
  converted: z.string(),
  forfeited: z.string(),
  outstanding: z.string(),
});
export const PromotionCostReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(PromotionCostRowSchema).max(500),
  total: PromotionCostRowSchema.omit({ promotionId: true, title: true }),
});
export type PromotionCostReport = z.infer<typeof PromotionCostReportSchema>;
