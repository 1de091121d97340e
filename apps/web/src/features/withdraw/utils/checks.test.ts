import { describe, expect, it } from 'vitest';
import type { WithdrawSettings } from '@platform/contracts';
import { checkAmount, checkProofFiles } from './checks';

const settings = {
  minAmount: '100.00',
  maxAmount: '50000.00',
  available: '300.00',
  scale: 2,
} as WithdrawSettings;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0];
const file = (bytes: number[] | Uint8Array, name = 'a.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('withdrawal checks mirroring the server', () => {
  it('should refuse amounts the server refuses, naming the problem', () => {
    expect(checkAmount('', settings)?.key).toBe('withdraw.amountRequired');
    expect(checkAmount('-5', settings)?.key).toBe('withdraw.amountInvalid');
    expect(checkAmount('1e3', settings)?.key).toBe('withdraw.amountInvalid');
    expect(checkAmount('100.001', settings)?.key).toBe('withdraw.amountDecimals');
    expect(checkAmount('99.99', settings)).toEqual({ key: 'withdraw.amountBelowMin', min: '100.00' });
    expect(checkAmount('50000.01', settings)?.key).toBe('withdraw.amountAboveMax');
    expect(checkAmount('300.01', settings)?.key).toBe('withdraw.amountAboveBalance');
    expect(checkAmount('300', settings)).toBeNull();
  });

  it('should check proof images by content, size and count', async () => {
    expect(await checkProofFiles([file(PNG_HEAD)])).toBeNull();
    expect(await checkProofFiles([file([0xff, 0xd8, 0xff, 0xe0], 'b.jpg', 'image/jpeg')])).toBeNull();
    expect(await checkProofFiles([file([0x47, 0x49, 0x46, 0x38], 'fake.png')])).toBe('withdraw.fileType');
    expect(await checkProofFiles([file(new Uint8Array(5 * 1024 * 1024 + 1))])).toBe('withdraw.fileSize');
    expect(await checkProofFiles([file(PNG_HEAD), file(PNG_HEAD), file(PNG_HEAD), file(PNG_HEAD)])).toBe(
      'withdraw.fileCount',
    );
  });
});
