/** The demo merchant's deposit channels (issue 4): one manual bank transfer, one online gateway (the demo gateway). */
export type DepositChannelSeed = {
  code: string;
  kind: 'MANUAL_BANK' | 'GATEWAY';
  gatewayCode: string | null;
  displayName: string;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  bank: { bankName: string; accountName: string; accountNumber: string } | null;
  expiryMinutes: number;
};

export const DEMO_DEPOSIT_CHANNELS: readonly DepositChannelSeed[] = [
  {
    code: 'demo-pay',
    kind: 'GATEWAY',
    gatewayCode: 'demo',
    displayName: 'Demo Pay',
    minAmountMinor: 1_000n,
    maxAmountMinor: 5_000_000n,
    bank: null,
    expiryMinutes: 30,
  },
  {
    code: 'bank-transfer',
    kind: 'MANUAL_BANK',
    gatewayCode: null,
    displayName: 'Bank transfer',
    minAmountMinor: 5_000n,
    maxAmountMinor: 10_000_000n,
    bank: { bankName: 'Demo Bank', accountName: 'Demo Gaming Ltd', accountNumber: '0012-3456-7890' },
    expiryMinutes: 120,
  },
];
