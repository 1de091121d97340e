import {
  formatMoney,
  type AdjustmentPage,
  type AdjustmentQuery,
  type AdjustmentRequest,
  type AdjustmentResult,
} from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import type { MemberRow } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { StaffCaller } from '../../operations/staff';
import { parseAmount } from '../wallet';
import type { AdjustmentApply } from './adjustment-apply';
import {
  decided,
  fieldError,
  isDecider,
  isRequester,
  notFound,
  staffIdOf,
  toAdjustment,
  toResult as result,
} from './adjustment.mapping';
import type { AdjustmentRepository, AdjustmentRow } from './adjustment.repository';

export type AdjustmentServiceDeps = {
  repository: AdjustmentRepository;
  /** Runs `fn` in one transaction with a repository on it: a state change and its audit entry commit together. */
  transaction: <T>(fn: (repository: AdjustmentRepository, tx: Queryable) => Promise<T>) => Promise<T>;
  /** The money movement and the answer to a repeated request id (adjustment-apply.ts). */
  apply: AdjustmentApply;
  findMember: (merchantId: number, username: string) => Promise<MemberRow | undefined>;
  now: Clock;
};

/**
 * Manual adjustments (issue 7): a CORRECTION transfer between the merchant's CASHIER and the member's cash. At or below
 * the merchant's threshold it applies at once; above it, it waits for a second staff member, who approves (the money
 * moves once, whoever else approves at the same time) or rejects it with a reason. Every step leaves an audit entry in
 * the transaction that makes it: adjustment.request, adjustment.approve / adjustment.reject, adjustment.apply.
 */
export const adjustmentStaffServiceFactory = (deps: AdjustmentServiceDeps) => {
  const { repository, transaction, now } = deps;
  const { reload, apply, resume } = deps.apply;

  /**
   * Claims a PENDING request for a decision (PENDING → APPROVED or REJECTED) with its audit entry in one transaction,
   * so of two deciders at once exactly one wins; false for everyone else.
   */
  const claim = (caller: StaffCaller, row: AdjustmentRow, to: 'APPROVED' | 'REJECTED', reason: string | null) =>
    transaction(async (tx, q) => {
      const { merchant } = caller;
      const by = { id: staffIdOf(caller), username: caller.staff, at: new Date(now()) };
      const claimed = await tx.decide(merchant.id, row.id, to, by, reason);
      if (claimed) {
        await recordAudit(q, caller, {
          action: to === 'APPROVED' ? 'adjustment.approve' : 'adjustment.reject',
          targetType: 'adjustment',
          targetId: row.id.toString(),
          before: { status: 'PENDING', requestedBy: row.requestedBy },
          after: { status: to, member: row.username, amount: formatMoney(row.amountMinor, merchant.currencyScale) },
          reason,
        });
      }
      return claimed;
    });

  const memberOf = async (merchant: Merchant, username: string): Promise<MemberRow> => {
    const member = await deps.findMember(merchant.id, username);
    // Trial members have play money only; an adjustment is real money.
    if (member === undefined || member.userType === 4) {
      throw fieldError('ACCOUNT_NOT_FOUND', 404, 'username', 'No such member');
    }
    return member;
  };

  const amountOf = (text: string, merchant: Merchant): bigint => {
    try {
      return parseAmount(text, merchant);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.httpStatus, error.message, {
        value: { ...(error.options.value as object), fields: [{ path: 'amount', message: error.message }] },
      });
    }
  };

  return {
    request: async (caller: StaffCaller, body: AdjustmentRequest): Promise<AdjustmentResult> => {
      const { merchant } = caller;
      const magnitude = amountOf(body.amount, merchant);
      const member = await memberOf(merchant, body.username);
      const signedMinor = body.direction === 'CREDIT' ? magnitude : -magnitude;
      const existing = await repository.byKey(merchant.id, body.requestId);
      if (existing !== undefined) return resume(caller, existing, member.id, signedMinor);

      const thresholdMinor = await repository.threshold(merchant.id);
      const needsApproval = magnitude > thresholdMinor;
      const id = await transaction(async (tx, q) => {
        const inserted = await tx.insert({
          merchantId: merchant.id,
          memberId: member.id,
          amountMinor: signedMinor,
          reason: body.reason,
          requestedById: staffIdOf(caller),
          requestedBy: caller.staff,
          at: new Date(now()),
          status: needsApproval ? 'PENDING' : 'APPROVED',
          idempotencyKey: body.requestId,
        });
        if (inserted !== undefined) {
          await recordAudit(q, caller, {
            action: 'adjustment.request',
            targetType: 'adjustment',
            targetId: inserted.toString(),
            before: null,
            after: {
              member: member.username,
              direction: body.direction,
              amount: formatMoney(magnitude, merchant.currencyScale),
              status: needsApproval ? 'PENDING' : 'APPROVED',
              threshold: formatMoney(thresholdMinor, merchant.currencyScale),
            },
            reason: body.reason,
          });
        }
        return inserted;
      });
      if (id === undefined) {
        // A parallel call with the same request id inserted first: answer as its retry would.
        const raced = await repository.byKey(merchant.id, body.requestId);
        if (raced === undefined) throw notFound();
        return resume(caller, raced, member.id, signedMinor);
      }
      const row = await reload(merchant.id, id);
      if (needsApproval) return result(row, merchant, { replayed: false, thresholdMinor });
      const applied = await apply(caller, row);
      return result(applied.row, merchant, {
        balanceAfterMinor: applied.balanceAfterMinor,
        replayed: applied.replayed,
        thresholdMinor,
      });
    },

    /**
     * A second staff member approves a PENDING request: the claim (PENDING → APPROVED) and its audit entry commit
     * together, so of two approvers at once exactly one wins and only the winner posts. The winner's own retry finishes
     * an approval interrupted before its post; anyone else is told it was already decided.
     */
    approve: async (caller: StaffCaller, id: bigint): Promise<AdjustmentResult> => {
      const { merchant } = caller;
      const row = await reload(merchant.id, id);
      if (isRequester(caller, row)) {
        throw new AppError('SELF_APPROVAL_FORBIDDEN', 403, 'Another staff member must approve your own adjustment');
      }
      const won = row.status === 'PENDING' && (await claim(caller, row, 'APPROVED', null));
      const current = await reload(merchant.id, id);
      const ownRetry = !won && isDecider(caller, current) && ['APPROVED', 'APPLIED'].includes(current.status);
      if (!won && !ownRetry) throw decided(current);
      const applied = await apply(caller, current);
      return result(applied.row, merchant, { balanceAfterMinor: applied.balanceAfterMinor, replayed: !won });
    },

    /** A second staff member rejects a PENDING request with a reason; no money moves. */
    reject: async (caller: StaffCaller, id: bigint, reason: string): Promise<AdjustmentResult> => {
      const { merchant } = caller;
      const row = await reload(merchant.id, id);
      if (isRequester(caller, row)) {
        throw new AppError('SELF_APPROVAL_FORBIDDEN', 403, 'Another staff member must decide your own adjustment');
      }
      const won = row.status === 'PENDING' && (await claim(caller, row, 'REJECTED', reason));
      const current = await reload(merchant.id, id);
      if (!won && !(current.status === 'REJECTED' && isDecider(caller, current))) throw decided(current);
      return result(current, merchant, { replayed: !won });
    },

    list: async (merchant: Merchant, query: AdjustmentQuery): Promise<AdjustmentPage> => {
      const thresholdMinor = await repository.threshold(merchant.id);
      const threshold = formatMoney(thresholdMinor, merchant.currencyScale);
      const empty = { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalPages: 0, threshold };
      let memberId: bigint | undefined;
      if (query.username !== undefined) {
        memberId = (await deps.findMember(merchant.id, query.username))?.id;
        if (memberId === undefined) return empty;
      }
      const { rows, total } = await repository.page(
        merchant.id,
        {
          status: query.status,
          memberId,
          requestedBy: query.requestedBy,
          fromDay: query.from,
          toDay: query.to,
        },
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return {
        list: rows.map((row) => toAdjustment(row, merchant.currencyScale)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalPages: Math.ceil(total / query.pageSize),
        threshold,
      };
    },

    threshold: async (merchant: Merchant): Promise<string> =>
      formatMoney(await repository.threshold(merchant.id), merchant.currencyScale),

    /** Changes the threshold (payments.manage) with its audit entry in the same transaction. */
    setThreshold: async (caller: StaffCaller, text: string): Promise<string> => {
      const { merchant } = caller;
      let thresholdMinor: bigint;
      try {
        thresholdMinor = text.trim() === '0' || /^0(\.0+)?$/.test(text.trim()) ? 0n : parseAmount(text, merchant);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw fieldError('VALIDATION_FAILED', 400, 'threshold', error.message);
      }
      const before = await repository.threshold(merchant.id);
      await transaction(async (tx, q) => {
        await tx.setThreshold(merchant.id, thresholdMinor);
        await recordAudit(q, caller, {
          action: 'config.adjustments.update',
          targetType: 'merchant',
          targetId: merchant.id,
          before: { threshold: formatMoney(before, merchant.currencyScale) },
          after: { threshold: formatMoney(thresholdMinor, merchant.currencyScale) },
        });
      });
      return formatMoney(thresholdMinor, merchant.currencyScale);
    },
  };
};

export type AdjustmentService = ReturnType<typeof adjustmentStaffServiceFactory>;
