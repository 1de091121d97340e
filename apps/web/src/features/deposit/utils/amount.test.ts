import { describe, expect, it } from 'vitest';
import type { DepositChannel } from '@platform/contracts';
import { checkAmount, quickAmountsFor, scaleOf } from './amount';

const channel: DepositChannel = {
  id: '1',
  kind: 'GATEWAY',
  name: 'Demo Pay',
  minAmount: '10.00',
  maxAmount: '5000.00',
  bank: null,
};

describe('deposit amount checks', () => {
  it('should refuse what the server refuses, naming the problem', () => {
    expect(checkAmount('', channel)).toEqual({ key: 'deposit.amountRequired' });
    expect(checkAmount('-5', channel)).toEqual({ key: 'deposit.amountInvalid' });
    expect(checkAmount('0', channel)).toEqual({ key: 'deposit.amountInvalid' });
    expect(checkAmount('ten', channel)).toEqual({ key: 'deposit.amountInvalid' });
    expect(checkAmount('1e3', channel)).toEqual({ key: 'deposit.amountInvalid' });
    expect(checkAmount('10.001', channel)).toEqual({ key: 'deposit.amountDecimals', scale: 2 });
    expect(checkAmount('9.99', channel)).toEqual({ key: 'deposit.amountBelowMin', min: '10.00' });
    expect(checkAmount('5000.01', channel)).toEqual({ key: 'deposit.amountAboveMax', max: '5000.00' });
  });

  it('should accept amounts within the limits and offer only quick amounts that fit', () => {
    expect(checkAmount('10', channel)).toBeNull();
    expect(checkAmount('5000.00', channel)).toBeNull();
    expect(scaleOf(channel)).toBe(2);
    expect(quickAmountsFor(channel)).toEqual(['100', '500', '1000', '5000']);
  });
});
