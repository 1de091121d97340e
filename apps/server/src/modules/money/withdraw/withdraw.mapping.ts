import { formatMoney, type WithdrawAccount, type WithdrawOrder } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Merchant } from '../../platform/merchant';
import type { WithdrawAccountRow, WithdrawOrderRow } from './withdraw.repository';

/** Rows to the wire (packages/contracts): the member's view of an order, and staff's with who asked and decided. */
export const accountWire = (row: WithdrawAccountRow): WithdrawAccount => ({
  id: row.id.toString(),
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
});

export const orderWire = (row: WithdrawOrderRow, merchant: Merchant): WithdrawOrder => ({
  orderNo: row.orderNo,
  amount: formatMoney(row.amountMinor, merchant.currencyScale),
  // HOLDING is our own short step before the ledger confirms the hold; the member sees it as pending.
  status: row.status === 'HOLDING' ? 'PENDING' : row.status,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
  receiptState: row.receiptState,
  receiptAt: row.receiptAt?.toISOString() ?? null,
  receiptNote: row.receiptNote,
  proofIds: row.proofIds.map(String),
  canConfirm: row.status === 'PAID' && row.receiptState === 'NONE',
});

export const opsWire = (row: WithdrawOrderRow, merchant: Merchant) => ({
  ...orderWire(row, merchant),
  username: row.username,
  decidedBy: row.decidedBy,
});

export const orderNotFound = () => new AppError('ORDER_NOT_FOUND', 404, 'No such withdrawal order');
