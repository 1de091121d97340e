import { formatMoney, type AdjustmentResult, type ErrorCode } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { recordAudit } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { WalletService } from '../wallet';
import { notFound, toResult as result } from './adjustment.mapping';
import type { AdjustmentRepository, AdjustmentRow } from './adjustment.repository';

/** The ledger source of every adjustment; the key is the request's idempotency key, so each moves money once. */
const SOURCE = 'ops.adjustment';
/** Ledger refusals that mean nothing moved and nothing will: the request ends FAILED with the code. */
const DEFINITE_REFUSALS: ReadonlySet<string> = new Set([
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'ACCOUNT_NOT_FOUND',
  'CURRENCY_MISMATCH',
]);

export type AdjustmentApplyDeps = {
  repository: AdjustmentRepository;
  /** Runs `fn` in one transaction with a repository on it: a state change and its audit entry commit together. */
  transaction: <T>(fn: (repository: AdjustmentRepository, tx: Queryable) => Promise<T>) => Promise<T>;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
};

/**
 * The money of an adjustment: the CORRECTION transfer of an APPROVED request (keyed by the request's idempotency key,
 * so it moves once), and the answer to a repeated request id.
 */
export const adjustmentApplyFactory = ({ repository, transaction, wallet }: AdjustmentApplyDeps) => {
  const reload = async (merchantId: number, id: bigint): Promise<AdjustmentRow> => {
    const row = await repository.byId(merchantId, id);
    if (row === undefined) throw notFound();
    return row;
  };

  /** Ends an APPROVED request (`mark` changes it, once) and writes the audit entry in the same transaction. */
  const record = (
    caller: StaffCaller,
    row: AdjustmentRow,
    mark: (tx: AdjustmentRepository) => Promise<boolean>,
    entry: { action: string; after: Record<string, unknown> },
  ) =>
    transaction(async (tx, q) => {
      if (await mark(tx)) {
        await recordAudit(q, caller, {
          action: entry.action,
          targetType: 'adjustment',
          targetId: row.id.toString(),
          before: { status: 'APPROVED' },
          after: entry.after,
        });
      }
    });

  /**
   * Posts an APPROVED request (idempotent by its key: a repeat replays the first transfer), then records it APPLIED
   * with its audit entry. A definite refusal by the ledger records it FAILED and rethrows the refusal.
   */
  const apply = async (
    caller: StaffCaller,
    row: AdjustmentRow,
  ): Promise<{ row: AdjustmentRow; balanceAfterMinor: bigint; replayed: boolean }> => {
    const { merchant } = caller;
    const credit = row.amountMinor > 0n;
    const [cash, cashier] = await Promise.all([
      wallet.memberAccount(merchant, row.memberId, 'CASH'),
      wallet.systemAccount(merchant, 'CASHIER'),
    ]);
    let posted;
    try {
      posted = await wallet.post(
        {
          merchantId: merchant.id,
          source: SOURCE,
          idempotencyKey: row.idempotencyKey,
          // The member sees the reference in the account record: the reason only, never who on the staff made it.
          reference: row.reason,
          legs: [
            {
              debitAccountId: credit ? cashier : cash,
              creditAccountId: credit ? cash : cashier,
              amountMinor: credit ? row.amountMinor : -row.amountMinor,
              code: 'CORRECTION',
            },
          ],
        },
        [row.memberId],
      );
    } catch (error) {
      if (error instanceof AppError && DEFINITE_REFUSALS.has(error.code)) {
        const code = error.code;
        await record(caller, row, (tx) => tx.markFailed(merchant.id, row.id, code), {
          action: 'adjustment.fail',
          after: { status: 'FAILED', code },
        });
      }
      throw error;
    }
    const transfer = posted.transfers[0];
    if (transfer === undefined) throw new Error('adjustment without a transfer');
    const balanceAfterMinor = credit ? transfer.creditBalanceAfterMinor : transfer.debitBalanceAfterMinor;
    await record(caller, row, (tx) => tx.markApplied(merchant.id, row.id, transfer.id), {
      action: 'adjustment.apply',
      after: {
        status: 'APPLIED',
        member: row.username,
        amount: formatMoney(row.amountMinor, merchant.currencyScale),
        transferId: transfer.id.toString(),
        balanceAfter: formatMoney(balanceAfterMinor, merchant.currencyScale),
      },
    });
    return { row: await reload(merchant.id, row.id), balanceAfterMinor, replayed: posted.replayed };
  };

  /** A repeated request id: the same request answers its adjustment (finishing an interrupted one); another is refused. */
  const resume = async (
    caller: StaffCaller,
    existing: AdjustmentRow,
    memberId: bigint,
    signedMinor: bigint,
  ): Promise<AdjustmentResult> => {
    const { merchant } = caller;
    if (existing.memberId !== memberId || existing.amountMinor !== signedMinor) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another adjustment');
    }
    if (existing.status === 'FAILED') {
      const code = (existing.decisionReason ?? 'INSUFFICIENT_FUNDS') as ErrorCode;
      throw new AppError(code, 422, 'The ledger refused this adjustment; nothing moved');
    }
    if (existing.status === 'APPROVED' || existing.status === 'APPLIED') {
      // APPLIED replays the ledger's first answer (same key, same request), which says the balance it left.
      const applied = await apply(caller, existing);
      return result(applied.row, merchant, { balanceAfterMinor: applied.balanceAfterMinor, replayed: true });
    }
    return result(existing, merchant, { replayed: true });
  };
  return { reload, apply, resume };
};

export type AdjustmentApply = ReturnType<typeof adjustmentApplyFactory>;
