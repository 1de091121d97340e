import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { decodeSqlError } from '../../../lib/sql-errors';
import type { Merchant } from '../../platform/merchant';
import type { WalletService } from '../../money/wallet';
import {
  describeFailure,
  withTimeout,
  type AdapterRegistry,
  type QueryAnswer,
  type TransferDirection,
  type TransferWalletAdapter,
} from './transfer-adapter';
import { vendorTransferRepository as repo, type VendorTransferRow } from './vendor-transfer.repository';

/*
 * Why every step survives a crash (DESIGN.md §5, §8). An order moves CREATED → HELD (IN only) → SENT, then PENDING →
 * SUCCESS | FAILED. Each money movement is a ledger post keyed by the order number under source `wallet.vendor`:
 *   in:<orderNo>    CASH → VENDOR:<code>   (IN: the money leaves the main wallet before the vendor is called)
 *   undo:<orderNo>  VENDOR:<code> → CASH   (IN refused or never received by the vendor: the hold comes back)
 *   out:<orderNo>   VENDOR:<code> → CASH   (OUT the vendor paid)
 * so repeating a step after a crash replays it instead of paying twice, and the status change is a conditional
 * UPDATE (WHERE status = 'PENDING'), so an order is settled once whoever gets there first.
 * - Crash after the row, before the hold: the order is CREATED and the vendor was never called. Reconciliation treats
 *   it as NOT_FOUND: it re-posts the hold with the same key (a replay if the hold did commit; INSUFFICIENT_FUNDS or a
 *   fresh hold if it did not) and then posts the undo, so the member ends where it started either way.
 * - Crash after the hold or after SENT, before the answer was stored: the vendor is asked (queryOrder), and its answer
 *   settles the order as if it had come in time.
 * - Crash after the vendor's SUCCESS for an OUT, before `out:` was posted: reconciliation asks, gets SUCCESS, posts
 *   `out:` (once, by key).
 * - The request and reconciliation never both call the vendor for one order: the request may mark SENT only while
 *   reconciliation has not claimed the order (attempts = 0) and only if its call ends before the order's first check;
 *   reconciliation's claim counts an attempt, which closes that door.
 * A timeout or error is never taken as "failed": the vendor may have the money, so the hold stays until the vendor's
 * own answer (SUCCESS, FAILED or NOT_FOUND) says where it is.
 */

const SOURCE = 'wallet.vendor';

export type TransferInput = {
  vendorCode: string;
  direction: TransferDirection;
  amountMinor: bigint;
  requestId: string;
};

export type TransferOutcome =
  | { kind: 'SUCCESS'; order: VendorTransferRow }
  | { kind: 'PENDING'; order: VendorTransferRow }
  | { kind: 'FAILED'; order: VendorTransferRow; reason: string };

export type VendorTransferServiceDeps = {
  db: Database;
  wallet: Pick<WalletService, 'memberAccount' | 'balanceMinor' | 'post'>;
  adapters: AdapterRegistry;
  merchantById: (merchantId: number) => Promise<Merchant>;
  now: Clock;
  /** How long the request waits for the vendor. */
  callTimeoutMs: number;
  /** How old a PENDING order is before reconciliation first asks the vendor about it (well above callTimeoutMs). */
  firstCheckAfterMs: number;
  /** Reconciliation backoff: base * 2^attempts, at most max. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  log: { error: (data: object, message: string) => void };
};

const newOrderNo = (nowMs: number): string =>
  `VT${nowMs.toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

const isInsufficientFunds = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS';

export const vendorTransferServiceFactory = (deps: VendorTransferServiceDeps) => {
  const { db, wallet, now } = deps;

  const requireTransferWallet = (merchant: Merchant): void => {
    if (merchant.walletIsSingle) {
      throw new AppError('SINGLE_WALLET', 400, 'This site has one wallet: there is nothing to transfer');
    }
  };

  const adapterOf = (merchant: Merchant, vendor: { vendorCode: string; adapter: string }): TransferWalletAdapter => {
    const factory = deps.adapters.get(vendor.adapter);
    if (factory === undefined) throw new AppError('VENDOR_UNAVAILABLE', 404, 'This game provider is not available');
    return factory(merchant.id, vendor.vendorCode);
  };

  const findVendor = async (merchant: Merchant, vendorCode: string) => {
    const vendor = (await repo.vendors(db, merchant.id)).find((v) => v.vendorCode === vendorCode);
    if (vendor === undefined) throw new AppError('VENDOR_UNAVAILABLE', 404, 'This game provider is not available');
    return vendor;
  };

  const accounts = async (merchant: Merchant, order: Pick<VendorTransferRow, 'memberId' | 'vendorCode'>) => {
    const [cash, vendor] = await Promise.all([
      wallet.memberAccount(merchant, order.memberId, 'CASH'),
      wallet.memberAccount(merchant, order.memberId, `VENDOR:${order.vendorCode}`),
    ]);
    return { cash, vendor };
  };

  /** One ledger post of the order, keyed `<step>:<orderNo>`; the reference is fixed per step so a retry replays. */
  const postStep = async (merchant: Merchant, order: VendorTransferRow, step: 'in' | 'undo' | 'out') => {
    const { cash, vendor } = await accounts(merchant, order);
    const toVendor = step === 'in';
    await wallet.post(
      {
        merchantId: merchant.id,
        source: SOURCE,
        idempotencyKey: `${step}:${order.orderNo}`,
        reference: `${step === 'undo' ? 'returned: ' : ''}${order.vendorCode} ${order.orderNo}`,
        legs: [
          {
            debitAccountId: toVendor ? cash : vendor,
            creditAccountId: toVendor ? vendor : cash,
            amountMinor: order.amountMinor,
            code: toVendor ? 'VENDOR_IN' : 'VENDOR_OUT',
          },
        ],
      },
      [order.memberId],
    );
  };

  const settle = async (order: VendorTransferRow, status: 'SUCCESS' | 'FAILED', reason: string | null) => {
    await repo.settle(db, order.merchantId, order.orderNo, status, reason, new Date(now()));
    return (await repo.byOrderNo(db, order.merchantId, order.orderNo)) ?? order;
  };

  /** IN that the vendor refused or never got: make sure the hold exists (see the top comment), then return it. */
  const failIn = async (merchant: Merchant, order: VendorTransferRow, reason: string) => {
    let held = true;
    try {
      await postStep(merchant, order, 'in');
    } catch (error) {
      if (!isInsufficientFunds(error)) throw error;
      held = false; // a replay would have answered the first result: the hold never happened
    }
    if (held) await postStep(merchant, order, 'undo');
    return settle(order, 'FAILED', reason);
  };

  /** Settles an order with the vendor's definite answer (from the call or from queryOrder). Idempotent. */
  const applyAnswer = async (merchant: Merchant, order: VendorTransferRow, answer: QueryAnswer) => {
    const reason = answer === 'SUCCESS' ? null : `VENDOR_${answer}`;
    if (order.direction === 'IN') {
      return answer === 'SUCCESS' ? settle(order, 'SUCCESS', null) : failIn(merchant, order, reason ?? 'VENDOR_FAILED');
    }
    if (answer === 'SUCCESS') {
      await postStep(merchant, order, 'out');
      return settle(order, 'SUCCESS', null);
    }
    return settle(order, 'FAILED', reason);
  };

  const outcomeOf = (order: VendorTransferRow): TransferOutcome =>
    order.status === 'PENDING'
      ? { kind: 'PENDING', order }
      : order.status === 'SUCCESS'
        ? { kind: 'SUCCESS', order }
        : { kind: 'FAILED', order, reason: order.lastError ?? 'VENDOR_FAILED' };

  /** A request id used before: the same request gets the order's current state, another request is refused. */
  const replay = (existing: VendorTransferRow, input: TransferInput): TransferOutcome => {
    if (
      existing.vendorCode !== input.vendorCode ||
      existing.direction !== input.direction ||
      existing.amountMinor !== input.amountMinor
    ) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another request');
    }
    return outcomeOf(existing);
  };

  /** Writes the order PENDING, holds the money (IN), calls the vendor with a timeout and settles what it can. */
  const transfer = async (merchant: Merchant, memberId: bigint, input: TransferInput): Promise<TransferOutcome> => {
    requireTransferWallet(merchant);
    const vendor = await findVendor(merchant, input.vendorCode);
    const adapter = adapterOf(merchant, vendor);
    const previous = await repo.byRequestId(db, merchant.id, memberId, input.requestId);
    if (previous !== undefined) return replay(previous, input);

    // Checked before anything is written; the ledger checks again when the money moves (IN), and one pending order
    // per member and vendor keeps the vendor-side figure from changing under an OUT in flight.
    const from = input.direction === 'IN' ? 'CASH' : (`VENDOR:${input.vendorCode}` as const);
    if ((await wallet.balanceMinor(merchant, memberId, from)) < input.amountMinor) {
      throw new AppError('INSUFFICIENT_FUNDS', 422, 'Insufficient funds');
    }

    const nowMs = now();
    let order: VendorTransferRow | undefined;
    try {
      order = await repo.insert(db, {
        ...{ merchantId: merchant.id, memberId, vendorCode: input.vendorCode, direction: input.direction },
        ...{ amountMinor: input.amountMinor, currency: merchant.currencyCode, requestId: input.requestId },
        orderNo: newOrderNo(nowMs),
        createdAt: new Date(nowMs),
        firstCheckAt: new Date(nowMs + deps.firstCheckAfterMs),
      });
    } catch (error) {
      if (decodeSqlError(error).kind !== 'unique') throw error;
      throw new AppError('TRANSFER_PENDING', 409, 'A transfer with this game provider is still being confirmed');
    }
    if (order === undefined) {
      const raced = await repo.byRequestId(db, merchant.id, memberId, input.requestId);
      if (raced === undefined) throw new Error('vendor transfer vanished after a request-id conflict');
      return replay(raced, input);
    }

    if (order.direction === 'IN') {
      try {
        await postStep(merchant, order, 'in');
      } catch (error) {
        if (!isInsufficientFunds(error)) throw error;
        await settle(order, 'FAILED', 'INSUFFICIENT_FUNDS');
        throw error;
      }
      await repo.markHeld(db, merchant.id, order.orderNo);
    }
    if (!(await repo.markSent(db, merchant.id, order.orderNo, new Date(now() + deps.callTimeoutMs)))) {
      return outcomeOf((await repo.byOrderNo(db, merchant.id, order.orderNo)) ?? order);
    }

    const call = { orderNo: order.orderNo, memberId, currency: order.currency };
    let answer: 'SUCCESS' | 'FAILED';
    try {
      answer = await withTimeout(`vendor ${vendor.vendorCode} transfer`, deps.callTimeoutMs, () =>
        adapter.transfer({ ...call, direction: input.direction, amountMinor: input.amountMinor }),
      );
    } catch (error) {
      await repo.noteError(db, merchant.id, order.orderNo, describeFailure(error));
      return { kind: 'PENDING', order };
    }
    try {
      return outcomeOf(await applyAnswer(merchant, order, answer));
    } catch (error) {
      // The vendor answered but our side could not finish (a database hiccup): reconciliation will, by the same keys.
      deps.log.error({ err: error, orderNo: order.orderNo }, 'vendor transfer: settlement deferred');
      await repo.noteError(db, merchant.id, order.orderNo, describeFailure(error)).catch(() => undefined);
      return { kind: 'PENDING', order };
    }
  };

  /**
   * One reconciliation pass: claims up to `batch` due PENDING orders and settles each by the vendor's order query. An
   * order whose vendor cannot be reached stays PENDING and is looked at again after its backoff.
   */
  const reconcile = async (batch = 50): Promise<{ claimed: number; settled: number }> => {
    const due = await repo.claimDue(db, new Date(now()), batch, deps.backoffBaseMs, deps.backoffMaxMs);
    let settled = 0;
    for (const order of due) {
      try {
        const merchant = await deps.merchantById(order.merchantId);
        let answer: QueryAnswer = 'NOT_FOUND'; // never SENT: the vendor was never called, and now never will be
        if (order.stage === 'SENT') {
          const adapter = adapterOf(merchant, await findVendor(merchant, order.vendorCode));
          answer = await withTimeout(`vendor ${order.vendorCode} query`, deps.callTimeoutMs, () =>
            adapter.queryOrder(order.orderNo),
          );
        }
        if ((await applyAnswer(merchant, order, answer)).status !== 'PENDING') settled += 1;
      } catch (error) {
        await repo.noteError(db, order.merchantId, order.orderNo, describeFailure(error)).catch(() => undefined);
      }
    }
    return { claimed: due.length, settled };
  };

  /** The main wallet and each transfer-wallet vendor's platform-side balance, with a pending flag. */
  const wallets = async (merchant: Merchant, memberId: bigint) => {
    requireTransferWallet(merchant);
    const [vendors, pending, main] = await Promise.all([
      repo.vendors(db, merchant.id),
      repo.pendingVendors(db, merchant.id, memberId),
      wallet.balanceMinor(merchant, memberId, 'CASH'),
    ]);
    const balances = await Promise.all(
      vendors.map((v) => wallet.balanceMinor(merchant, memberId, `VENDOR:${v.vendorCode}`)),
    );
    return {
      mainMinor: main,
      vendors: vendors.map((v, i) => ({
        vendorCode: v.vendorCode,
        name: v.name,
        balanceMinor: balances[i] ?? 0n,
        pending: pending.has(v.vendorCode),
      })),
    };
  };

  /** Staff list, newest first; `limit` is bounded by the route's page size. */
  const list = (merchantId: number, status: VendorTransferRow['status'] | undefined, offset: number, limit: number) =>
    repo.list(db, merchantId, status, offset, limit);

  /** Whether the member already made an order under this request id (its retry replays and moves nothing new). */
  const hasOrder = async (merchant: Merchant, memberId: bigint, requestId: string): Promise<boolean> =>
    (await repo.byRequestId(db, merchant.id, memberId, requestId)) !== undefined;

  return { transfer, hasOrder, reconcile, wallets, list, requireTransferWallet };
};

export type VendorTransferService = ReturnType<typeof vendorTransferServiceFactory>;
