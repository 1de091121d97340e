import { describe, expect, it } from 'vitest';
import { amountSchema, formatMoney, MAX_AMOUNT_MINOR, MoneyError, parseMoney } from './money';

const refusal = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof MoneyError ? error.reason : 'OTHER';
  }
};

describe('money', () => {
  it('should parse decimal strings to minor units at the currency scale', () => {
    expect(parseMoney('1250.00', 2)).toBe(125000n);
    expect(parseMoney('12.5', 2)).toBe(1250n);
    expect(parseMoney('7', 2)).toBe(700n);
    expect(parseMoney('0.01', 2)).toBe(1n);
    expect(parseMoney('3', 0)).toBe(3n);
    expect(parseMoney('1.10', 1)).toBe(11n);
    expect(parseMoney('  2.00 ', 2)).toBe(200n);
  });

  it('should refuse negative, zero, too many decimals and non-numeric amounts', () => {
    expect(refusal(() => parseMoney('-1.00', 2))).toBe('NEGATIVE');
    expect(refusal(() => parseMoney('0', 2))).toBe('ZERO');
    expect(refusal(() => parseMoney('0.00', 2))).toBe('ZERO');
    expect(refusal(() => parseMoney('1.001', 2))).toBe('TOO_MANY_DECIMALS');
    expect(refusal(() => parseMoney('1.5', 0))).toBe('TOO_MANY_DECIMALS');
    for (const text of ['', 'abc', '1e3', '0x10', '1,000', '+1', '1.', '.5', 'NaN', 'Infinity', '--1', '1 000']) {
      expect(
        refusal(() => parseMoney(text, 2)),
        text,
      ).toBe('NOT_A_NUMBER');
    }
    expect(refusal(() => parseMoney((MAX_AMOUNT_MINOR + 1n).toString(), 0))).toBe('TOO_LARGE');
  });

  it('should accept zero only when asked', () => {
    expect(parseMoney('0.00', 2, { allowZero: true })).toBe(0n);
  });

  it('should format minor units back without floats, keeping large values exact', () => {
    expect(formatMoney(125000n, 2)).toBe('1250.00');
    expect(formatMoney(5n, 2)).toBe('0.05');
    expect(formatMoney(-5n, 2)).toBe('-0.05');
    expect(formatMoney(0n, 2)).toBe('0.00');
    expect(formatMoney(42n, 0)).toBe('42');
    expect(formatMoney(900719925474099312n, 2)).toBe('9007199254740993.12');
    for (const minor of [1n, 99n, 100n, 123456789n]) expect(parseMoney(formatMoney(minor, 3), 3)).toBe(minor);
  });

  it('should validate wire amounts with a zod schema', () => {
    expect(amountSchema(2).parse('10.50')).toBe(1050n);
    const failed = amountSchema(2).safeParse('10.505');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('TOO_MANY_DECIMALS');
  });
});
