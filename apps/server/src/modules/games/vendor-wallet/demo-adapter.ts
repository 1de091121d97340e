import type { Database } from '../../../db/database';
import type { QueryAnswer, TransferAnswer, TransferWalletAdapter, VendorTransferCall } from './transfer-adapter';

/**
 * What the demo vendor does with the next calls, so tests (and a curious operator) can play a misbehaving vendor:
 * - FAIL: answers FAILED and applies nothing;
 * - DROP: never receives the transfer and never answers (the platform times out; a later query says NOT_FOUND);
 * - APPLY_THEN_HANG: applies the transfer, then never answers (the money moved, the platform does not know);
 * - LATE: applies and answers after `delayMs` (longer than the platform's timeout: it gives up first);
 * - ERROR: throws before doing anything (a refused connection).
 * Query faults: UNREACHABLE throws instead of answering.
 */
export type DemoTransferFault =
  | { kind: 'FAIL' }
  | { kind: 'DROP' }
  | { kind: 'APPLY_THEN_HANG' }
  | { kind: 'LATE'; delayMs: number }
  | { kind: 'ERROR' };
export type DemoQueryFault = { kind: 'UNREACHABLE' };

export type DemoVendorFaults = ReturnType<typeof demoVendorFaults>;

/** Faults queued per vendor code; each is used by one call. */
export const demoVendorFaults = () => {
  const transfers = new Map<string, DemoTransferFault[]>();
  const queries = new Map<string, DemoQueryFault[]>();
  const push = <F>(map: Map<string, F[]>, vendor: string, fault: F, times: number) => {
    const queue = map.get(vendor) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault);
    map.set(vendor, queue);
  };
  return {
    onTransfer: (vendor: string, fault: DemoTransferFault, times = 1) => push(transfers, vendor, fault, times),
    onQuery: (vendor: string, fault: DemoQueryFault, times = 1) => push(queries, vendor, fault, times),
    takeTransfer: (vendor: string) => transfers.get(vendor)?.shift(),
    takeQuery: (vendor: string) => queries.get(vendor)?.shift(),
    clear: () => {
      transfers.clear();
      queries.clear();
    },
  };
};

/** The demo vendor's name for a member (kept from issue 4, so existing demo wallets stay theirs). */
export const demoMemberRef = (memberId: bigint): string => `m${memberId}`;

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The demo vendor: a vendor wallet kept in its own tables (demo_vendor_wallets, demo_vendor_orders), behaving like a
 * well-behaved real one: a transfer is applied at most once per order number (a repeat answers the first result), an
 * OUT larger than the member's vendor balance is FAILED, and the order can be queried afterwards.
 */
export const demoTransferAdapter = (
  db: Database,
  merchantId: number,
  vendorCode: string,
  faults: DemoVendorFaults,
): TransferWalletAdapter => {
  const apply = (call: VendorTransferCall, forced: TransferAnswer | null): Promise<TransferAnswer> =>
    db.transaction(async (tx) => {
      const existing = await tx.query<{ status: TransferAnswer }>(
        `SELECT status FROM demo_vendor_orders WHERE merchant_id = $1 AND vendor_code = $2 AND order_no = $3
         FOR UPDATE`,
        [merchantId, vendorCode, call.orderNo],
      );
      if (existing.rows[0] !== undefined) return existing.rows[0].status;
      let status: TransferAnswer = forced ?? 'SUCCESS';
      if (status === 'SUCCESS' && call.direction === 'IN') {
        await tx.query(
          `INSERT INTO demo_vendor_wallets (merchant_id, vendor_code, member_ref, balance_minor) VALUES ($1, $2, $3, $4)
           ON CONFLICT (merchant_id, vendor_code, member_ref)
           DO UPDATE SET balance_minor = demo_vendor_wallets.balance_minor + EXCLUDED.balance_minor`,
          [merchantId, vendorCode, demoMemberRef(call.memberId), call.amountMinor],
        );
      } else if (status === 'SUCCESS') {
        const taken = await tx.query(
          `UPDATE demo_vendor_wallets SET balance_minor = balance_minor - $4
           WHERE merchant_id = $1 AND vendor_code = $2 AND member_ref = $3 AND balance_minor >= $4 RETURNING 1`,
          [merchantId, vendorCode, demoMemberRef(call.memberId), call.amountMinor],
        );
        if (taken.rows.length === 0) status = 'FAILED';
      }
      await tx.query(
        `INSERT INTO demo_vendor_orders (merchant_id, vendor_code, order_no, member_ref, direction, amount_minor, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [merchantId, vendorCode, call.orderNo, demoMemberRef(call.memberId), call.direction, call.amountMinor, status],
      );
      return status;
    });

  return {
    code: vendorCode,
    transfer: async (call) => {
      const fault = faults.takeTransfer(vendorCode);
      switch (fault?.kind) {
        case 'FAIL':
          return apply(call, 'FAILED');
        case 'DROP':
          return never();
        case 'APPLY_THEN_HANG':
          await apply(call, null);
          return never();
        case 'LATE':
          await sleep(fault.delayMs);
          return apply(call, null);
        case 'ERROR':
          throw new Error('demo vendor: connection refused');
        case undefined:
          return apply(call, null);
      }
    },
    queryOrder: async (orderNo): Promise<QueryAnswer> => {
      if (faults.takeQuery(vendorCode)?.kind === 'UNREACHABLE') throw new Error('demo vendor: unreachable');
      const { rows } = await db.query<{ status: TransferAnswer }>(
        'SELECT status FROM demo_vendor_orders WHERE merchant_id = $1 AND vendor_code = $2 AND order_no = $3',
        [merchantId, vendorCode, orderNo],
      );
      return rows[0]?.status ?? 'NOT_FOUND';
    },
    balance: async (memberId) => {
      const { rows } = await db.query<{ balance_minor: bigint }>(
        `SELECT balance_minor FROM demo_vendor_wallets WHERE merchant_id = $1 AND vendor_code = $2 AND member_ref = $3`,
        [merchantId, vendorCode, demoMemberRef(memberId)],
      );
      return rows[0]?.balance_minor ?? 0n;
    },
  };
};
