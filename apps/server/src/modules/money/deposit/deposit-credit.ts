import type { CashierOrderEvent } from '@platform/contracts';
import type { EventBus } from '../../../lib/event-bus';
import type { Merchant } from '../../platform/merchant';
import type { WalletService } from '../wallet';
import { notFound } from './deposit.mapping';
import type { DepositRepository, OrderRow } from './deposit.repository';

export type DepositCreditDeps = {
  repository: DepositRepository;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  /** Tells the member's open pages (realtime `cashier.order`) once a decision or a payment committed. */
  bus: Pick<EventBus, 'emit'>;
  /** The deposit bonus the order opted into (engagement/promotions); absent: none is paid. */
  promotion?: DepositPromotion;
};

/** The promotions' deposit bonus: checked when the order is made, paid once it is credited (once per order). */
export type DepositPromotion = {
  /** Refuses (4xx with a code) a bonus this member cannot have with this deposit; writes nothing. */
  check: (merchant: Merchant, memberId: bigint, promotionId: bigint, amountMinor: bigint) => Promise<void>;
  credited: (
    merchant: Merchant,
    order: { memberId: bigint; orderNo: string; amountMinor: bigint; promotionId: bigint },
  ) => Promise<void>;
};

/**
 * The money of a deposit, shared by the gateway's notification, staff's approval and the settle job: the credit to the
 * member's CASH from the merchant's CASHIER, keyed by the order number so that it moves once however often it runs.
 */
export const depositCreditFactory = ({ repository, wallet, bus, promotion }: DepositCreditDeps) => {
  const told = (order: OrderRow, status: CashierOrderEvent['status']) =>
    bus.emit('cashier.order', {
      ...{ merchantId: order.merchantId, memberId: order.memberId, amountMinor: order.amountMinor },
      ...{ kind: 'deposit', orderNo: order.orderNo, status },
    });

  /** Credits the order (idempotent by order number) and records the transfer. */
  const credit = async (merchant: Merchant, order: OrderRow): Promise<void> => {
    const [cash, cashier] = await Promise.all([
      wallet.memberAccount(merchant, order.memberId, 'CASH'),
      wallet.systemAccount(merchant, 'CASHIER'),
    ]);
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: 'deposit',
        idempotencyKey: order.orderNo,
        reference: `deposit ${order.orderNo}`,
        legs: [{ debitAccountId: cashier, creditAccountId: cash, amountMinor: order.amountMinor, code: 'DEPOSIT' }],
      },
      [order.memberId],
    );
    const transfer = result.transfers[0];
    if (transfer === undefined) throw new Error('deposit credit without a transfer');
    await repository.setTransfer(merchant.id, order.id, transfer.id);
    if (order.promotionId !== null && promotion !== undefined) {
      await promotion.credited(merchant, { ...order, promotionId: order.promotionId });
    }
  };

  const reload = async (merchantId: number, id: bigint): Promise<OrderRow> => {
    const row = await repository.byId(merchantId, id);
    if (row === undefined) throw notFound();
    return row;
  };

  return { told, credit, reload, promotion };
};

export type DepositCredit = ReturnType<typeof depositCreditFactory>;
