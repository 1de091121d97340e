import { describe, expect, it } from 'vitest';
import { NO_PLAY, playContribution, validBetMinor, type PlayRound } from './play-stats';

const settled: PlayRound = {
  status: 'SETTLED',
  play: false,
  stakeMinor: 1_000n,
  payoutMinor: 250n,
  bonusStakeMinor: 0n,
};

describe('valid bet', () => {
  it('should be the settled stake of a settled real-money round', () => {
    expect(validBetMinor(settled)).toBe(1_000n);
  });

  it.each(['OPEN', 'CANCELLED', 'VOID', 'REFUNDED'] as const)('should be nothing for a %s round', (status) => {
    expect(validBetMinor({ ...settled, status })).toBe(0n);
    expect(playContribution({ ...settled, status })).toEqual(NO_PLAY);
  });

  it('should be nothing for a play-money round', () => {
    expect(validBetMinor({ ...settled, play: true })).toBe(0n);
    expect(playContribution({ ...settled, play: true })).toEqual(NO_PLAY);
  });

  it('should leave out the bonus-funded stake and count it apart', () => {
    const round = { ...settled, bonusStakeMinor: 300n };
    expect(validBetMinor(round)).toBe(700n);
    expect(playContribution(round)).toMatchObject({ stakeMinor: 1_000n, validBetMinor: 700n, bonusStakeMinor: 300n });
  });

  it('should never be negative when the bonus covers the whole stake', () => {
    expect(validBetMinor({ ...settled, bonusStakeMinor: 1_000n })).toBe(0n);
    expect(validBetMinor({ ...settled, bonusStakeMinor: 1_500n })).toBe(0n);
  });

  it("should give the member's profit and loss as payout minus stake", () => {
    expect(playContribution(settled)).toEqual({
      rounds: 1,
      stakeMinor: 1_000n,
      validBetMinor: 1_000n,
      payoutMinor: 250n,
      profitMinor: -750n,
      bonusStakeMinor: 0n,
    });
    expect(playContribution({ ...settled, payoutMinor: 3_000n }).profitMinor).toBe(2_000n);
  });
});
