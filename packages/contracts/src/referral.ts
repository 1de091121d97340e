import { z } from 'zod';
import type { RouteDescriptor } from './routes/route-descriptor';
import { PromotionListQuerySchema } from './promotions';
import { RewardSchema } from './rewards';

/**
 * Invite friends and raffles (issue 21; spec §2 member centre `referral`, §3 availablePromo.REFERRAL.enabled, §6, §7
 * raffle promotion claim; ADR 0045). Money is a decimal string in the merchant's currency scale.
 */
export const REFERRAL_API = {
  /** GET (member): the caller's referral code, link thresholds, friends and their state, and the badge count. */
  state: '/wps/referral',
  /** GET (member): the merchant's raffles (open, upcoming, drawn) with the caller's tickets and prizes. */
  raffles: '/wps/raffles',
  /** GET (none): one raffle's published ticket list and winners, to recompute the draw (after the draw). */
  raffleProof: '/wps/raffles/:id/proof',
  /** POST (member): spec §7 "raffle promotion claim": claims the caller's prizes in the raffle. */
  raffleClaim: '/wps/raffles/:id/claim',
} as const;

export const REFERRAL_OPS_API = {
  /** GET/PUT (staff): the referral programme's thresholds and rewards. */
  referralSettings: '/wps/ops/referral/settings',
  /** GET (staff): what invite friends and raffles cost, per day of a period. */
  engagementCost: '/wps/ops/referral/cost',
  /** GET/POST (staff): raffles, newest first; a new raffle. */
  raffles: '/wps/ops/raffles',
  /** POST (staff): cancels a raffle not yet drawn. */
  raffleCancel: '/wps/ops/raffles/:id/cancel',
} as const;

const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };
const money = z
  .string(required)
  .trim()
  .regex(/^\d{1,13}(\.\d{1,4})?$/, 'must be an amount');
const isoDate = z.string().datetime({ offset: true, message: 'must be a date and time' });
const texts = z
  .object({ EN: z.string().trim().max(120), TY: z.string().trim().max(120).optional() })
  .refine((t) => t.EN.length > 0, { message: 'is required', path: ['EN'] });

export const ReferralSettingsSchema = z.object({
  enabled: z.boolean(),
  minDeposit: money,
  minValidBet: money,
  windowDays: z
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be from 1 to 365 days')
    .max(365, 'must be from 1 to 365 days'),
  reward: money,
  /** Percent of qualified friends' valid bet paid daily ("0.2"); at most 5. */
  sharePercent: z.string().regex(/^\d(\.\d{1,2})?$/, 'must be a percentage'),
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;

/** PUT: staff change the settings; the share is at most 5 %. */
export const ReferralSettingsInputSchema = ReferralSettingsSchema.refine((s) => Number(s.sharePercent) <= 5, {
  message: 'must be at most 5',
  path: ['sharePercent'],
});

export const ReferralFriendSchema = z.object({
  /** The friend's username, masked after its first two characters. */
  username: z.string(),
  registeredAt: z.string(),
  deposit: z.string(),
  validBet: z.string(),
  qualified: z.boolean(),
  qualifiedAt: z.string().nullable(),
  /** The referrer's reward for this friend, once qualified. */
  reward: RewardSchema.nullable(),
});
export type ReferralFriend = z.infer<typeof ReferralFriendSchema>;

/** GET REFERRAL_API.state. `enabled` false: the page says so and shows no link. */
export const ReferralStateSchema = z.object({
  enabled: z.boolean(),
  code: z.string().nullable(),
  /** The path of the link, `/register?referralCode=<code>` (the page adds its own origin). */
  linkPath: z.string().nullable(),
  settings: ReferralSettingsSchema,
  friends: z.array(ReferralFriendSchema).max(200),
  qualifiedCount: z.number(),
  /** Referral rewards (per friend and daily shares) waiting for a claim: the member centre entry's badge. */
  pendingCount: z.number(),
  /** Daily shares of friends' valid bet, newest first. */
  shares: z.array(RewardSchema).max(30),
});
export type ReferralState = z.infer<typeof ReferralStateSchema>;

export const RAFFLE_BASES = ['DEPOSIT', 'VALID_BET'] as const;
export const RAFFLE_STATUSES = ['UPCOMING', 'OPEN', 'CLOSED', 'DRAWN', 'CANCELLED'] as const;

export const RaffleWinnerSchema = z.object({
  rank: z.number(),
  ticketNo: z.number(),
  username: z.string(),
  amount: z.string(),
  mine: z.boolean(),
  claimed: z.boolean(),
});

export const RaffleSchema = z.object({
  id: z.string(),
  title: z.string(),
  basis: z.enum(RAFFLE_BASES),
  ticketUnit: z.string(),
  maxTicketsPerMember: z.number(),
  prizes: z.array(z.string()).max(50),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  /** SHA-256 of the seed, published from creation. */
  seedHash: z.string(),
  /** The seed, only once drawn. */
  seed: z.string().nullable(),
  ticketTotal: z.number().nullable(),
  myTickets: z.number(),
  winners: z.array(RaffleWinnerSchema).max(50),
});
export type Raffle = z.infer<typeof RaffleSchema>;

export const RaffleListSchema = z.object({ list: z.array(RaffleSchema).max(50) });
export type RaffleList = z.infer<typeof RaffleListSchema>;

export const RaffleParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });

/** GET REFERRAL_API.raffleProof: the ticket list in its published order (member id ascending) and the winners. */
export const RaffleProofSchema = z.object({
  id: z.string(),
  seedHash: z.string(),
  seed: z.string(),
  /** Each holder (masked) and its count, in the order tickets are numbered: holder i owns the next `tickets`. */
  holders: z.array(z.object({ holder: z.string(), tickets: z.number() })).max(100_000),
  ticketTotal: z.number(),
  winners: z.array(z.object({ rank: z.number(), ticketNo: z.number() })).max(50),
  algorithm: z.string(),
});
export type RaffleProof = z.infer<typeof RaffleProofSchema>;

export const RaffleClaimSchema = z.object({ claimed: z.array(RewardSchema).max(50) });

/** POST REFERRAL_OPS_API.raffles: a new raffle; its seed is drawn by the server and only its hash is shown. */
export const OpsRaffleInputSchema = z
  .object({
    title: texts,
    basis: z.enum(RAFFLE_BASES),
    ticketUnit: money,
    maxTicketsPerMember: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 10000')
      .max(10_000, 'must be from 1 to 10000'),
    prizes: z.array(money).min(1, 'needs a prize').max(50, 'at most 50 prizes'),
    opensAt: isoDate,
    closesAt: isoDate,
    drawAt: isoDate,
  })
  .refine((r) => Date.parse(r.opensAt) < Date.parse(r.closesAt), {
    message: 'must be after opening',
    path: ['closesAt'],
  })
  .refine((r) => Date.parse(r.closesAt) <= Date.parse(r.drawAt), {
    message: 'must not be before closing',
    path: ['drawAt'],
  })
  .refine((r) => Number(r.ticketUnit) > 0, { message: 'must be above zero', path: ['ticketUnit'] });
export type OpsRaffleInput = z.infer<typeof OpsRaffleInputSchema>;

/** A raffle as staff see it: how many members hold tickets and how many tickets are counted so far. */
export const OpsRaffleSchema = RaffleSchema.omit({ myTickets: true }).extend({
  holders: z.number(),
  /** Tickets counted so far (the `raffles.tickets` job, every few minutes); the frozen `ticketTotal` once drawn. */
  tickets: z.number(),
});
export type OpsRaffle = z.infer<typeof OpsRaffleSchema>;
/** GET REFERRAL_OPS_API.raffles: the newest raffles, and the merchant's time zone their times are shown in. */
export const OpsRaffleListSchema = z.object({ list: z.array(OpsRaffleSchema).max(100), timezone: z.string() });
export type OpsRaffleList = z.infer<typeof OpsRaffleListSchema>;

export const CostQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** GET REFERRAL_OPS_API.engagementCost: rewards offered and paid per kind over business days from..to. */
export const EngagementCostSchema = z.object({
  rows: z
    .array(
      z.object({
        kind: z.enum(['REFERRAL', 'RAFFLE']),
        offered: z.string(),
        paid: z.string(),
        count: z.number(),
        paidCount: z.number(),
      }),
    )
    .max(10),
});
export type EngagementCost = z.infer<typeof EngagementCostSchema>;

export const REFERRAL_ROUTES = [
  { method: 'GET', path: REFERRAL_API.state, auth: 'member', response: ReferralStateSchema },
  {
    method: 'GET',
    path: REFERRAL_API.raffles,
    auth: 'optional',
    query: PromotionListQuerySchema,
    response: RaffleListSchema,
  },
  {
    method: 'GET',
    path: REFERRAL_API.raffleProof,
    auth: 'none',
    params: RaffleParamsSchema,
    response: RaffleProofSchema,
  },
  {
    method: 'POST',
    path: REFERRAL_API.raffleClaim,
    auth: 'member',
    params: RaffleParamsSchema,
    response: RaffleClaimSchema,
  },
  { method: 'GET', path: REFERRAL_OPS_API.referralSettings, auth: 'staff', response: ReferralSettingsSchema },
  {
    method: 'PUT',
    path: REFERRAL_OPS_API.referralSettings,
    auth: 'staff',
    body: ReferralSettingsInputSchema,
    response: ReferralSettingsSchema,
  },
  {
    method: 'GET',
    path: REFERRAL_OPS_API.engagementCost,
    auth: 'staff',
    query: CostQuerySchema,
    response: EngagementCostSchema,
  },
  { method: 'GET', path: REFERRAL_OPS_API.raffles, auth: 'staff', response: OpsRaffleListSchema },
  {
    method: 'POST',
    path: REFERRAL_OPS_API.raffles,
    auth: 'staff',
    body: OpsRaffleInputSchema,
    response: OpsRaffleSchema,
  },
  {
    method: 'POST',
    path: REFERRAL_OPS_API.raffleCancel,
    auth: 'staff',
    params: RaffleParamsSchema,
    response: OpsRaffleSchema,
  },
] as const satisfies readonly RouteDescriptor[];
