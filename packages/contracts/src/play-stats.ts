/**
 * Play statistics (DESIGN.md §11): the one way every report, rebate, VIP level, mission and salary counts play.
 * The server's rollup SQL (modules/games/play-stats/sql) computes the same figures; its property tests compare the
 * two over random rounds.
 */

/** A round's state as play statistics see it: only a SETTLED round counts; the others contribute nothing. */
export type PlayRoundStatus = 'OPEN' | 'SETTLED' | 'CANCELLED' | 'VOID' | 'REFUNDED';

/** What a settled round's money looked like, in integer minor units. */
export type PlayRound = {
  status: PlayRoundStatus;
  /** Play-money (trial) rounds never count. */
  play: boolean;
  /** Settled stake: the bets not rolled back. */
  stakeMinor: bigint;
  payoutMinor: bigint;
  /** The part of the stake paid from a bonus wallet (0 until one exists); counted apart, never as valid bet. */
  bonusStakeMinor: bigint;
};

/** One round's contribution to the rollups: a round that does not count contributes zeros everywhere. */
export type PlayContribution = {
  rounds: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  /** The member's profit and loss: payout minus stake (negative when the member lost). */
  profitMinor: bigint;
  bonusStakeMinor: bigint;
};

export const NO_PLAY: PlayContribution = {
  rounds: 0,
  stakeMinor: 0n,
  validBetMinor: 0n,
  payoutMinor: 0n,
  profitMinor: 0n,
  bonusStakeMinor: 0n,
};

/** Whether a round counts at all: settled, real money. Void, cancelled, refunded and open rounds do not. */
export const roundCounts = (round: Pick<PlayRound, 'status' | 'play'>): boolean =>
  round.status === 'SETTLED' && !round.play;

/**
 * Valid bet: the settled stake of a counting round, less its bonus-funded part (rebates and salaries pay on own money
 * only). Never negative.
 */
export const validBetMinor = (round: PlayRound): bigint => {
  if (!roundCounts(round)) return 0n;
  const own = round.stakeMinor - round.bonusStakeMinor;
  return own > 0n ? own : 0n;
};

/** A round's full contribution to the play-statistics rollups. */
export const playContribution = (round: PlayRound): PlayContribution =>
  roundCounts(round)
    ? {
        rounds: 1,
        stakeMinor: round.stakeMinor,
        validBetMinor: validBetMinor(round),
        payoutMinor: round.payoutMinor,
        profitMinor: round.payoutMinor - round.stakeMinor,
        bonusStakeMinor: round.bonusStakeMinor,
      }
    : NO_PLAY;
