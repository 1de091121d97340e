import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { BonusWalletService } from '../bonus-wallet';
import { audienceOf } from './promotions.audience';
import type { PromotionRow, PromotionsRepository } from './promotions.repository';

const HOUR_MS = 3_600_000;

/** The bonus a deposit earns: its share of the deposit, at most the promotion's maximum. */
export const depositBonusMinor = (p: PromotionRow, depositMinor: bigint): bigint => {
  const share = (depositMinor * BigInt(p.bonusPercentBp)) / 10_000n + p.bonusFixedMinor;
  return p.bonusMaxMinor !== null && share > p.bonusMaxMinor ? p.bonusMaxMinor : share;
};

type Refusal = () => AppError;
const refusals = {
  notFound: () => new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion'),
  closed: () => new AppError('PROMOTION_CLOSED', 409, 'This promotion has ended'),
  notDeposit: () => new AppError('PROMOTION_NOT_CLAIMABLE', 409, 'This promotion does not come with a deposit'),
  notEligible: () => new AppError('PROMOTION_NOT_ELIGIBLE', 403, 'This promotion is not for this account or deposit'),
  limit: () => new AppError('PROMOTION_LIMIT_REACHED', 409, 'Already claimed as often as allowed'),
  active: () => new AppError('BONUS_ACTIVE', 409, 'A bonus is already being wagered'),
} satisfies Record<string, Refusal>;

/**
 * Deposit bonuses (first deposit and reload; spec §2 depositv2 opt-in): checked when the order is made, paid by the
 * bonus wallet once the deposit is credited, under the order number (one claim and one grant per order, however often
 * the credit runs). A deposit credited after the member stopped qualifying is credited without the bonus.
 */
export const promotionsDepositFactory = (deps: {
  repo: PromotionsRepository;
  bonus: Pick<BonusWalletService, 'grant' | 'active'>;
  now: Clock;
}) => {
  const { repo, bonus, now } = deps;
  const eligible = audienceOf(repo, now);

  /** The refusal that applies, or null; `tx` when the promotion row is locked. */
  const refusalFor = async (
    merchant: Merchant,
    memberId: bigint,
    p: PromotionRow | undefined,
    amountMinor: bigint,
    paidBefore: number,
  ): Promise<Refusal | null> => {
    const at = now();
    if (p === undefined || p.status === 'DRAFT' || p.startsAt.getTime() > at) return refusals.notFound;
    if (p.status === 'STOPPED' || (p.endsAt !== null && p.endsAt.getTime() <= at)) return refusals.closed;
    if (p.kind !== 'FIRST_DEPOSIT' && p.kind !== 'RELOAD') return refusals.notDeposit;
    const member = await repo.member(merchant.id, memberId);
    if (member === undefined || !(await eligible(merchant.id, p, memberId, member))) return refusals.notEligible;
    if (amountMinor < p.minDepositMinor || (p.kind === 'FIRST_DEPOSIT' && paidBefore > 0)) return refusals.notEligible;
    const taken = (await repo.claimCounts(merchant.id, memberId)).find((c) => c.promotionId === p.id);
    if ((taken?.claims ?? 0) >= p.perMemberLimit) return refusals.limit;
    if (p.totalLimit !== null && p.claimedCount >= p.totalLimit) return refusals.closed;
    if (depositBonusMinor(p, amountMinor) <= 0n) return refusals.notEligible;
    return null;
  };

  const promotionOf = async (merchantId: number, id: bigint) =>
    (await repo.live(merchantId, new Date(now()))).find((p) => p.id === id) ??
    (await repo.transaction((tx) => repo.lockOne(tx, merchantId, id)));

  return {
    check: async (merchant: Merchant, memberId: bigint, promotionId: bigint, amountMinor: bigint): Promise<void> => {
      const p = await promotionOf(merchant.id, promotionId);
      const paid = await repo.paidDeposits(merchant.id, memberId);
      const refusal = await refusalFor(merchant, memberId, p, amountMinor, paid);
      if (refusal !== null) throw refusal();
      if ((await bonus.active(merchant.id, memberId, merchant.currencyCode)) !== undefined) throw refusals.active();
    },

    credited: async (
      merchant: Merchant,
      order: { memberId: bigint; orderNo: string; amountMinor: bigint; promotionId: bigint },
    ): Promise<void> => {
      const { memberId, amountMinor } = order;
      // This order is credited already: a first deposit has exactly one credited order, this one.
      const paidBefore = (await repo.paidDeposits(merchant.id, memberId)) - 1;
      const p = await promotionOf(merchant.id, order.promotionId);
      if ((await refusalFor(merchant, memberId, p, amountMinor, paidBefore)) !== null || p === undefined) return;
      const bonusMinor = depositBonusMinor(p, amountMinor);
      const claim = await repo.transaction(async (tx) => {
        const locked = await repo.lockOne(tx, merchant.id, p.id);
        if (locked === undefined || (locked.totalLimit !== null && locked.claimedCount >= locked.totalLimit))
          return null;
        const count = (await repo.claimCounts(merchant.id, memberId, tx)).find((c) => c.promotionId === p.id);
        if ((count?.claims ?? 0) >= locked.perMemberLimit) return null;
        const seq = (count?.claims ?? 0) + 1;
        const id = await repo.insertClaim(
          tx,
          { merchantId: merchant.id, promotionId: p.id, memberId, seq, amountMinor: bonusMinor },
          `deposit:${order.orderNo}`,
        );
        return id === undefined ? null : id;
      });
      if (claim === null) return;
      try {
        const grant = await bonus.grant(merchant.id, memberId, `deposit:${order.orderNo}`, {
          amountMinor: bonusMinor,
          depositMinor: amountMinor,
          turnoverBase: p.turnoverBase,
          turnoverMultiple: p.turnoverMultiple,
          weights: p.weights,
          defaultWeight: p.defaultWeight,
          maxBetMinor: p.maxBetMinor,
          maxConversionMinor: p.maxConversionMinor,
          onWithdraw: p.onWithdraw,
          expiresAt: new Date(now() + p.expiryHours * HOUR_MS),
          promotionId: p.id,
        });
        await repo.issued(merchant.id, claim, grant.id, new Date(now()));
      } catch (error) {
        await repo.undoClaim(merchant.id, claim, p.id);
        // A bonus the member can no longer have (another one being wagered): the deposit stands without it.
        if (error instanceof AppError && error.httpStatus < 500) return;
        throw error;
      }
    },
  };
};

export type PromotionsDeposit = ReturnType<typeof promotionsDepositFactory>;
