import type {
  CarryForwardPolicy,
  ContractStatus,
  ContractType,
  DividendPeriod,
  SettlementStatus,
  TierValue,
} from '@platform/contracts';

/** The merchant's policy of one contract type (migration 0033 agent_contract_policies). */
export type Policy = {
  type: ContractType;
  enabled: boolean;
  topRateBps: number;
  maxTiers: number;
  maxTierValidBetMinor: bigint;
  maxTierActiveMembers: number;
  minActiveMembers: number;
  downlineMayOffer: boolean;
  period: DividendPeriod | null;
  deductions: { bonuses: boolean; rebates: boolean; salaries: boolean; feeBps: number } | null;
  carryForward: CarryForwardPolicy | null;
};

/** A type the merchant never set: off, and monthly dividends with no deductions and no carry when switched on. */
export const defaultPolicy = (type: ContractType): Policy => ({
  type,
  enabled: false,
  topRateBps: 0,
  maxTiers: 5,
  maxTierValidBetMinor: 0n,
  maxTierActiveMembers: 0,
  minActiveMembers: 0,
  downlineMayOffer: true,
  period: type === 'DIVIDEND' ? 'MONTHLY' : null,
  deductions: type === 'DIVIDEND' ? { bonuses: false, rebates: false, salaries: false, feeBps: 0 } : null,
  carryForward: type === 'DIVIDEND' ? 'NONE' : null,
});

export type ContractRow = {
  id: bigint;
  type: ContractType;
  version: number;
  holderId: bigint;
  holder: string;
  holderNickname: string | null;
  offeredById: bigint | null;
  offeredBy: string | null;
  status: ContractStatus;
  tiers: TierValue[];
  period: DividendPeriod | null;
  offeredAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
};

export type EventRow = {
  id: bigint;
  contractId: bigint;
  kind: string;
  recipient: string | null;
  actor: string;
  at: Date;
  note: string | null;
};

export type SettlementRow = {
  id: bigint;
  agentId: bigint;
  username: string;
  type: ContractType;
  windowStart: Date;
  windowEnd: Date;
  firstDay: string;
  lastDay: string;
  contractId: bigint;
  teamValidBetMinor: bigint;
  teamProfitMinor: bigint;
  activeMembers: number;
  deductionsMinor: bigint;
  carriedInMinor: bigint;
  correctionMinor: bigint;
  teamBaseMinor: bigint;
  rateBps: number;
  grossMinor: bigint;
  downlineMinor: bigint;
  accruedInMinor: bigint;
  netMinor: bigint;
  carryOutMinor: bigint;
  status: SettlementStatus;
  failure: string | null;
  attempts: number;
  settledAt: Date;
  paidAt: Date | null;
};

/** A team's figures over a window, as the settlement reads them. */
export type WindowFigures = { validBetMinor: bigint; profitMinor: bigint; activeMembers: number };

export const NO_WINDOW_FIGURES: WindowFigures = Object.freeze({ validBetMinor: 0n, profitMinor: 0n, activeMembers: 0 });
