import { z } from 'zod';
import { OpsAmountSchema } from './payments-ops';
import { PromotionListQuerySchema } from './promotions';
import type { RouteDescriptor } from './routes/route-descriptor';

/**
 * Missions and races (issue 21; spec §2 member centre missionLeaderboard with its badge, §7 mission summary and
 * leaderboard, rank list; domain-rules §4.5). Money is a decimal string in the merchant's scale; a multiplier is a
 * decimal string ("12.50" is ×12.5). Rewards are paid from the reward centre (kinds MISSION and RACE).
 */
export const MISSION_CADENCES = ['DAILY', 'WEEKLY', 'ONCE'] as const;
export type MissionCadence = (typeof MISSION_CADENCES)[number];
export const MISSION_METRICS = [
  'VALID_BET',
  'ROUNDS',
  'DEPOSIT',
  'LOGIN_STREAK',
  'FIRST_WITHDRAWAL',
  'FRIENDS_INVITED',
] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];
/** Metrics whose target and progress are money; the others count (rounds, days, withdrawals, friends). */
export const MONEY_METRICS: readonly MissionMetric[] = ['VALID_BET', 'DEPOSIT'];
export const MISSION_STATUSES = ['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED', 'EXPIRED'] as const;
export const RACE_METRICS = ['VALID_BET', 'MULTIPLIER'] as const;
export type RaceMetric = (typeof RACE_METRICS)[number];
export const RACE_STATES = ['SCHEDULED', 'RUNNING', 'ENDED', 'SETTLED'] as const;
export type RaceState = (typeof RACE_STATES)[number];
/**
 * How a mission's reward or a race's prize is paid (spec §1: "a reward (a bonus with turnover, cash or points)"): CASH
 * at once, BONUS as a bonus-wallet grant wagered `turnoverMultiple` times, POINTS into the points mall's POINTS account
 * (ADR 0046). A POINTS reward is a whole number of points on the wire ("500"), never a money amount.
 */
export const MISSION_PAY_AS = ['CASH', 'BONUS', 'POINTS'] as const;
export type MissionPayAs = (typeof MISSION_PAY_AS)[number];
const PAY_AS = MISSION_PAY_AS;
/** A reward in points: a whole number of points from 1 (one point is one unit of the POINTS ledger currency). */
export const WHOLE_POINTS_TEXT = /^[1-9]\d{0,11}$/;
const WHOLE_POINTS_MESSAGE = 'must be a whole number of points';

export const MISSIONS_API = {
  /** GET (member): the member's missions in their current windows, with progress, and the claimable count (badge). */
  summary: '/wps/missions/summary',
  /** GET (member): the running and recent races, each with its top places and the member's own. */
  leaderboard: '/wps/missions/leaderboard',
  /** GET (member): one race's rank list. */
  rankList: '/wps/races/:id/ranks',
} as const;

export const MISSIONS_OPS_API = {
  /** GET (promotions.manage): every mission; POST OpsMissionInputSchema creates one. */
  missions: '/wps/ops/missions',
  /** POST (promotions.manage): pauses or resumes a mission. */
  missionStatus: '/wps/ops/missions/:id/status',
  /** GET (promotions.manage): what missions and races cost, by mission and race (offered, claimed). */
  report: '/wps/ops/missions/report',
  /** GET (promotions.manage): every race; POST OpsRaceInputSchema schedules one. */
  races: '/wps/ops/races',
  /** GET (promotions.manage): one race's standings (live, or final once settled). */
  race: '/wps/ops/races/:id',
} as const;

export const MissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  cadence: z.enum(MISSION_CADENCES),
  metric: z.enum(MISSION_METRICS),
  gameType: z.string().nullable(),
  target: z.string(),
  progress: z.string(),
  /** 0..100, rounded down. */
  percent: z.number(),
  /** The window: a business day, the Monday of a week, or `once`. */
  period: z.string(),
  /** When the window resets (the merchant's next midnight or Monday); null for a one-off mission. */
  resetsAt: z.string().nullable(),
  /** Money in the merchant's scale, or whole points when `payAs` is POINTS. */
  reward: z.string(),
  payAs: z.enum(PAY_AS),
  turnoverMultiple: z.number(),
  status: z.enum(MISSION_STATUSES),
  /** The reward centre's reward to claim (API.rewards.claim) once complete. */
  rewardId: z.string().nullable(),
});
export type Mission = z.infer<typeof MissionSchema>;

export const MissionSummarySchema = z.object({
  list: z.array(MissionSchema).max(100),
  /** Completed missions whose reward waits for a claim: the missionLeaderboard badge. */
  claimableCount: z.number(),
});
export type MissionSummary = z.infer<typeof MissionSummarySchema>;

export const RaceStandingSchema = z.object({
  rank: z.number(),
  /** The member's username, masked but for the caller's own. */
  name: z.string(),
  score: z.string(),
  /** Money, or whole points when the race pays POINTS. */
  prize: z.string().nullable(),
  me: z.boolean(),
});
export type RaceStanding = z.infer<typeof RaceStandingSchema>;

export const RaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.enum(RACE_METRICS),
  gameType: z.string().nullable(),
  minStake: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(RACE_STATES),
  /** Money, or whole points when `payAs` is POINTS. */
  prizes: z.array(z.string()).max(50),
  payAs: z.enum(PAY_AS),
  turnoverMultiple: z.number(),
  top: z.array(RaceStandingSchema).max(100),
  /** The caller's own place; null when it has not played in the race (or staff look). */
  me: RaceStandingSchema.nullable(),
});
export type Race = z.infer<typeof RaceSchema>;

export const RaceListSchema = z.object({ list: z.array(RaceSchema).max(50) });
export type RaceList = z.infer<typeof RaceListSchema>;

export const RaceParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,18}$/) });

const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };
const dayText = z.string(required).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date');
const isoDate = z.string(required).datetime({ offset: true, message: 'must be a date and time' });
const gameType = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .regex(/^[A-Z_]{2,24}$/, 'must be a game type')
    .nullable(),
);
const name = z.string(required).trim().min(1, 'is required').max(80);
/** The Filipino (TY) name; empty or absent: members reading TY see the English `name`. */
const nameTy = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null)),
  z.string().trim().max(80).nullable(),
);

/** GET the member's missions, races and rank list: `language` (EN, TY…) names them; absent: the merchant's default. */
export const MissionsQuerySchema = PromotionListQuerySchema;

/**
 * POST MISSIONS_OPS_API.missions: a mission. `target` is an amount for VALID_BET and DEPOSIT, else a count; `reward` an
 * amount, or a whole number of points when `payAs` is POINTS.
 */
const missionFields = z.object({
  name,
  nameTy,
  cadence: z.enum(MISSION_CADENCES),
  metric: z.enum(MISSION_METRICS),
  gameType,
  target: z
    .string(required)
    .trim()
    .regex(/^\d{1,13}(\.\d{1,4})?$/, 'must be a number'),
  reward: OpsAmountSchema,
  payAs: z.enum(PAY_AS),
  turnoverMultiple: z.number().int().min(0).max(200),
  startsOn: dayText,
  endsOn: z.preprocess((v) => (v === '' ? null : v), dayText.nullable()),
});
export const OpsMissionInputSchema = missionFields.superRefine((m, ctx) => {
  if (m.endsOn !== null && m.endsOn < m.startsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'must not be before the start' });
  }
  if (!MONEY_METRICS.includes(m.metric) && !/^[1-9]\d{0,5}$/.test(m.target)) {
    ctx.addIssue({ code: 'custom', path: ['target'], message: 'must be a whole number from 1' });
  }
  if (m.payAs === 'POINTS' && !WHOLE_POINTS_TEXT.test(m.reward)) {
    ctx.addIssue({ code: 'custom', path: ['reward'], message: WHOLE_POINTS_MESSAGE });
  }
});
export type OpsMissionInput = z.infer<typeof OpsMissionInputSchema>;

export const OpsMissionStatusSchema = z.object({ status: z.enum(['ACTIVE', 'PAUSED']) });

export const OpsMissionSchema = missionFields.omit({ reward: true, target: true }).extend({
  id: z.string(),
  target: z.string(),
  reward: z.string(),
  gameType: z.string().nullable(),
  endsOn: z.string().nullable(),
  status: z.enum(['ACTIVE', 'PAUSED']),
  createdAt: z.string(),
});
export type OpsMission = z.infer<typeof OpsMissionSchema>;
export const OpsMissionListSchema = z.object({ list: z.array(OpsMissionSchema).max(500) });

/** POST MISSIONS_OPS_API.races: a race and its prize table (rank 1 first; whole points when it pays POINTS). */
export const OpsRaceInputSchema = z
  .object({
    name,
    nameTy,
    metric: z.enum(RACE_METRICS),
    gameType,
    minStake: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), z.string().regex(/^\d{1,13}(\.\d{1,4})?$/)),
    startsAt: isoDate,
    endsAt: isoDate,
    prizes: z.array(OpsAmountSchema).min(1, 'needs a prize').max(50),
    payAs: z.enum(PAY_AS),
    turnoverMultiple: z.number().int().min(0).max(200),
  })
  .superRefine((r, ctx) => {
    if (Date.parse(r.endsAt) <= Date.parse(r.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    }
    if (r.payAs !== 'POINTS') return;
    r.prizes.forEach((prize, i) => {
      if (!WHOLE_POINTS_TEXT.test(prize))
        ctx.addIssue({ code: 'custom', path: ['prizes', i], message: WHOLE_POINTS_MESSAGE });
    });
  });
export type OpsRaceInput = z.infer<typeof OpsRaceInputSchema>;

/** A race as staff see it: its terms, state and standings (top places with the member's username). */
export const OpsRaceSchema = RaceSchema;
export type OpsRace = Race;
export const OpsRaceListSchema = RaceListSchema;

/** One mission's or race's cost: rewards offered and claimed so far (amounts in points when it pays POINTS). */
export const MissionCostLineSchema = z.object({
  kind: z.enum(['MISSION', 'RACE']),
  id: z.string(),
  name: z.string(),
  payAs: z.enum(PAY_AS),
  offered: z.number(),
  offeredAmount: z.string(),
  claimed: z.number(),
  claimedAmount: z.string(),
});
/** The totals keep money and points apart: points are not money (ADR 0046). */
export const MissionCostReportSchema = z.object({
  lines: z.array(MissionCostLineSchema).max(1000),
  offeredAmount: z.string(),
  claimedAmount: z.string(),
  offeredPoints: z.string(),
  claimedPoints: z.string(),
});
export type MissionCostReport = z.infer<typeof MissionCostReportSchema>;

export const MISSION_ROUTES = [
  {
    method: 'GET',
    path: MISSIONS_API.summary,
    auth: 'member',
    query: MissionsQuerySchema,
    response: MissionSummarySchema,
  },
  {
    method: 'GET',
    path: MISSIONS_API.leaderboard,
    auth: 'member',
    query: MissionsQuerySchema,
    response: RaceListSchema,
  },
  {
    method: 'GET',
    path: MISSIONS_API.rankList,
    auth: 'member',
    params: RaceParamsSchema,
    query: MissionsQuerySchema,
    response: RaceSchema,
  },
  { method: 'GET', path: MISSIONS_OPS_API.missions, auth: 'staff', response: OpsMissionListSchema },
  {
    method: 'POST',
    path: MISSIONS_OPS_API.missions,
    auth: 'staff',
    body: OpsMissionInputSchema,
    response: OpsMissionSchema,
  },
  {
    method: 'POST',
    path: MISSIONS_OPS_API.missionStatus,
    auth: 'staff',
    params: RaceParamsSchema,
    body: OpsMissionStatusSchema,
    response: OpsMissionSchema,
  },
  { method: 'GET', path: MISSIONS_OPS_API.report, auth: 'staff', response: MissionCostReportSchema },
  { method: 'GET', path: MISSIONS_OPS_API.races, auth: 'staff', response: OpsRaceListSchema },
  { method: 'POST', path: MISSIONS_OPS_API.races, auth: 'staff', body: OpsRaceInputSchema, response: OpsRaceSchema },
  { method: 'GET', path: MISSIONS_OPS_API.race, auth: 'staff', params: RaceParamsSchema, response: OpsRaceSchema },
] as const satisfies readonly RouteDescriptor[];
