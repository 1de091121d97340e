import { createHash } from 'node:crypto';
import type { Leg } from './ledger.types';

/**
 * The request hash stored with an idempotency key: SHA-256 over a canonical text of what the post does (legs in
 * order, reference, the transfer it reverses). A retry of the same request has the same hash; the same key with
 * another amount, account, code or reference has another one and is refused.
 */
export const requestHash = (legs: readonly Leg[], reference: string | null, reversesTransferId: bigint | null) => {
  const canonical = JSON.stringify({
    legs: legs.map((leg) => [
      leg.debitAccountId.toString(),
      leg.creditAccountId.toString(),
      leg.amountMinor.toString(),
      leg.code,
    ]),
    reference,
    reverses: reversesTransferId?.toString() ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
};
