import { formatMoney, type OpsDepositOrder, type OpsDepositPage, type OpsDepositQuery } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import { filterAmountMinor, type MemberContexts } from '../cashier';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import type { DepositCredit } from './deposit-credit';
import { notFound, stateInvalid, toOpsOrder, totalPages } from './deposit.mapping';
import type { DepositRepository } from './deposit.repository';

export type DepositStaffServiceDeps = {
  repository: DepositRepository;
  now: Clock;
  findMember: (merchantId: number, username: string) => Promise<{ id: bigint } | undefined>;
  /** Runs `fn` in one transaction with a repository on it (a staff decision and its audit entry commit together). */
  transaction: <T>(fn: (repository: DepositRepository, tx: Queryable) => Promise<T>) => Promise<T>;
  memberContexts: MemberContexts;
  credit: Pick<DepositCredit, 'credit' | 'reload' | 'told'>;
};

/**
 * Staff's deposits (issues 4 and 7): the queue with each member's context, and the decision on a manual bank order
 * (approve credits it, reject moves nothing), each with its audit entry in the transaction that records it.
 */
export const depositStaffServiceFactory = (deps: DepositStaffServiceDeps) => {
  const { repository, now } = deps;
  const { credit, reload, told } = deps.credit;

  return {
    opsOrders: async (merchant: Merchant, query: OpsDepositQuery): Promise<OpsDepositPage> => {
      const empty = { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalPages: 0 };
      const minAmountMinor = filterAmountMinor(query.minAmount, merchant, 'minAmount');
      const maxAmountMinor = filterAmountMinor(query.maxAmount, merchant, 'maxAmount');
      let memberId: bigint | undefined;
      if (query.username !== undefined) {
        memberId = (await deps.findMember(merchant.id, query.username))?.id;
        if (memberId === undefined) return empty;
      }
      const offset = (query.pageNo - 1) * query.pageSize;
      const { rows, total } = await repository.opsPage(
        merchant.id,
        {
          status: query.status,
          memberId,
          orderNo: query.orderNo,
          channelId: query.channelId === undefined ? undefined : BigInt(query.channelId),
          minAmountMinor,
          maxAmountMinor,
          fromDay: query.from,
          toDay: query.to,
        },
        query.pageSize,
        offset,
      );
      const members = await deps.memberContexts(
        merchant,
        rows.map((row) => row.memberId),
      );
      return {
        list: rows.map((row) => {
          const member = members.get(row.memberId);
          if (member === undefined) throw new Error('a queued deposit without its member');
          return { ...toOpsOrder(row, merchant.currencyScale), member };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalPages: totalPages(total, query.pageSize),
      };
    },

    /**
     * Staff approve a PENDING manual bank order: it becomes APPROVED and the money is credited. Approving again (or an
     * order in any other state) is 409 ORDER_STATE_INVALID, except that an approval interrupted before its credit is
     * finished by the retry.
     */
    approve: async (caller: StaffCaller, orderNo: string): Promise<OpsDepositOrder> => {
      const { merchant } = caller;
      const order = await repository.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw notFound();
      if (order.kind !== 'MANUAL_BANK') throw stateInvalid('paid at its gateway');
      // The decision and its audit entry commit together; the credit follows (keyed by the order number).
      const won = await deps.transaction(async (tx, q) => {
        const claimed = await tx.transition(merchant.id, order.id, ['PENDING'], 'APPROVED', {
          atIso: new Date(now()).toISOString(),
          decidedBy: caller.staff,
        });
        if (claimed) {
          await recordAudit(q, caller, {
            action: 'deposit.approve',
            targetType: 'deposit',
            targetId: order.orderNo,
            before: { status: order.status },
            after: { status: 'APPROVED', amount: formatMoney(order.amountMinor, merchant.currencyScale) },
          });
        }
        return claimed;
      });
      const current = await reload(merchant.id, order.id);
      if (!won && !(current.status === 'APPROVED' && current.transferId === null)) throw stateInvalid(current.status);
      await credit(merchant, current);
      told(current, 'APPROVED');
      return toOpsOrder(await reload(merchant.id, order.id), merchant.currencyScale);
    },

    /** Staff reject a PENDING manual bank order with a reason; no money moves. Rejecting again answers the order. */
    reject: async (caller: StaffCaller, orderNo: string, reason: string): Promise<OpsDepositOrder> => {
      const { merchant } = caller;
      const order = await repository.byOrderNo(merchant.id, orderNo);
      if (order === undefined) throw notFound();
      if (order.kind !== 'MANUAL_BANK') throw stateInvalid('paid at its gateway');
      const won = await deps.transaction(async (tx, q) => {
        const claimed = await tx.transition(merchant.id, order.id, ['PENDING'], 'REJECTED', {
          atIso: new Date(now()).toISOString(),
          decidedBy: caller.staff,
          reason,
        });
        if (claimed) {
          await recordAudit(q, caller, {
            action: 'deposit.reject',
            targetType: 'deposit',
            targetId: order.orderNo,
            before: { status: order.status },
            after: { status: 'REJECTED', amount: formatMoney(order.amountMinor, merchant.currencyScale) },
            reason,
          });
        }
        return claimed;
      });
      const current = await reload(merchant.id, order.id);
      if (!won && current.status !== 'REJECTED') throw stateInvalid(current.status);
      if (won) told(current, 'REJECTED');
      return toOpsOrder(current, merchant.currencyScale);
    },
  };
};

export type DepositStaffService = ReturnType<typeof depositStaffServiceFactory>;
