import { rateAt, type ContractType, type SettlementStatus, type TierValue } from '@platform/contracts';

/**
 * The differential of one window (DESIGN.md §12, research §3.2 and §3.4), a pure function of the contract holders and
 * their team figures. Each holder's gross is its rate × its team base; what it is paid is its gross less the gross of
 * its nearest contract-holding downlines (never below zero). Because a child's rate never exceeds its parent's at any
 * tier and a parent's team holds its children's, the payouts of a tree sum to the top holder's gross.
 */
export type WindowAgent = {
  agentId: bigint;
  /** The nearest ancestor holding a contract of the type in this window; null: a top of the contract tree. */
  parentId: bigint | null;
  contractId: bigint;
  tiers: readonly TierValue[];
  validBetMinor: bigint;
  /** The members' profit and loss (negative when they lost). */
  profitMinor: bigint;
  activeMembers: number;
  /** Dividend: what the merchant deducts from the net loss (bonuses, rebates, salaries, fee). */
  deductionsMinor: bigint;
  /** What changed since earlier windows were counted, on the base's side (valid bet, or net loss). */
  correctionMinor: bigint;
  /** A negative base brought forward from the agent's previous window (≤ 0). */
  carriedInMinor: bigint;
  /** What earlier HELD windows accrued (≥ 0). */
  accruedInMinor: bigint;
};

export type WindowPolicy = {
  minActiveMembers: number;
  /** Whether a negative base of this window is carried into the next one. */
  carryForward: boolean;
};

export type WindowResult = WindowAgent & {
  teamBaseMinor: bigint;
  rateBps: number;
  grossMinor: bigint;
  downlineMinor: bigint;
  netMinor: bigint;
  carryOutMinor: bigint;
  status: Extract<SettlementStatus, 'COUNTED' | 'HELD' | 'CARRIED' | 'NOTHING'>;
};

/** What a dividend's merchant deducts, as its policy says (agent-contract-ops DividendDeductionsSchema). */
export type DividendDeductions = { bonuses: boolean; rebates: boolean; salaries: boolean; feeBps: number };

/** A team's costs over a dividend window, besides its play: promotion cash and the salaries counted for the team. */
export type TeamCosts = {
  /** The members' profit and loss (negative when they lost). */
  profitMinor: bigint;
  /** Promotion cash the members received as bonuses and as rebates (ADR 0049). */
  bonusMinor: bigint;
  rebateMinor: bigint;
  /** The salary windows of the team's agents counted in the window's days. */
  salariesMinor: bigint;
};

/**
 * A dividend's deductions (research §3.4): the team's bonuses, rebates and salaries of the window when the policy
 * names them, and the fee, a rate of the team's net loss (truncated to the minor unit; none on a winning team).
 */
export const dividendDeductions = (policy: DividendDeductions, team: TeamCosts): bigint => {
  const loss = team.profitMinor < 0n ? -team.profitMinor : 0n;
  return (
    (policy.bonuses ? team.bonusMinor : 0n) +
    (policy.rebates ? team.rebateMinor : 0n) +
    (policy.salaries ? team.salariesMinor : 0n) +
    (loss * BigInt(policy.feeBps)) / 10_000n
  );
};

/** The base a type pays on: team valid bet for salaries; team net loss after deductions for dividends. */
export const baseOf = (type: ContractType, agent: WindowAgent): bigint =>
  (type === 'DIVIDEND' ? -agent.profitMinor - agent.deductionsMinor : agent.validBetMinor) +
  agent.correctionMinor +
  agent.carriedInMinor;

export const settleWindow = (
  type: ContractType,
  agents: readonly WindowAgent[],
  policy: WindowPolicy,
): WindowResult[] => {
  const gross = new Map<bigint, { base: bigint; rate: number; gross: bigint }>();
  for (const agent of agents) {
    const base = baseOf(type, agent);
    const tierBet = type === 'DIVIDEND' ? agent.validBetMinor : agent.validBetMinor + agent.correctionMinor;
    const rate = rateAt(agent.tiers, tierBet, agent.activeMembers);
    gross.set(agent.agentId, { base, rate, gross: base > 0n ? (base * BigInt(rate)) / 10_000n : 0n });
  }
  const downline = new Map<bigint, bigint>();
  for (const agent of agents) {
    if (agent.parentId === null) continue;
    downline.set(agent.parentId, (downline.get(agent.parentId) ?? 0n) + (gross.get(agent.agentId)?.gross ?? 0n));
  }
  return agents.map((agent): WindowResult => {
    const own = gross.get(agent.agentId) ?? { base: 0n, rate: 0, gross: 0n };
    const downlineMinor = downline.get(agent.agentId) ?? 0n;
    const differential = own.gross > downlineMinor ? own.gross - downlineMinor : 0n;
    const netMinor = differential + agent.accruedInMinor;
    // Salaries always carry a negative base (a correction larger than the window: a clawback); dividends as configured.
    const carries = own.base < 0n && (type !== 'DIVIDEND' || policy.carryForward);
    const carryOutMinor = carries ? own.base : 0n;
    const status: WindowResult['status'] =
      netMinor > 0n
        ? agent.activeMembers < policy.minActiveMembers
          ? 'HELD'
          : 'COUNTED'
        : carryOutMinor < 0n
          ? 'CARRIED'
          : 'NOTHING';
    return {
      ...agent,
      teamBaseMinor: own.base,
      rateBps: own.rate,
      grossMinor: own.gross,
      downlineMinor,
      netMinor,
      carryOutMinor,
      status,
    };
  });
};
