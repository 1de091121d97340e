import { formatMoney, type ManualGrant, type ManualGrantRequest } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import { parseAmount } from '../../money/wallet';
import type { BonusWalletService } from '../bonus-wallet';
import type { ManualGrantRow, PromotionsOpsRepository } from './promotions-ops.repository';

const HOUR_MS = 3_600_000;

const notFound = () => new AppError('BONUS_GRANT_NOT_FOUND', 404, 'No such bonus grant request');
const decided = (row: ManualGrantRow) =>
  new AppError('BONUS_GRANT_DECIDED', 409, `This bonus grant is already ${row.status.toLowerCase()}`, {
    value: { status: row.status },
  });
const selfApproval = () =>
  new AppError('SELF_APPROVAL_FORBIDDEN', 403, 'Another staff member must decide your own bonus grant');
const fieldError = (code: 'ACCOUNT_NOT_FOUND' | 'INVALID_AMOUNT', status: number, path: string, message: string) =>
  new AppError(code, status, message, { value: { fields: [{ path, message }] } });

export const manualGrantWire = (row: ManualGrantRow, merchant: Merchant): ManualGrant => ({
  id: row.id.toString(),
  username: row.username,
  amount: formatMoney(row.amountMinor, merchant.currencyScale),
  turnoverMultiple: row.turnoverMultiple,
  expiryHours: row.expiryHours,
  reason: row.reason,
  status: row.status,
  requestedBy: row.requestedBy,
  decidedBy: row.decidedBy,
  rejectReason: row.rejectReason,
  grantId: row.grantId?.toString() ?? null,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/**
 * Manual bonus grants, maker-checker (issue 20, ADR 0037): one staff member asks (PENDING, nothing paid), another
 * approves (the bonus is paid through the bonus wallet under `manual:<id>`, so an approval retried or raced pays once)
 * or rejects with a reason. The maker can decide neither way (SELF_APPROVAL_FORBIDDEN; the table checks it too). Each
 * step writes its audit entry in the transaction that records it.
 */
export const manualGrantsFactory = (deps: {
  repo: PromotionsOpsRepository;
  bonus: Pick<BonusWalletService, 'grant'>;
  now: Clock;
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
}) => {
  const { repo, bonus, now, audit } = deps;

  const load = async (merchant: Merchant, id: bigint, q?: Queryable) => {
    const row = await repo.grant(merchant.id, id, q);
    if (row === undefined) throw notFound();
    return row;
  };
  const isMaker = (caller: StaffCaller, row: ManualGrantRow) => caller.staffId === row.requestedById.toString();

  return {
    list: async (merchant: Merchant) => ({
      list: (await repo.grants(merchant.id)).map((g) => manualGrantWire(g, merchant)),
    }),

    /** The maker's request: refused, writing nothing, for an unknown or trial member or a bad amount. */
    request: async (caller: StaffCaller, body: ManualGrantRequest): Promise<ManualGrant> => {
      const { merchant } = caller;
      let amountMinor: bigint;
      try {
        amountMinor = parseAmount(body.amount, merchant);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw fieldError('INVALID_AMOUNT', 400, 'amount', error.message);
      }
      if (amountMinor <= 0n) throw fieldError('INVALID_AMOUNT', 400, 'amount', 'must be more than zero');
      const member = await repo.memberByUsername(merchant.id, body.username);
      // Trial members play with play money; a bonus is real money.
      if (member === undefined || member.userType === 4) {
        throw fieldError('ACCOUNT_NOT_FOUND', 404, 'username', 'No such member');
      }
      const existing = await repo.grantByRequest(merchant.id, body.requestId);
      if (existing !== undefined) return manualGrantWire(await load(merchant, existing), merchant);
      const id = await repo.transaction(async (tx) => {
        const inserted = await repo.insertGrant(tx, {
          ...{ merchantId: merchant.id, memberId: member.id, amountMinor, turnoverMultiple: body.turnoverMultiple },
          ...{ expiryHours: body.expiryHours, reason: body.reason, requestedById: BigInt(caller.staffId) },
          ...{ requestedBy: caller.staff, requestId: body.requestId, at: new Date(now()) },
        });
        if (inserted !== undefined) {
          await audit(tx, caller, {
            ...{ action: 'bonus.grant.request', targetType: 'bonus_manual_grant', targetId: inserted.toString() },
            before: null,
            after: {
              member: member.username,
              amount: formatMoney(amountMinor, merchant.currencyScale),
              turnoverMultiple: body.turnoverMultiple,
              expiryHours: body.expiryHours,
              status: 'PENDING',
            },
            reason: body.reason,
          });
        }
        return inserted;
      });
      const raced = id ?? (await repo.grantByRequest(merchant.id, body.requestId));
      if (raced === undefined) throw notFound();
      return manualGrantWire(await load(merchant, raced), merchant);
    },

    /** The checker's approval: pays the bonus (BONUS_ACTIVE while the member wagers another; nothing recorded). */
    approve: async (caller: StaffCaller, id: bigint): Promise<ManualGrant> => {
      const { merchant } = caller;
      const row = await load(merchant, id);
      if (isMaker(caller, row)) throw selfApproval();
      if (row.status !== 'PENDING') throw decided(row);
      const grant = await bonus.grant(merchant.id, row.memberId, `manual:${row.id}`, {
        amountMinor: row.amountMinor,
        turnoverBase: 'BONUS',
        turnoverMultiple: row.turnoverMultiple,
        expiresAt: new Date(now() + row.expiryHours * HOUR_MS),
        onWithdraw: 'FORFEIT',
      });
      await repo.transaction(async (tx) => {
        const by = { byId: BigInt(caller.staffId), by: caller.staff, reason: null, grantId: grant.id };
        // A second approver who lost the race finds the request decided: the grant's key paid it once.
        if (!(await repo.decideGrant(tx, merchant.id, id, { status: 'APPROVED', ...by }, new Date(now())))) {
          throw decided(await load(merchant, id, tx));
        }
        await audit(tx, caller, {
          ...{ action: 'bonus.grant.approve', targetType: 'bonus_manual_grant', targetId: id.toString() },
          before: { status: 'PENDING', requestedBy: row.requestedBy },
          after: {
            status: 'APPROVED',
            member: row.username,
            amount: formatMoney(row.amountMinor, merchant.currencyScale),
            grantId: grant.id.toString(),
          },
        });
      });
      return manualGrantWire(await load(merchant, id), merchant);
    },

    reject: async (caller: StaffCaller, id: bigint, reason: string): Promise<ManualGrant> => {
      const { merchant } = caller;
      const row = await load(merchant, id);
      if (isMaker(caller, row)) throw selfApproval();
      await repo.transaction(async (tx) => {
        const by = { byId: BigInt(caller.staffId), by: caller.staff, reason, grantId: null };
        if (!(await repo.decideGrant(tx, merchant.id, id, { status: 'REJECTED', ...by }, new Date(now())))) {
          throw decided(await load(merchant, id, tx));
        }
        await audit(tx, caller, {
          ...{ action: 'bonus.grant.reject', targetType: 'bonus_manual_grant', targetId: id.toString() },
          ...{ before: { status: 'PENDING', requestedBy: row.requestedBy }, after: { status: 'REJECTED' }, reason },
        });
      });
      return manualGrantWire(await load(merchant, id), merchant);
    },
  };
};

export type ManualGrants = ReturnType<typeof manualGrantsFactory>;
