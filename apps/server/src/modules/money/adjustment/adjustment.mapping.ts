import { formatMoney, type Adjustment, type AdjustmentResult, type ErrorCode } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import type { AdjustmentRow } from './adjustment.repository';

export const fieldError = (code: ErrorCode, status: number, path: string, message: string) =>
  new AppError(code, status, message, { value: { fields: [{ path, message }] } });

export const notFound = () => new AppError('ADJUSTMENT_NOT_FOUND', 404, 'No such adjustment');
export const decided = (row: AdjustmentRow) =>
  new AppError('ADJUSTMENT_STATE_INVALID', 409, `This adjustment is already ${row.status.toLowerCase()}`, {
    value: { status: row.status },
  });

const iso = (date: Date | null): string | null => (date === null ? null : new Date(date).toISOString());
export const toAdjustment = (row: AdjustmentRow, scale: number): Adjustment => ({
  id: row.id.toString(),
  requestId: row.idempotencyKey,
  username: row.username,
  direction: row.amountMinor > 0n ? 'CREDIT' : 'DEBIT',
  amount: formatMoney(row.amountMinor > 0n ? row.amountMinor : -row.amountMinor, scale),
  reason: row.reason,
  status: row.status,
  requestedBy: row.requestedBy,
  requestedAt: new Date(row.requestedAt).toISOString(),
  decidedBy: row.decidedBy,
  decidedAt: iso(row.decidedAt),
  decisionReason: row.decisionReason,
  transferId: row.transferId?.toString() ?? null,
});

/** The caller is the requester: by account id when both have one, and by username (the interim token has no id). */
export const isRequester = (caller: StaffCaller, row: AdjustmentRow): boolean =>
  (caller.staffId !== null && row.requestedById !== null && caller.staffId === row.requestedById.toString()) ||
  caller.staff.toLowerCase() === row.requestedBy.toLowerCase();

export const isDecider = (caller: StaffCaller, row: AdjustmentRow): boolean =>
  row.decidedBy !== null &&
  ((caller.staffId !== null && row.decidedById !== null && caller.staffId === row.decidedById.toString()) ||
    caller.staff.toLowerCase() === row.decidedBy.toLowerCase());

export const staffIdOf = (caller: StaffCaller): bigint | null =>
  caller.staffId === null ? null : BigInt(caller.staffId);

/** A row as the answer to a request or a decision, with the balance it left when it was applied. */
export const toResult = (
  row: AdjustmentRow,
  merchant: Merchant,
  extra: { balanceAfterMinor?: bigint; replayed: boolean; thresholdMinor?: bigint },
): AdjustmentResult => {
  const magnitude = row.amountMinor > 0n ? row.amountMinor : -row.amountMinor;
  return {
    ...toAdjustment(row, merchant.currencyScale),
    balanceAfter:
      extra.balanceAfterMinor === undefined ? null : formatMoney(extra.balanceAfterMinor, merchant.currencyScale),
    replayed: extra.replayed,
    needsApproval: extra.thresholdMinor === undefined ? row.status === 'PENDING' : magnitude > extra.thresholdMinor,
  };
};
