import { z } from 'zod';
import { BonusGrantSchema } from './bonus';

/**
 * Promotions as the member sees them (issue 20; spec §2 member centre `promotions`, /promotions, §4 activity statuses).
 */
export const PROMOTION_KINDS = ['FIRST_DEPOSIT', 'RELOAD', 'FREE', 'CASHBACK', 'APPLICATION'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Spec §4 activity statuses: what the member can do with a promotion now. */
export const ACTIVITY_STATUSES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** Statuses that count in availablePromoCount (something the member can still take). */
export const AVAILABLE_ACTIVITY_STATUSES: readonly ActivityStatus[] = ['join', 'claim'];

export const PromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  terms: z.string(),
  bannerUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  /** A fixed bonus, or a percentage of the deposit (e.g. "100") up to `maxBonus`. */
  bonus: z.string().nullable(),
  percent: z.string().nullable(),
  maxBonus: z.string().nullable(),
  minDeposit: z.string(),
  turnoverMultiple: z.number(),
  turnoverBase: z.enum(['BONUS', 'DEPOSIT_AND_BONUS']),
  claimsLeft: z.number(),
  /**
   * A CASHBACK promotion's terms: `percent` of each window's net loss of own money, up to `maxBonus`, on a loss of at
   * least `minLoss`, paid into the reward centre as a bonus (wagered `turnoverMultiple` times) or as cash.
   */
  cashback: z
    .object({ window: z.enum(['DAILY', 'WEEKLY']), payAs: z.enum(['BONUS', 'CASH']), minLoss: z.string() })
    .nullish(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

/** GET API.promotions.list: the promotions the caller can see, and how many it can still take (availablePromoCount). */
export const PromotionListSchema = z.object({
  list: z.array(PromotionSchema).max(100),
  availablePromoCount: z.number(),
});
export type PromotionList = z.infer<typeof PromotionListSchema>;

/** The language of titles and terms (a language code of the merchant's; its default when absent or unknown). */
export const PromotionListQuerySchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2,5}$/)
    .optional(),
});

export const PromotionParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });

/** POST API.promotions.claim: the claim and the bonus it granted. */
export const PromotionClaimSchema = z.object({
  claimId: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  grant: BonusGrantSchema,
});
export type PromotionClaim = z.infer<typeof PromotionClaimSchema>;

/** Spec §9: an application's comment and images. */
export const PROMOTION_COMMENT_MAX = 140;
export const PROMOTION_IMAGE_MAX_FILES = 3;
export const PROMOTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST API.promotions.apply (multipart): the comment field beside up to three PNG or JPG images. */
export const PromotionApplyFieldsSchema = z.object({
  comment: z.string().trim().min(1).max(PROMOTION_COMMENT_MAX),
});

export const PromotionApplicationStatusSchema = z.object({ claimId: z.string(), status: z.enum(ACTIVITY_STATUSES) });

/** GET OPS_API.promotionApplications: applications waiting for a decision, oldest first. */
export const PromotionApplicationSchema = z.object({
  claimId: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  username: z.string(),
  comment: z.string(),
  images: z.number(),
  createdAt: z.string(),
});
export const PromotionApplicationListSchema = z.object({ list: z.array(PromotionApplicationSchema).max(100) });
export const PromotionApplicationParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });
export const PromotionApplicationDecisionSchema = z.object({ reason: z.string().trim().min(1).max(200) });
/** The decision: ISSUED with the grant it paid, or REJECTED. */
export const PromotionApplicationDecidedSchema = z.object({
  claimId: z.string(),
  status: z.enum(['ISSUED', 'REJECTED']),
  grantId: z.string().nullable(),
});
export type PromotionApplicationDecided = z.infer<typeof PromotionApplicationDecidedSchema>;
