import { z } from 'zod';
import {
  ContractSchema,
  ContractStatusSchema,
  ContractTiersSchema,
  ContractTypeSchema,
  DividendPeriodSchema,
  RateSchema,
  SettlementSchema,
  SettlementStatusSchema,
} from './agent-contract';
import { BusinessDaySchema, pagingFields } from './agent-period';

/**
 * The back office's agent contracts (issue 19): the merchant's contract policy per type, every agent's contracts and
 * their history, the settlement board, and adjustments through the ledger. Permissions in STAFF_ENDPOINTS: reads
 * `agents.view`; policy, offers to top-level agents and terminations `agents.limits`; reruns and adjustments
 * `adjustment.approve`. Every change is audited.
 */

/** What a negative dividend base does next period: dropped, carried on, or carried within the calendar month only. */
export const CARRY_FORWARD_POLICIES = ['NONE', 'CARRY', 'CARRY_WITHIN_MONTH'] as const;
export const CarryForwardPolicySchema = z.enum(CARRY_FORWARD_POLICIES);
export type CarryForwardPolicy = z.infer<typeof CarryForwardPolicySchema>;

/** Dividend deductions from the team's net loss: which costs the merchant subtracts, and a fee on the loss. */
export const DividendDeductionsSchema = z.object({
  bonuses: z.boolean(),
  rebates: z.boolean(),
  /** Salaries paid to the team's agents in the period. */
  salaries: z.boolean(),
  /** A platform fee in percent of the net loss ("0" for none). */
  feeRate: RateSchema,
});
export type DividendDeductions = z.infer<typeof DividendDeductionsSchema>;

/**
 * The merchant's policy for one contract type. `enabled` drives the consolidated types, the session values and the
 * menus. Tier bounds: at most `maxTiers` tiers, each rate at most `topRate`, thresholds at most `maxTierValidBet` and
 * `maxTierActiveMembers`. `minActiveMembers`: a window with fewer active members accrues but does not pay.
 * `downlineMayOffer`: whether agents below the top level may offer this type further down (top-level agents always
 * may). Dividend only: `period`, `deductions`, `carryForward` (null for the salary types).
 */
export const ContractPolicySchema = z.object({
  type: ContractTypeSchema,
  enabled: z.boolean(),
  topRate: RateSchema,
  maxTiers: z.coerce.number().int().min(1).max(10),
  maxTierValidBet: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,8})?$/, 'must be a non-negative amount'),
  maxTierActiveMembers: z.coerce.number().int().min(0).max(1_000_000),
  minActiveMembers: z.coerce.number().int().min(0).max(1_000_000),
  downlineMayOffer: z.boolean(),
  period: DividendPeriodSchema.nullable(),
  deductions: DividendDeductionsSchema.nullable(),
  carryForward: CarryForwardPolicySchema.nullable(),
});
export type ContractPolicy = z.infer<typeof ContractPolicySchema>;

/** GET OPS.contractPolicy: every type, defaults for a type never set (disabled). */
export const ContractPolicyListSchema = z.object({ list: z.array(ContractPolicySchema) });
export type ContractPolicyList = z.infer<typeof ContractPolicyListSchema>;

/**
 * PUT OPS.contractPolicyType: the whole policy of the type in the path (the body's `type` must match). Lowering the
 * top rate does not end existing contracts; new offers follow it. 400 CONTRACT_POLICY_INVALID for a dividend policy
 * without period, deductions and carry-forward, or a salary policy with them.
 */
export const ContractPolicyParamsSchema = z.object({ type: ContractTypeSchema });

export const OpsContractListQuerySchema = z.object({
  ...pagingFields,
  /** Holder or offerer username contains this. */
  username: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(64).optional()),
  type: ContractTypeSchema.optional(),
  status: ContractStatusSchema.optional(),
});
export type OpsContractListQuery = z.input<typeof OpsContractListQuerySchema>;

export const OpsContractPageSchema = z.object({
  list: z.array(ContractSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type OpsContractPage = z.infer<typeof OpsContractPageSchema>;

/**
 * POST OPS.agentContracts: the merchant offers a contract to a top-level agent (no upline agent). 409
 * CONTRACT_DIRECT_ONLY when the agent has an upline (its upline offers), the rest as for an agent's offer.
 */
export const OpsContractOfferSchema = z.object({
  username: z.string().trim().min(1).max(64),
  type: ContractTypeSchema,
  tiers: ContractTiersSchema,
});
export type OpsContractOffer = z.infer<typeof OpsContractOfferSchema>;

/** POST OPS.agentContractTerminate: ends an ACTIVE contract or withdraws an offer, with a reason (audited). */
export const OpsContractTerminateSchema = z.object({ reason: z.string().trim().min(1).max(200) });

export const OpsSettlementQuerySchema = z.object({
  ...pagingFields,
  type: ContractTypeSchema.optional(),
  status: SettlementStatusSchema.optional(),
  username: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(64).optional()),
  /** Windows whose first business day is in from..to (default: the last 7 days). */
  from: BusinessDaySchema.optional(),
  to: BusinessDaySchema.optional(),
});
export type OpsSettlementQuery = z.input<typeof OpsSettlementQuerySchema>;

/** The settlement board: windows with their failure, and totals per status over every matching window. */
export const OpsSettlementRowSchema = SettlementSchema.extend({
  /** Why the payment failed (FAILED only); never internal details. */
  failure: z.string().nullable(),
  attempts: z.number().int(),
});
export const OpsSettlementPageSchema = z.object({
  list: z.array(OpsSettlementRowSchema),
  totals: z.array(z.object({ status: SettlementStatusSchema, windows: z.number().int(), net: z.string() })),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type OpsSettlementPage = z.infer<typeof OpsSettlementPageSchema>;

export const SettlementIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a settlement id') });

/**
 * POST OPS.agentSettlementRerun: pays a FAILED (or stuck COUNTED) window again with the same idempotency key, so it
 * pays once. 409 SETTLEMENT_STATE otherwise.
 */
export const OpsSettlementRerunResultSchema = OpsSettlementRowSchema;

/**
 * POST OPS.agentContractAdjustments: a correction of an agent's contract income through the ledger, between the
 * merchant's COMMISSIONS account and the agent's cash (positive: to the agent; negative: back from it, refused with
 * 409 INSUFFICIENT_FUNDS when the agent's balance is short). `requestId` makes a retry pay once. Audited.
 */
export const OpsContractAdjustmentSchema = z.object({
  username: z.string().trim().min(1).max(64),
  type: ContractTypeSchema,
  /** Signed decimal, not zero. */
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,8})?$/, 'must be an amount'),
  reason: z.string().trim().min(1).max(200),
  requestId: z.string().trim().min(8).max(64),
});
export type OpsContractAdjustment = z.infer<typeof OpsContractAdjustmentSchema>;

export const OpsContractAdjustmentResultSchema = z.object({
  username: z.string(),
  type: ContractTypeSchema,
  amount: z.string(),
  transferId: z.string(),
  /** The agent's cash after. */
  balance: z.string(),
});
export type OpsContractAdjustmentResult = z.infer<typeof OpsContractAdjustmentResultSchema>;
