import { formatMoney, type DepositChannel, type DepositOrder, type OpsDepositOrder } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { ChannelRow, OrderRow } from './deposit.repository';

const iso = (date: Date | null): string | null => (date === null ? null : new Date(date).toISOString());

export const notFound = () => new AppError('ORDER_NOT_FOUND', 404, 'No such deposit order');
export const stateInvalid = (status: string) =>
  new AppError('ORDER_STATE_INVALID', 409, `The order is ${status.toLowerCase()}; this is no longer possible`);

const bankOf = (row: Pick<ChannelRow, 'bankName' | 'bankAccountName' | 'bankAccountNumber'>) =>
  row.bankName !== null && row.bankAccountName !== null && row.bankAccountNumber !== null
    ? { bankName: row.bankName, accountName: row.bankAccountName, accountNumber: row.bankAccountNumber }
    : null;

export const toChannel = (row: ChannelRow, scale: number): DepositChannel => ({
  id: row.id.toString(),
  kind: row.kind,
  name: row.displayName,
  minAmount: formatMoney(row.minAmountMinor, scale),
  maxAmount: formatMoney(row.maxAmountMinor, scale),
  bank: row.kind === 'MANUAL_BANK' ? bankOf(row) : null,
});

export const toOrder = (row: OrderRow, scale: number): DepositOrder => ({
  orderNo: row.orderNo,
  channelId: row.channelId.toString(),
  channelName: row.channelName,
  kind: row.kind,
  amount: formatMoney(row.amountMinor, scale),
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
  paidAt: iso(row.paidAt),
  decidedAt: iso(row.decidedAt),
  reason: row.reason,
  bank: row.kind === 'MANUAL_BANK' ? bankOf(row) : null,
  paymentUrl: row.status === 'PENDING' ? row.paymentUrl : null,
});

export const toOpsOrder = (row: OrderRow, scale: number): OpsDepositOrder => ({
  ...toOrder(row, scale),
  username: row.username,
  gatewayOrderId: row.gatewayOrderId,
  decidedBy: row.decidedBy,
  transferId: row.transferId?.toString() ?? null,
});

export const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
