import { formatMoney, type BonusForfeit, type BonusForfeitRequest } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { BonusWalletService } from '../bonus-wallet';
import type { ForfeitRow, ForfeitsRepository } from './promotions-forfeits.repository';
import type { PromotionsOpsRepository } from './promotions-ops.repository';

/**
 * A forfeit of a bonus above this balance (in the merchant's major units) waits for a second staff member (ADR 0042);
 * at or below it, the maker's request is carried out at once.
 */
export const FORFEIT_APPROVAL_ABOVE_MAJOR = 100n;
export const forfeitApprovalAbove = (merchant: Merchant): bigint =>
  FORFEIT_APPROVAL_ABOVE_MAJOR * 10n ** BigInt(merchant.currencyScale);

const notFound = () => new AppError('BONUS_FORFEIT_NOT_FOUND', 404, 'No such bonus forfeit request');
const decided = (row: ForfeitRow | undefined) =>
  new AppError('BONUS_FORFEIT_DECIDED', 409, `This forfeit is already ${row?.status.toLowerCase() ?? 'decided'}`, {
    value: { status: row?.status ?? null },
  });
const selfApproval = () =>
  new AppError('SELF_APPROVAL_FORBIDDEN', 403, 'Another staff member must decide your own forfeit request');

export const forfeitWire = (row: ForfeitRow, merchant: Merchant): BonusForfeit => {
  const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
  return {
    id: row.id.toString(),
    username: row.username,
    grantId: row.grantId.toString(),
    balance: money(row.balanceMinor),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    rejectReason: row.rejectReason,
    forfeited: row.forfeitedMinor === null ? null : money(row.forfeitedMinor),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
};

/**
 * Forfeits of a member's active bonus from the back office (issue 20, ADR 0042), the maker-checker of manual grants
 * (ADR 0037): the maker names the member and a reason; a bonus at or below the threshold is forfeited at once, a
 * larger one waits for another staff member's approval (the maker can decide neither way). A grant that closed in the
 * meantime (converted, expired) leaves the request LAPSED. Every step is audited in the transaction that records it.
 */
export const bonusForfeitsFactory = (deps: {
  repo: ForfeitsRepository;
  members: Pick<PromotionsOpsRepository, 'memberByUsername'>;
  bonus: Pick<BonusWalletService, 'active' | 'forfeit'>;
  now: Clock;
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
}) => {
  const { repo, bonus, now, audit } = deps;
  const load = async (merchant: Merchant, id: bigint, q?: Queryable) => {
    const row = await repo.one(merchant.id, id, q);
    if (row === undefined) throw notFound();
    return row;
  };
  const target = (id: bigint) => ({ targetType: 'bonus_forfeit_request', targetId: id.toString() });

  /** Forfeits the grant and records the outcome: FORFEITED, or LAPSED when the grant had closed already. */
  const carryOut = async (caller: StaffCaller, row: ForfeitRow): Promise<void> => {
    const { merchant } = caller;
    let forfeitedMinor: bigint | null = null;
    try {
      forfeitedMinor = (await bonus.forfeit(merchant.id, row.grantId, `back office: ${row.reason}`)).forfeitedMinor;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'BONUS_NOT_ACTIVE')) throw error;
    }
    const status = forfeitedMinor === null ? 'LAPSED' : 'FORFEITED';
    await repo.transaction(async (tx) => {
      const by = { byId: BigInt(caller.staffId), by: caller.staff, reason: null };
      if (!(await repo.decide(tx, merchant.id, row.id, { status, ...by }, forfeitedMinor, new Date(now())))) {
        throw decided(await repo.one(merchant.id, row.id, tx));
      }
      await audit(tx, caller, {
        ...{ action: 'bonus.forfeit', ...target(row.id) },
        before: {
          status: 'PENDING',
          requestedBy: row.requestedBy,
          balance: formatMoney(row.balanceMinor, merchant.currencyScale),
        },
        after: {
          status,
          member: row.username,
          grantId: row.grantId.toString(),
          forfeited: forfeitedMinor === null ? null : formatMoney(forfeitedMinor, merchant.currencyScale),
        },
        reason: row.reason,
      });
    });
  };

  return {
    list: async (merchant: Merchant) => ({
      list: (await repo.list(merchant.id)).map((row) => forfeitWire(row, merchant)),
      approvalAbove: formatMoney(forfeitApprovalAbove(merchant), merchant.currencyScale),
    }),

    /** The maker's request: refused, writing nothing, for an unknown member or one with no bonus being wagered. */
    request: async (caller: StaffCaller, body: BonusForfeitRequest): Promise<BonusForfeit> => {
      const { merchant } = caller;
      const existing = await repo.byRequest(merchant.id, body.requestId);
      if (existing !== undefined) return forfeitWire(await load(merchant, existing), merchant);
      const member = await deps.members.memberByUsername(merchant.id, body.username);
      if (member === undefined) {
        throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such member', {
          value: { fields: [{ path: 'username', message: 'No such member' }] },
        });
      }
      const grant = await bonus.active(merchant.id, BigInt(member.id), merchant.currencyCode);
      if (grant === undefined) {
        throw new AppError('BONUS_NOT_ACTIVE', 409, 'This member has no bonus being wagered', {
          value: { fields: [{ path: 'username', message: 'No bonus being wagered' }] },
        });
      }
      const balanceMinor = BigInt(grant.balanceMinor);
      const id = await repo.transaction(async (tx) => {
        const inserted = await repo.insert(tx, {
          ...{ merchantId: merchant.id, memberId: BigInt(member.id), grantId: BigInt(grant.id), balanceMinor },
          ...{ reason: body.reason, requestedById: BigInt(caller.staffId), requestedBy: caller.staff },
          ...{ requestId: body.requestId, at: new Date(now()) },
        });
        if (inserted !== undefined) {
          await audit(tx, caller, {
            ...{ action: 'bonus.forfeit.request', ...target(inserted), before: null },
            after: {
              member: member.username,
              grantId: grant.id.toString(),
              balance: formatMoney(balanceMinor, merchant.currencyScale),
              status: 'PENDING',
            },
            reason: body.reason,
          });
        }
        return inserted;
      });
      if (id === undefined) {
        const raced = await repo.byRequest(merchant.id, body.requestId);
        if (raced !== undefined) return forfeitWire(await load(merchant, raced), merchant);
        throw decided(undefined);
      }
      const row = await load(merchant, id);
      if (balanceMinor <= forfeitApprovalAbove(merchant)) await carryOut(caller, row);
      return forfeitWire(await load(merchant, id), merchant);
    },

    /** The checker's approval: forfeits the bonus (LAPSED when the grant closed meanwhile). */
    approve: async (caller: StaffCaller, id: bigint): Promise<BonusForfeit> => {
      const { merchant } = caller;
      const row = await load(merchant, id);
      if (caller.staffId === row.requestedById.toString()) throw selfApproval();
      if (row.status !== 'PENDING') throw decided(row);
      await carryOut(caller, row);
      return forfeitWire(await load(merchant, id), merchant);
    },

    /** The checker's rejection, with a reason: the bonus stays. */
    reject: async (caller: StaffCaller, id: bigint, reason: string): Promise<BonusForfeit> => {
      const { merchant } = caller;
      const row = await load(merchant, id);
      if (caller.staffId === row.requestedById.toString()) throw selfApproval();
      await repo.transaction(async (tx) => {
        const by = { byId: BigInt(caller.staffId), by: caller.staff, reason };
        if (!(await repo.decide(tx, merchant.id, id, { status: 'REJECTED', ...by }, null, new Date(now())))) {
          throw decided(await repo.one(merchant.id, id, tx));
        }
        await audit(tx, caller, {
          ...{ action: 'bonus.forfeit.reject', ...target(id) },
          ...{ before: { status: 'PENDING', requestedBy: row.requestedBy }, after: { status: 'REJECTED' }, reason },
        });
      });
      return forfeitWire(await load(merchant, id), merchant);
    },
  };
};

export type BonusForfeits = ReturnType<typeof bonusForfeitsFactory>;
