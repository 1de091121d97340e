import {
  AVAILABLE_ACTIVITY_STATUSES,
  formatMoney,
  type ActivityStatus,
  type Promotion,
  type PromotionClaim,
  type PromotionList,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import { grantWire, type BonusWalletService } from '../bonus-wallet';
import { audienceOf } from './promotions.audience';
import type { ClaimCount, PromotionRow, PromotionsRepository } from './promotions.repository';

export type PromotionsServiceDeps = {
  repo: PromotionsRepository;
  bonus: Pick<BonusWalletService, 'grant' | 'active'>;
  now: Clock;
};

const HOUR_MS = 3_600_000;

const notFound = () => new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion');
const limitReached = () => new AppError('PROMOTION_LIMIT_REACHED', 409, 'Already claimed as often as allowed');

/** The member's text in its language, else the merchant's default, else any. */
const textIn = (texts: Record<string, string>, language: string, fallback: string): string =>
  texts[language] ?? texts[fallback] ?? Object.values(texts)[0] ?? '';

/**
 * Promotions for members (issue 20; spec §2 promotions, §4 activity statuses): which the member can see and take, and
 * the claim of a free bonus, paid as a bonus-wallet grant under the claim's business key (promotion, member, nth claim).
 */
export const promotionsServiceFactory = ({ repo, bonus, now }: PromotionsServiceDeps) => {
  const eligible = audienceOf(repo, now);

  const statusOf = (p: PromotionRow, claims: ClaimCount | undefined, canTake: boolean): ActivityStatus => {
    const taken = claims?.claims ?? 0;
    if (p.kind === 'CASHBACK') return 'process';
    if (p.kind === 'APPLICATION' && claims !== undefined) {
      if (claims.lastStatus === 'APPLYING') return 'applying';
      if (claims.lastStatus === 'REJECTED') return 'rejected';
      if (taken >= p.perMemberLimit) return 'issued';
    }
    if (taken >= p.perMemberLimit) return p.kind === 'FREE' ? 'claimed' : 'joined';
    if (!canTake) return 'close';
    return p.kind === 'FREE' ? 'claim' : 'join';
  };

  const wire = (
    p: PromotionRow,
    merchant: Merchant,
    language: string,
    status: ActivityStatus,
    left: number,
  ): Promotion => {
    const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
    const fixed = p.bonusFixedMinor > 0n;
    return {
      id: p.id.toString(),
      kind: p.kind,
      title: textIn(p.title, language, merchant.defaultLanguage),
      terms: textIn(p.terms, language, merchant.defaultLanguage),
      bannerUrl: p.bannerUrl,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt?.toISOString() ?? null,
      status,
      bonus: fixed ? money(p.bonusFixedMinor) : null,
      percent: fixed ? null : (p.bonusPercentBp / 100).toFixed(2),
      maxBonus: p.bonusMaxMinor === null ? null : money(p.bonusMaxMinor),
      minDeposit: money(p.minDepositMinor),
      turnoverMultiple: p.turnoverMultiple,
      turnoverBase: p.turnoverBase,
      claimsLeft: left,
      cashback:
        p.kind === 'CASHBACK' && p.cashbackWindow !== undefined && p.cashbackPayAs !== undefined
          ? { window: p.cashbackWindow, payAs: p.cashbackPayAs, minLoss: money(BigInt(p.cashbackMinLossMinor ?? 0n)) }
          : null,
    };
  };

  return {
    /** A promotion as a member in its audience with no claims would see it (the back office's preview). */
    preview: (merchant: Merchant, p: PromotionRow, language: string): Promotion =>
      wire(p, merchant, language, statusOf(p, undefined, true), p.perMemberLimit),

    list: async (merchant: Merchant, memberId: bigint, language: string): Promise<PromotionList> => {
      const at = new Date(now());
      const [live, counts, member] = await Promise.all([
        repo.live(merchant.id, at),
        repo.claimCounts(merchant.id, memberId),
        repo.member(merchant.id, memberId),
      ]);
      if (member === undefined) throw notFound();
      const list: Promotion[] = [];
      for (const p of live) {
        const claims = counts.find((c) => c.promotionId === p.id);
        const soldOut = p.totalLimit !== null && p.claimedCount >= p.totalLimit;
        const inAudience = await eligible(merchant.id, p, memberId, member);
        if (!inAudience && claims === undefined) continue;
        const status = statusOf(p, claims, inAudience && !soldOut);
        list.push(wire(p, merchant, language, status, Math.max(p.perMemberLimit - (claims?.claims ?? 0), 0)));
      }
      const available = list.filter((p) => AVAILABLE_ACTIVITY_STATUSES.includes(p.status)).length;
      return { list, availablePromoCount: available };
    },

    /**
     * Claims a FREE promotion: refused, writing nothing, when it is not live (PROMOTION_NOT_FOUND / PROMOTION_CLOSED),
     * not for this member (PROMOTION_NOT_ELIGIBLE), claimed as often as allowed (PROMOTION_LIMIT_REACHED), not a
     * button claim (PROMOTION_NOT_CLAIMABLE) or while another bonus is being wagered (BONUS_ACTIVE).
     */
    claim: async (merchant: Merchant, memberId: bigint, promotionId: bigint): Promise<PromotionClaim> => {
      const at = new Date(now());
      // A first look without locks, so that the most specific refusal comes first; the transaction checks again.
      const limit = (await repo.live(merchant.id, at)).find((p) => p.id === promotionId)?.perMemberLimit;
      const taken = (await repo.claimCounts(merchant.id, memberId)).find((c) => c.promotionId === promotionId);
      if (limit !== undefined && (taken?.claims ?? 0) >= limit) throw limitReached();
      if ((await bonus.active(merchant.id, memberId, merchant.currencyCode)) !== undefined) {
        throw new AppError('BONUS_ACTIVE', 409, 'A bonus is already being wagered');
      }
      const { claimId, seq, promotion } = await repo.transaction(async (tx) => {
        const p = await repo.lockOne(tx, merchant.id, promotionId);
        if (p === undefined || p.status === 'DRAFT' || p.startsAt > at) throw notFound();
        if (p.status === 'STOPPED' || (p.endsAt !== null && p.endsAt <= at)) {
          throw new AppError('PROMOTION_CLOSED', 409, 'This promotion has ended');
        }
        if (p.kind !== 'FREE') throw new AppError('PROMOTION_NOT_CLAIMABLE', 409, 'Not claimed with a button');
        const member = await repo.member(merchant.id, memberId, tx);
        if (member === undefined) throw notFound();
        const ok = await eligible(merchant.id, p, memberId, member, tx);
        if (!ok) throw new AppError('PROMOTION_NOT_ELIGIBLE', 403, 'This promotion is not for this account');
        const taken = (await repo.claimCounts(merchant.id, memberId, tx)).find((c) => c.promotionId === p.id);
        const count = taken?.claims ?? 0;
        if (count >= p.perMemberLimit) throw limitReached();
        if (p.totalLimit !== null && p.claimedCount >= p.totalLimit) {
          throw new AppError('PROMOTION_CLOSED', 409, 'Every reward of this promotion has been given');
        }
        const id = await repo.insertClaim(tx, {
          ...{ merchantId: merchant.id, promotionId: p.id, memberId, seq: count + 1 },
          amountMinor: p.bonusFixedMinor,
        });
        if (id === undefined) throw limitReached();
        return { claimId: id, seq: count + 1, promotion: p };
      });
      try {
        const grant = await bonus.grant(merchant.id, memberId, `promo:${promotion.id}:${memberId}:${seq}`, {
          amountMinor: promotion.bonusFixedMinor,
          turnoverBase: 'BONUS',
          turnoverMultiple: promotion.turnoverMultiple,
          weights: promotion.weights,
          defaultWeight: promotion.defaultWeight,
          maxBetMinor: promotion.maxBetMinor,
          maxConversionMinor: promotion.maxConversionMinor,
          onWithdraw: promotion.onWithdraw,
          expiresAt: new Date(at.getTime() + promotion.expiryHours * HOUR_MS),
          promotionId: promotion.id,
        });
        await repo.issued(merchant.id, claimId, grant.id, at);
        return { claimId: claimId.toString(), status: 'claimed', grant: grantWire(grant, merchant.currencyScale) };
      } catch (error) {
        await repo.undoClaim(merchant.id, claimId, promotion.id);
        throw error;
      }
    },
  };
};

export type PromotionsService = ReturnType<typeof promotionsServiceFactory>;
