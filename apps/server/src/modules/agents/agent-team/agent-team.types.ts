/**
 * A team's figures over a period (DESIGN.md §12, ADR 0029): the team is the agent and every descendant. Amounts are
 * integer minor units; profit is the members' (payout - stake), so a losing team has a negative profit.
 */
export type TeamFigures = {
  rounds: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  profitMinor: bigint;
  bonusStakeMinor: bigint;
  /** Distinct team members with at least one counting round in the period. */
  activeMembers: number;
  /** Team members (not trial members) who signed up in the period. */
  newMembers: number;
  /** Team members whose first successful deposit was created in the period, and those deposits' sum. */
  firstDeposits: number;
  firstDepositMinor: bigint;
  /** Successful deposits (PAID, APPROVED) and paid withdrawals created in the period. */
  depositCount: number;
  depositMinor: bigint;
  withdrawCount: number;
  withdrawMinor: bigint;
};

/** One business day's team figures ('YYYY-MM-DD' in the merchant's time zone). */
export type TeamDay = TeamFigures & { day: string };

export const NO_TEAM_FIGURES: TeamFigures = Object.freeze({
  rounds: 0,
  stakeMinor: 0n,
  validBetMinor: 0n,
  payoutMinor: 0n,
  profitMinor: 0n,
  bonusStakeMinor: 0n,
  activeMembers: 0,
  newMembers: 0,
  firstDeposits: 0,
  firstDepositMinor: 0n,
  depositCount: 0,
  depositMinor: 0n,
  withdrawCount: 0,
  withdrawMinor: 0n,
});

/** The play part of a team's figures, what contract settlement reads. */
export type TeamPlay = { validBetMinor: bigint; profitMinor: bigint; activeMembers: number };
