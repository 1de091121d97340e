import { formatMoney, type OpsWithdrawalQuery } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import { filterAmountMinor, type MemberContexts } from '../cashier';
import type { MemberRow } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { opsWire, orderNotFound } from './withdraw.mapping';
import type { WithdrawOrderRow, WithdrawRepository } from './withdraw.repository';
import type { WithdrawSettlement } from './withdraw-settlement';

export type WithdrawStaffServiceDeps = {
  repo: WithdrawRepository;
  now: Clock;
  members: { byUsername: (merchantId: number, username: string) => Promise<MemberRow | undefined> };
  /** Runs `fn` in one transaction (a staff decision and its audit entry commit together). */
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  /** The member context each queued order carries (modules/cashier). */
  memberContexts: MemberContexts;
  settlement: Pick<WithdrawSettlement, 'settle' | 'told'>;
};

/** Staff's withdrawals (issues 4 and 7): the queue with each member's context, payout or release, the proofs. */
export const withdrawStaffServiceFactory = ({
  repo,
  now,
  members,
  transaction,
  memberContexts,
  settlement,
}: WithdrawStaffServiceDeps) => {
  const { settle, told } = settlement;
  /**
   * Staff decision. The decision is claimed in the order row first (PENDING → PAID/REJECTED, once), then its
   * transfer is posted with the order number as key: whatever crashes in between, the row says which single
   * movement is owed, and a repeated call (or the job) posts it, the ledger applying it once.
   */
  const decide = async (
    caller: StaffCaller,
    orderNo: string,
    decision: { status: 'PAID' | 'REJECTED'; reason: string | null },
  ): Promise<{ order: ReturnType<typeof opsWire>; replayed: boolean }> => {
    const { merchant } = caller;
    const before = await repo.byOrderNo(merchant.id, orderNo);
    if (before === undefined) throw orderNotFound();
    let replayed = true;
    if (before.status === 'PENDING') {
      // The claim and its audit entry commit together: an entry exists exactly when the decision does.
      const claimed = await transaction(async (tx) => {
        const won = await repo.decide(
          merchant.id,
          before.id,
          { ...decision, by: caller.staff, at: new Date(now()) },
          tx,
        );
        if (won) {
          await recordAudit(tx, caller, {
            action: decision.status === 'PAID' ? 'withdrawal.approve' : 'withdrawal.reject',
            targetType: 'withdrawal',
            targetId: before.orderNo,
            before: { status: before.status },
            after: {
              status: decision.status,
              amount: formatMoney(before.amountMinor, merchant.currencyScale),
              member: before.username,
            },
            reason: decision.reason,
          });
        }
        return won;
      });
      replayed = !claimed;
    }
    const order = await repo.byOrderNo(merchant.id, orderNo);
    if (order === undefined) throw orderNotFound();
    if (order.status !== decision.status) {
      throw new AppError('ORDER_STATE_INVALID', 409, `The order is ${order.status.toLowerCase()}`, {
        value: { status: order.status },
      });
    }
    const transfer = order.status === 'PAID' ? order.payoutTransferId : order.releaseTransferId;
    if (transfer === null) await settle(merchant, order);
    const after = await repo.byOrderNo(merchant.id, orderNo);
    if (after === undefined) throw orderNotFound();
    if (!replayed || transfer === null) told(after, decision.status);
    return { order: opsWire(after, merchant), replayed };
  };

  return {
    staffOrder: async (merchant: Merchant, orderNo: string): Promise<WithdrawOrderRow> => {
      const order = await repo.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw orderNotFound();
      return order;
    },
    proof: async (merchant: Merchant, orderId: bigint, proofId: bigint) => {
      const proof = await repo.proof(merchant.id, orderId, proofId);
      if (proof === undefined) throw new AppError('NOT_FOUND', 404, 'No such proof');
      return proof;
    },
    /** The staff queue, newest first, each order with its member's context; an unknown username matches nothing. */
    queue: async (merchant: Merchant, query: OpsWithdrawalQuery) => {
      const minAmountMinor = filterAmountMinor(query.minAmount, merchant, 'minAmount');
      const maxAmountMinor = filterAmountMinor(query.maxAmount, merchant, 'maxAmount');
      const member = query.username === undefined ? undefined : await members.byUsername(merchant.id, query.username);
      if (query.username !== undefined && member === undefined) {
        return { list: [], page: query.page, pageSize: query.pageSize, total: 0 };
      }
      const result = await repo.page(
        merchant.id,
        {
          ...{ memberId: member?.id, status: query.status, orderNo: query.orderNo, staff: true },
          ...{ minAmountMinor, maxAmountMinor, fromDay: query.from, toDay: query.to, bankName: query.bankName },
        },
        query.page,
        query.pageSize,
      );
      const contexts = await memberContexts(
        merchant,
        result.list.map((row) => row.memberId),
      );
      return {
        list: result.list.map((row) => {
          const context = contexts.get(row.memberId);
          if (context === undefined) throw new Error('a queued withdrawal without its member');
          return { ...opsWire(row, merchant), member: context };
        }),
        page: query.page,
        pageSize: query.pageSize,
        total: result.total,
      };
    },
    decide,
  };
};

export type WithdrawStaffService = ReturnType<typeof withdrawStaffServiceFactory>;
