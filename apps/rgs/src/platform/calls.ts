/**
 * A money movement of a round as the platform's seamless protocol names it: written to the outbox (payments.ts) in
 * seamless mode, applied to the RGS-held wallet (wallet/wallet.ts) in transfer mode. Its own file so that those two
 * can both use it without importing each other.
 */
export type CallOp = 'debit' | 'credit' | 'rollback' | 'endRound';
export type NewCall = {
  transactionId: string;
  roundId: string;
  op: CallOp;
  amountMinor?: bigint;
  betTransactionId?: string;
  endRound?: boolean;
};
