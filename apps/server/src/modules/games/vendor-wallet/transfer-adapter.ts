/**
 * The vendor side of the transfer wallet (docs/protocols/transfer-wallet.md). One adapter per vendor protocol: DEMO (an
 * in-process vendor) and HTTP (the published transfer protocol, http-adapter.ts).
 */
export type TransferDirection = 'IN' | 'OUT';

export type VendorTransferCall = {
  /** Ours, unique per merchant: the vendor must apply a transfer at most once per order number. */
  orderNo: string;
  /** The member; each adapter names it the way its vendor knows it (the HTTP protocol: `P` + id in base 36). */
  memberId: bigint;
  /** IN: money arrives in the vendor wallet; OUT: money leaves it for the main wallet. */
  direction: TransferDirection;
  amountMinor: bigint;
  currency: string;
};

/** A definite answer. Anything else (a throw, no answer in time) means "unknown": the order stays PENDING. */
export type TransferAnswer = 'SUCCESS' | 'FAILED';
/** NOT_FOUND: the vendor never applied this order number (and, per the contract, never will). */
export type QueryAnswer = TransferAnswer | 'NOT_FOUND';

export interface TransferWalletAdapter {
  readonly code: string;
  transfer(call: VendorTransferCall): Promise<TransferAnswer>;
  queryOrder(orderNo: string): Promise<QueryAnswer>;
  /** The member's balance as the vendor knows it, in minor units. */
  balance(memberId: bigint): Promise<bigint>;
}

/** Finds the adapter serving (merchant, adapter kind, vendor code); undefined when none is installed. */
export type AdapterFactory = (merchantId: number, vendorCode: string) => TransferWalletAdapter;
export type AdapterRegistry = ReadonlyMap<string, AdapterFactory>;

export class VendorTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what}: no answer within ${timeoutMs} ms`);
    this.name = 'VendorTimeoutError';
  }
}

/**
 * The vendor's answer, or a VendorTimeoutError after `timeoutMs`. The vendor call itself is not cancelled (it may
 * still land at the vendor), which is why a timeout is "unknown", never "failed".
 */
export const withTimeout = async <T>(what: string, timeoutMs: number, call: () => Promise<T>): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VendorTimeoutError(what, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** A short, secret-free description of why a vendor call gave no answer, for the order's last_error. */
export const describeFailure = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error').slice(0, 200);
