import type { CashierOrderEvent } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import type { Merchant } from '../../platform/merchant';
import type { WalletService } from '../wallet';
import type { WithdrawOrderRow, WithdrawRepository } from './withdraw.repository';

/** Ledger sources of the three movements; each is keyed by the order number, so each happens at most once. */
const SOURCE = { hold: 'withdraw.hold', paid: 'withdraw.paid', release: 'withdraw.release' } as const;
/** A HOLDING order older than this has lost its request (a crash): the job completes it. */
export const HOLD_GRACE_MS = 2 * 60_000;

export type WithdrawSettlementDeps = {
  repo: WithdrawRepository;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or an automatic receipt committed. */
  bus: Pick<EventBus, 'emit'>;
};

/**
 * The money of a withdrawal, shared by the member's request, staff's decision and the job: the hold, the movement a
 * decision owes, and the realtime word to the member.
 */
export const withdrawSettlementFactory = ({ repo, wallet, bus }: WithdrawSettlementDeps) => {
  const told = (
    order: Pick<WithdrawOrderRow, 'merchantId' | 'memberId' | 'orderNo'>,
    status: CashierOrderEvent['status'],
  ) =>
    bus.emit('cashier.order', {
      ...{ merchantId: order.merchantId, memberId: order.memberId },
      ...{ kind: 'withdrawal', orderNo: order.orderNo, status },
    });

  /**
   * The hold: CASH → FROZEN keyed by the order number. Its order row is written first (HOLDING), so a crash after the
   * post leaves a row the job finds and completes (the post replays); a crash before it leaves a row whose hold the
   * job posts then. A definite refusal by the ledger (e.g. INSUFFICIENT_FUNDS) means nothing moved: the row goes too.
   */
  const hold = async (merchant: Merchant, order: WithdrawOrderRow): Promise<void> => {
    const [cash, frozen] = await Promise.all([
      wallet.memberAccount(merchant, order.memberId, 'CASH'),
      wallet.memberAccount(merchant, order.memberId, 'FROZEN'),
    ]);
    let transferId: bigint;
    try {
      const result = await wallet.post(
        {
          merchantId: merchant.id,
          source: SOURCE.hold,
          idempotencyKey: order.orderNo,
          reference: `withdrawal ${order.orderNo}`,
          legs: [
            { debitAccountId: cash, creditAccountId: frozen, amountMinor: order.amountMinor, code: 'WITHDRAW_HOLD' },
          ],
        },
        [order.memberId],
      );
      transferId = result.transfers[0]?.id ?? 0n;
    } catch (error) {
      if (error instanceof AppError) await repo.deleteUnheld(merchant.id, order.id);
      throw error;
    }
    await repo.markHeld(merchant.id, order.id, transferId);
  };

  /** The movement that follows a decision: paid (FROZEN → CASHIER) or released (FROZEN → CASH), once per order. */
  const settle = async (merchant: Merchant, order: WithdrawOrderRow): Promise<void> => {
    const paid = order.status === 'PAID';
    const frozen = await wallet.memberAccount(merchant, order.memberId, 'FROZEN');
    const other = paid
      ? await wallet.systemAccount(merchant, 'CASHIER')
      : await wallet.memberAccount(merchant, order.memberId, 'CASH');
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: paid ? SOURCE.paid : SOURCE.release,
        idempotencyKey: order.orderNo,
        reference: `withdrawal ${order.orderNo}${order.decidedBy ? ` by ${order.decidedBy}` : ''}`.slice(0, 200),
        legs: [
          {
            debitAccountId: frozen,
            creditAccountId: other,
            amountMinor: order.amountMinor,
            code: paid ? 'WITHDRAW_PAID' : 'WITHDRAW_RELEASE',
          },
        ],
      },
      [order.memberId],
    );
    await repo.setTransfer(merchant.id, order.id, paid ? 'payout' : 'release', result.transfers[0]?.id ?? 0n);
  };

  return { told, hold, settle };
};

export type WithdrawSettlement = ReturnType<typeof withdrawSettlementFactory>;
