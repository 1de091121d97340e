import { z } from 'zod';

/**
 * The reward centre, the rebate and VIP as the member sees them (issue 20; spec §2 member centre rewardCenter,
 * manualRebate, the avatar's VIP label; §3 public state hasVip, vipLabelName, vipRankLevel; site flag MANPLAYREB3).
 * Money is a decimal string in the merchant's currency scale; rates are percentages of valid bet ("0.8").
 */
export const REWARD_KINDS = [
  'REBATE',
  'MANUAL_REBATE',
  'VIP_UPGRADE',
  'CASHBACK',
  'BIRTHDAY',
  'PROMOTION',
  'MISSION',
  'RACE',
  'REFERRAL',
  'RAFFLE',
] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REWARD_STATUSES = ['PENDING', 'CLAIMED', 'EXPIRED'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

export const RewardSchema = z.object({
  id: z.string(),
  kind: z.enum(REWARD_KINDS),
  status: z.enum(REWARD_STATUSES),
  amount: z.string(),
  /**
   * CASH is credited at once; BONUS becomes a bonus-wallet grant wagered `turnoverMultiple` times; POINTS credits the
   * points mall's POINTS account (the amount is whole points).
   */
  payAs: z.enum(['CASH', 'BONUS', 'POINTS']),
  turnoverMultiple: z.number(),
  /**
   * The window it is for (a business day, or `from/to` for a week), the VIP level, or a PROMOTION's title. A PROMOTION
   * reward (a promotion's bonus paid on the promotions page or with a deposit) is listed claimed, id `promotion-<n>`.
   */
  period: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type Reward = z.infer<typeof RewardSchema>;

/** GET API.rewards.list: the member's rewards, newest first, and how many wait for a claim (the entry's badge). */
export const RewardListSchema = z.object({
  list: z.array(RewardSchema).max(100),
  pendingCount: z.number(),
});
export type RewardList = z.infer<typeof RewardListSchema>;

export const RewardParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });

/** POST API.rewards.claim: the claimed reward. */
export const RewardClaimSchema = RewardSchema;

/** One game type's part of a rebate: the member's valid bet, the rate of its level, and the rebate. */
export const RebateLineSchema = z.object({
  gameType: z.string(),
  validBet: z.string(),
  rate: z.string(),
  rebate: z.string(),
});
export type RebateLine = z.infer<typeof RebateLineSchema>;

/** GET API.rebate.manual: today's rebate so far (manualRebate page) and whether this window was claimed. */
export const ManualRebateSchema = z.object({
  enabled: z.boolean(),
  /** The window: the business day in the merchant's time zone. */
  window: z.string(),
  lines: z.array(RebateLineSchema).max(50),
  claimable: z.string(),
  claimed: z.boolean(),
  claimedAmount: z.string().nullable(),
});
export type ManualRebate = z.infer<typeof ManualRebateSchema>;

export const VipLevelSchema = z.object({
  level: z.number(),
  name: z.string(),
  label: z.string(),
  minValidBet: z.string(),
  upgradeBonus: z.string(),
  /** Rebate rate by game type, in percent of valid bet. */
  rebateRates: z.record(z.string(), z.string()),
  /** What the threshold (`minValidBet`) is measured in over the window: valid bet or credited deposits. */
  upgradeBasis: z.enum(['VALID_BET', 'DEPOSITS']),
  /** Offered in the reward centre on the member's birthday, once a year ("0.00": none). */
  birthdayBonus: z.string(),
  /** Withdrawals per day, and their total per day; null: the site's own rules only. */
  withdrawDailyCount: z.number().nullable(),
  withdrawDailyMax: z.string().nullable(),
});
export type VipLevel = z.infer<typeof VipLevelSchema>;

/** GET API.vip.state: the public state's VIP fields, the levels and the member's progress over the window. */
export const VipStateSchema = z.object({
  hasVip: z.boolean(),
  vipLabelName: z.string(),
  vipRankLevel: z.number(),
  validBet: z.string(),
  /** Credited deposits over the window (levels reached by deposits). */
  deposits: z.string(),
  windowDays: z.number(),
  levels: z.array(VipLevelSchema).max(31),
});
export type VipState = z.infer<typeof VipStateSchema>;
