import { describe, expect, it } from 'vitest';
import type { ContractTier } from '@platform/contracts';
import { checkOffer, minorOf, tiersOf, type TierDraft } from './offer-form';

/** The offering agent's own contract: 1% from 10,000 valid bet, 2% from 50,000 with 5 active members. */
const ceiling: ContractTier[] = [
  { minValidBet: '10000.00', minActiveMembers: 0, rate: '1.00' },
  { minValidBet: '50000.00', minActiveMembers: 5, rate: '2.00' },
];

const tier = (minValidBet: string, minActiveMembers: string, rate: string): TierDraft => ({
  minValidBet,
  minActiveMembers,
  rate,
});
const keys = (drafts: TierDraft[]) => checkOffer(drafts, ceiling).map((problem) => `${problem.tier}:${problem.key}`);

describe('the contract offer form', () => {
  it('should accept ascending tiers within the upline rate at each threshold, and send them as typed', () => {
    const drafts = [tier('10000', '0', '0.8'), tier(' 50000 ', '5', '1.5')];
    expect(checkOffer(drafts, ceiling)).toEqual([]);
    expect(tiersOf(drafts)).toEqual([
      { minValidBet: '10000', minActiveMembers: 0, rate: '0.8' },
      { minValidBet: '50000', minActiveMembers: 5, rate: '1.5' },
    ]);
  });

  it("should refuse a rate above the upline's own rate at that tier, naming the tier and both rates", () => {
    expect(checkOffer([tier('10000', '0', '1.5')], ceiling)).toEqual([
      { tier: 1, field: 'rate', key: 'rateAboveUpline', values: { tier: 1, rate: '1.5', upline: '1' } },
    ]);
  });

  it('should judge the upline rate at the tier threshold, active members included', () => {
    // 50,000 with only 4 active members reaches the upline's first tier alone: 1%.
    expect(keys([tier('50000', '4', '1.5')])).toEqual(['1:rateAboveUpline']);
    expect(keys([tier('50000', '5', '1.5')])).toEqual([]);
    // Below the upline's first tier the upline earns nothing, so nothing can be offered there.
    expect(keys([tier('5000', '0', '0.1')])).toEqual(['1:rateAboveUpline']);
    // An agent without a contract of the type has no ceiling at all.
    expect(checkOffer([tier('10000', '0', '0.5')], []).map((problem) => problem.key)).toEqual(['rateAboveUpline']);
  });

  it('should refuse tiers whose thresholds or rates go down', () => {
    expect(keys([tier('50000', '5', '1.5'), tier('10000', '0', '1')])).toEqual(['2:notAscending']);
    expect(keys([tier('10000', '0', '1'), tier('50000', '5', '0.9')])).toEqual(['2:notAscending']);
    expect(keys([tier('10000', '6', '0.5'), tier('50000', '5', '1')])).toEqual(['2:notAscending']);
  });

  it('should ask for one to ten tiers', () => {
    expect(keys([])).toEqual(['0:noTiers']);
    const eleven = Array.from({ length: 11 }, (_, index) => tier(String(10000 + index), '0', '0.5'));
    expect(keys(eleven)).toEqual(['0:maxTiers']);
  });

  it('should name each malformed field', () => {
    expect(keys([tier('ten', '1.5', '')])).toEqual(['1:amountFormat', '1:countFormat', '1:rateRequired']);
    expect(keys([tier('10000', '0', '1.234')])).toEqual(['1:rateFormat']);
    expect(keys([tier('10000', '0', '101')])).toEqual(['1:rateFormat']);
  });

  it('should read amounts as minor units without floating point', () => {
    expect(minorOf('0.07')).toBe(7n);
    expect(minorOf('1000.5')).toBe(100050n);
    expect(minorOf('1,000')).toBeNull();
  });
});
