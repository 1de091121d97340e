import { z } from 'zod';
import { pagingFields, periodFields, refinePeriod, ResolvedPeriodSchema } from './agent-period';
import { ContractTiersSchema, ContractTierSchema } from './agent-contract-tiers';

export * from './agent-contract-tiers';

/**
 * Agent contracts (issue 19; spec §1, §2 agentRevenueReport / agentDividendRecordCopy2 / agentDailyWages2 /
 * agentHourSalary / agentRealtimeSalary and the contract modal, §3 consolidated contract info and contract details,
 * §4 contract transitions, §7 consolidated and contract calls, §9 periods; DESIGN.md §12).
 *
 * - A contract is offered by an upline agent to a DIRECT downline agent (or by the merchant, from the back office, to a
 *   top-level agent): OFFERED → ACCEPTED (status ACTIVE) or REJECTED; an offer can be WITHDRAWN by its offerer; ACTIVE
 *   → TERMINATED by either side; a newer offer of the same type REPLACES the active one when accepted (status
 *   REPLACED). Rows are versioned: `version` counts the contracts of (holder, type).
 * - Tiers: the rate is the highest tier whose thresholds (team valid bet AND active members of the window) are met; no
 *   tier met → rate 0. Rates are percent strings with up to two decimals ("1.25" = 1.25 %).
 * - A downline's rate never exceeds its upline's at any tier (`tiersExceeding`): an offer above it is refused with
 *   409 CONTRACT_RATE_ABOVE_UPLINE (value: ContractRateRefusalSchema). Accepting a contract ends every contract of the
 *   same type held below the accepting agent whose tiers now exceed it (events DOWNLINE_ENDED for each party).
 * - Settlement per (agent, type, window), once, by a job, in the merchant's time zone, counting rounds by settlement
 *   time; each agent is paid its differential (own rate × own team base − Σ nearest contract-holding downlines' rate ×
 *   their team base, never below zero) from the merchant's COMMISSIONS account.
 *
 * Amounts are decimal strings in the merchant's currency. Instants are ISO 8601; business days are YYYY-MM-DD.
 */

export const CONTRACT_TYPES = ['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
export const ContractTypeSchema = z.enum(CONTRACT_TYPES);
export type ContractType = z.infer<typeof ContractTypeSchema>;

/** The salary types (session value enableSalary); DIVIDEND is the "contract" of enableContract. */
export const SALARY_TYPES: readonly ContractType[] = ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'];

/** The path segment of each type in the spec §7 contract-detail calls (AGENT_CONTRACT_API.detail). */
export const CONTRACT_TYPE_SLUGS: Readonly<Record<ContractType, string>> = {
  DIVIDEND: 'dividend',
  DAILY_SALARY: 'daily-salary',
  HOURLY_SALARY: 'hourly-salary',
  REALTIME_SALARY: 'realtime-salary',
};
export const ContractTypeSlugSchema = z.enum(['dividend', 'daily-salary', 'hourly-salary', 'realtime-salary']);
export const contractTypeOfSlug = (slug: z.infer<typeof ContractTypeSlugSchema>): ContractType =>
  CONTRACT_TYPES.find((type) => CONTRACT_TYPE_SLUGS[type] === slug) ?? 'DIVIDEND';

/** Dividend periods (spec §4, §9): semimonthly is the 1st–15th and the 16th–month end, in the merchant's time zone. */
export const DIVIDEND_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const DividendPeriodSchema = z.enum(DIVIDEND_PERIODS);
export type DividendPeriod = z.infer<typeof DividendPeriodSchema>;

/** Real-time salary windows: 5 minutes (spec §9). Hourly: one hour. Daily salary: one business day, paid the next day. */
export const REALTIME_WINDOW_MINUTES = 5;

export const CONTRACT_STATUSES = ['OFFERED', 'ACTIVE', 'REJECTED', 'WITHDRAWN', 'TERMINATED', 'REPLACED'] as const;
export const ContractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatusSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Contracts

export const ContractPartySchema = z.object({
  username: z.string(),
  /** null for the merchant (a contract of a top-level agent is offered from the back office). */
  nickname: z.string().nullable(),
});

export const ContractSchema = z.object({
  id: z.string(),
  type: ContractTypeSchema,
  /** Counts the contracts of (holder, type): 1 for the first. */
  version: z.number().int(),
  status: ContractStatusSchema,
  /** The agent holding (or offered) the contract. */
  holder: z.string(),
  /** The upline who offered it; null: the merchant. */
  offeredBy: z.string().nullable(),
  tiers: z.array(ContractTierSchema),
  /** Dividend only: the merchant's period at the time of the offer. */
  period: DividendPeriodSchema.nullable(),
  offeredAt: z.string(),
  /** When it was accepted (took effect from the next window that starts after it). */
  acceptedAt: z.string().nullable(),
  /** When it stopped (rejected, withdrawn, terminated, replaced). */
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const CONTRACT_EVENT_KINDS = [
  'OFFERED',
  'ACCEPTED',
  'REJECTED',
  'WITHDRAWN',
  'TERMINATED',
  'REPLACED',
  /** Ended because the holder's upline accepted a lower contract (spec §4). */
  'DOWNLINE_ENDED',
] as const;
export const ContractEventKindSchema = z.enum(CONTRACT_EVENT_KINDS);

/** One notice to one party of a contract: the events table is also each party's inbox of contract notices. */
export const ContractEventSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: ContractEventKindSchema,
  /** Who is told: the holder or the offerer (null: the merchant). */
  recipient: z.string().nullable(),
  /** Who did it: an agent's username, "staff", or "system" (a cascade). */
  actor: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});
export type ContractEvent = z.infer<typeof ContractEventSchema>;

export const ContractIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a contract id') });

export const CONTRACT_LIST_ROLES = ['MINE', 'OFFERED'] as const;

/** GET AGENT_CONTRACT_API.contracts: MINE = contracts held by or offered to the caller; OFFERED = offered by it. */
export const ContractListQuerySchema = z.object({
  ...pagingFields,
  role: z.enum(CONTRACT_LIST_ROLES).default('MINE'),
  type: ContractTypeSchema.optional(),
  status: ContractStatusSchema.optional(),
  username: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(64).optional()),
});
export type ContractListQuery = z.input<typeof ContractListQuerySchema>;

export const ContractPageSchema = z.object({
  list: z.array(ContractSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type ContractPage = z.infer<typeof ContractPageSchema>;

/** GET AGENT_CONTRACT_API.contract and OPS: a contract with its events, oldest first. */
export const ContractDetailSchema = z.object({ contract: ContractSchema, events: z.array(ContractEventSchema) });
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

/**
 * POST AGENT_CONTRACT_API.offers: an offer to a direct downline agent. 404 DOWNLINE_NOT_FOUND (not in the caller's
 * subtree); 409 CONTRACT_DIRECT_ONLY (deeper than direct, or not an agent); 403 CONTRACT_TYPE_DISABLED; 403
 * CONTRACT_OFFER_NOT_ALLOWED (the caller holds no active contract of the type, or the merchant lets only top-level
 * agents offer); 400 CONTRACT_TIERS_INVALID (unordered, or outside the merchant's tier bounds); 409
 * CONTRACT_RATE_ABOVE_UPLINE (above the caller's own contract at some tier); 409 CONTRACT_OFFER_PENDING (an open offer
 * of the type exists: withdraw it first). Writes nothing when refused.
 */
export const ContractOfferRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  type: ContractTypeSchema,
  tiers: ContractTiersSchema,
});
export type ContractOfferRequest = z.infer<typeof ContractOfferRequestSchema>;

/** POST accept: the contract now ACTIVE, the one it replaced, and the downline contracts it ended. */
export const ContractAcceptResultSchema = z.object({
  contract: ContractSchema,
  replaced: z.string().nullable(),
  ended: z.array(z.object({ id: z.string(), holder: z.string(), type: ContractTypeSchema })),
});
export type ContractAcceptResult = z.infer<typeof ContractAcceptResultSchema>;

/** POST reject / terminate: an optional note for the other party. 409 CONTRACT_STATE when not OFFERED / ACTIVE. */
export const ContractActionRequestSchema = z.object({ note: z.string().trim().max(200).optional() });
export type ContractActionRequest = z.infer<typeof ContractActionRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Consolidated contract info (spec §3, §7) and contract details

/**
 * GET AGENT_CONTRACT_API.consolidated (any real member; trial members skip it, spec §4). The spec's names: each is 0
 * when the type is off for the merchant or the caller is not an agent; divtypereq is 1 daily, 2 weekly, 3
 * semimonthly, 4 monthly; the others 1 when on. The web keeps enableSalary and enableContract as session values; the
 * contract and salary menus follow `types`.
 */
export const ConsolidatedSchema = z.object({
  divtypereq: z.number().int(),
  dailysalreqtype: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  /** Dividend contracts are on for the merchant and the caller is an agent. */
  enableContract: z.boolean(),
  /** At least one salary type is on and the caller is an agent. */
  enableSalary: z.boolean(),
  types: z.array(
    z.object({
      type: ContractTypeSchema,
      enabled: z.boolean(),
      /** The caller holds an ACTIVE contract of the type. */
      active: z.boolean(),
      /** An offer of the type waits for the caller's answer. */
      pendingOffer: z.boolean(),
      /** The caller may offer this type to its direct downline. */
      canOffer: z.boolean(),
    }),
  ),
  timeZone: z.string(),
});
export type Consolidated = z.infer<typeof ConsolidatedSchema>;

export const DIVIDEND_PERIOD_CODES: Readonly<Record<DividendPeriod, number>> = {
  DAILY: 1,
  WEEKLY: 2,
  SEMIMONTHLY: 3,
  MONTHLY: 4,
};

/** POST AGENT_CONTRACT_API.detail (spec §7 dividend / daily-salary / hourly-salary / real-time salary calls). */
export const ContractDetailRequestSchema = z.object({
  /** A downline's username in the caller's subtree; absent: the caller's own. */
  username: z.string().trim().min(1).max(64).optional(),
});
export type ContractDetailRequest = z.infer<typeof ContractDetailRequestSchema>;

/** A settlement window: [start, end) instants; `firstDay`..`lastDay` its business days. */
export const ContractWindowSchema = z.object({
  start: z.string(),
  end: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});
export type ContractWindow = z.infer<typeof ContractWindowSchema>;

/** Spec §3 "contract details: rate, period valid bet, period profit and loss, active members", for the current window. */
export const ContractDetailsSchema = z.object({
  type: ContractTypeSchema,
  username: z.string(),
  enabled: z.boolean(),
  /** The ACTIVE contract; null when none. */
  contract: ContractSchema.nullable(),
  /** An offer waiting for the holder's answer. */
  offer: ContractSchema.nullable(),
  /** The window in progress and the team's figures so far. */
  window: ContractWindowSchema,
  /** The rate reached so far in the window (percent). */
  rate: z.string(),
  validBet: z.string(),
  profit: z.string(),
  activeMembers: z.number().int(),
  /** The merchant's minimum active members for a window to pay. */
  minActiveMembers: z.number().int(),
  /** The most the holder may offer at any tier (its own tiers); null: it may not offer this type. */
  offerCeiling: z.array(ContractTierSchema).nullable(),
});
export type ContractDetails = z.infer<typeof ContractDetailsSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Settlements: the record pages (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary)

/**
 * COUNTED: counted, payment under way; PAID; HELD: below the merchant's minimum active members, the amount accrues
 * into the next window that pays; CARRIED: a dividend base at or below zero, carried forward as the merchant
 * configured; NOTHING: nothing to pay; FAILED: the payment failed (the back office can rerun it; it still pays once).
 */
export const SETTLEMENT_STATUSES = ['COUNTED', 'PAID', 'HELD', 'CARRIED', 'NOTHING', 'FAILED'] as const;
export const SettlementStatusSchema = z.enum(SETTLEMENT_STATUSES);
export type SettlementStatus = z.infer<typeof SettlementStatusSchema>;

export const SettlementSchema = z.object({
  id: z.string(),
  type: ContractTypeSchema,
  username: z.string(),
  window: ContractWindowSchema,
  /** The team's base: valid bet for salaries, net loss after deductions plus carry for dividends. */
  teamBase: z.string(),
  teamValidBet: z.string(),
  teamProfit: z.string(),
  /** Dividend: the carried (negative) base brought in, and the merchant's deductions; "0" for salaries. */
  carriedIn: z.string(),
  deductions: z.string(),
  /** Changes booked on this window for earlier, closed windows (late or resettled rounds). */
  correction: z.string(),
  activeMembers: z.number().int(),
  /** The rate of the tier reached (percent). */
  rate: z.string(),
  /** rate × teamBase. */
  gross: z.string(),
  /** The nearest contract-holding downlines' gross (their rate × their team base). */
  downlineShare: z.string(),
  /** gross − downlineShare, never below zero, plus what earlier HELD windows accrued. */
  net: z.string(),
  /** Held amount brought in from earlier windows (included in net). */
  accruedIn: z.string(),
  status: SettlementStatusSchema,
  settledAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

/** GET AGENT_CONTRACT_API.settlements: the caller's windows of one type, newest first, by business day. */
export const SettlementListQuerySchema = z
  .object({ ...periodFields, ...pagingFields, type: ContractTypeSchema })
  .superRefine(refinePeriod);
export type SettlementListQuery = z.input<typeof SettlementListQuerySchema>;

export const SettlementPageSchema = z.object({
  period: ResolvedPeriodSchema,
  list: z.array(SettlementSchema),
  totals: z.object({ gross: z.string(), downlineShare: z.string(), net: z.string(), paid: z.string() }),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type SettlementPage = z.infer<typeof SettlementPageSchema>;

/** GET AGENT_CONTRACT_API.revenue (agentRevenueReport, "my income"): per type over the period. */
export const RevenueQuerySchema = z.object({ ...periodFields }).superRefine(refinePeriod);
export type RevenueQuery = z.input<typeof RevenueQuerySchema>;

export const RevenueRowSchema = z.object({
  type: ContractTypeSchema,
  windows: z.number().int(),
  gross: z.string(),
  /** Paid to (or owed to) my downlines: their share. */
  downlineShare: z.string(),
  net: z.string(),
  /** Of net: paid so far; the rest is held or under way. */
  paid: z.string(),
});
export const RevenueReportSchema = z.object({
  period: ResolvedPeriodSchema,
  rows: z.array(RevenueRowSchema),
  total: RevenueRowSchema.omit({ type: true }),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;
