import { describe, expect, it } from 'vitest';
import { checkOffer, rateAt, rateBpOf, rateText, type OfferLimits, type TierDraft } from './offer-form';

/** The offering agent holds 1% from 10,000 valid bet and 2% from 50,000 with 5 active members. */
const limits: OfferLimits = {
  uplineTiers: [
    { minValidBetMinor: 1_000_000n, minActive: 0, rateBp: 100 },
    { minValidBetMinor: 5_000_000n, minActive: 5, rateBp: 200 },
  ],
  topRateBp: 300,
  maxTiers: 3,
  minActive: 0,
};

const tier = (minValidBet: string, minActive: string, rate: string): TierDraft => ({ minValidBet, minActive, rate });
const keys = (drafts: TierDraft[], given = limits) => checkOffer(drafts, given).problems.map((p) => `${p.tier}:${p.key}`);

describe('the contract offer form', () => {
  it('should accept ascending tiers within the upline rate at each threshold', () => {
    const { problems, tiers } = checkOffer([tier('10000', '0', '0.8'), tier('50000', '5', '1.5')], limits);
    expect(problems).toEqual([]);
    expect(tiers).toEqual([
      { minValidBetMinor: 1_000_000n, minActive: 0, rateBp: 80 },
      { minValidBetMinor: 5_000_000n, minActive: 5, rateBp: 150 },
    ]);
  });

  it("should refuse a rate above the upline's own rate at that tier, naming both rates", () => {
    const { problems } = checkOffer([tier('10000', '0', '1.5')], limits);
    expect(problems).toEqual([
      { tier: 1, field: 'rate', key: 'rateAboveUpline', values: { rate: '1.5', upline: '1' } },
    ]);
  });

  it('should judge the upline rate at the tier threshold, members included', () => {
    // 50,000 with only 4 active members reaches the upline's first tier alone: 1%.
    expect(keys([tier('50000', '4', '1.5')])).toEqual(['1:rateAboveUpline']);
    expect(keys([tier('50000', '5', '1.5')])).toEqual([]);
    // Below the upline's first tier the upline earns nothing, so nothing can be offered there.
    expect(keys([tier('5000', '0', '0.1')])).toEqual(['1:rateAboveUpline']);
  });

  it('should refuse tiers that do not ascend in threshold and rate', () => {
    expect(keys([tier('50000', '5', '1.5'), tier('10000', '0', '1')])).toEqual(['2:notAscending']);
    expect(keys([tier('10000', '0', '1'), tier('10000', '0', '1')])).toEqual(['2:notAscending']);
    expect(keys([tier('10000', '0', '1'), tier('50000', '5', '0.9')])).toEqual(['2:notAscending']);
  });

  it("should refuse a rate above the merchant's top rate, and more tiers than allowed", () => {
    const generous = { ...limits, uplineTiers: [{ minValidBetMinor: 0n, minActive: 0, rateBp: 900 }] };
    expect(keys([tier('0', '0', '3.5')], generous)).toEqual(['1:rateAboveTop']);
    const four = [tier('1', '0', '0.1'), tier('2', '0', '0.2'), tier('3', '0', '0.3'), tier('4', '0', '0.4')];
    expect(keys(four, generous)).toEqual(['0:maxTiers']);
    expect(keys([], generous)).toEqual(['0:noTiers']);
  });

  it('should name malformed fields and a tier below the minimum active members', () => {
    expect(keys([tier('ten', '1.5', '')])).toEqual(['1:amountFormat', '1:countFormat', '1:rateRequired']);
    expect(keys([tier('10000', '0', '1.234')])).toEqual(['1:rateFormat']);
    expect(keys([tier('10000', '2', '1')], { ...limits, minActive: 3 })).toEqual(['1:belowMinActive']);
  });

  it('should convert rates without floating point', () => {
    expect(rateBpOf('0.07')).toBe(7);
    expect(rateBpOf('12.5')).toBe(1250);
    expect(rateText(7)).toBe('0.07');
    expect(rateText(1250)).toBe('12.5');
    expect(rateText(300)).toBe('3');
    expect(rateAt(limits.uplineTiers, 9_999_999n, 10)).toBe(200);
  });
});
