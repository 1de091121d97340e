import type { PromotionApplicationDecided } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { UploadedImage } from '../../../lib/uploaded-image';
import type { Merchant } from '../../platform/merchant';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { BonusWalletService } from '../bonus-wallet';
import { audienceOf } from './promotions.audience';
import type { PromotionsRepository } from './promotions.repository';

const HOUR_MS = 3_600_000;

const notFound = () => new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion');
const applicationNotFound = () => new AppError('PROMOTION_NOT_FOUND', 404, 'No such application');

/**
 * Application promotions (spec §5 activity applications, §9): the member applies with a comment and images; staff
 * approve (the bonus is paid through the bonus wallet under the claim's key, so an approval retried pays once) or
 * reject with a reason. Each decision writes its audit entry in the transaction that records it.
 */
export const promotionsApplicationsFactory = (deps: {
  repo: PromotionsRepository;
  bonus: Pick<BonusWalletService, 'grant'>;
  now: Clock;
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
}) => {
  const { repo, bonus, now } = deps;
  const eligible = audienceOf(repo, now);

  return {
    /** Refused, writing nothing, when it is not a live APPLICATION promotion for this member or one is pending. */
    apply: async (
      merchant: Merchant,
      memberId: bigint,
      promotionId: bigint,
      comment: string,
      images: UploadedImage[],
    ): Promise<{ claimId: string; status: 'applying' }> => {
      const at = new Date(now());
      const claimId = await repo.transaction(async (tx) => {
        const p = await repo.lockOne(tx, merchant.id, promotionId);
        if (p === undefined || p.status === 'DRAFT' || p.startsAt > at) throw notFound();
        if (p.status === 'STOPPED' || (p.endsAt !== null && p.endsAt <= at)) {
          throw new AppError('PROMOTION_CLOSED', 409, 'This promotion has ended');
        }
        if (p.kind !== 'APPLICATION') throw new AppError('PROMOTION_NOT_CLAIMABLE', 409, 'Not an application');
        const member = await repo.member(merchant.id, memberId, tx);
        if (member === undefined || !(await eligible(merchant.id, p, memberId, member, tx))) {
          throw new AppError('PROMOTION_NOT_ELIGIBLE', 403, 'This promotion is not for this account');
        }
        const taken = (await repo.claimCounts(merchant.id, memberId, tx)).find((c) => c.promotionId === p.id);
        // A rejected application may be made again; a pending or paid one counts.
        const counted = (taken?.claims ?? 0) - (await repo.rejectedClaims(tx, merchant.id, p.id, memberId));
        if (taken?.lastStatus === 'APPLYING' || counted >= p.perMemberLimit) {
          throw new AppError('PROMOTION_LIMIT_REACHED', 409, 'Already applied as often as allowed');
        }
        const id = await repo.insertApplication(tx, {
          ...{ merchantId: merchant.id, promotionId: p.id, memberId, seq: (taken?.claims ?? 0) + 1 },
          ...{ amountMinor: p.bonusFixedMinor, comment, images },
        });
        if (id === undefined) throw new AppError('PROMOTION_LIMIT_REACHED', 409, 'Already applied');
        return id;
      });
      return { claimId: claimId.toString(), status: 'applying' };
    },

    pending: async (merchant: Merchant) => ({
      list: (await repo.applying(merchant.id)).map((a) => ({
        claimId: a.claimId.toString(),
        promotionId: a.promotionId.toString(),
        promotionTitle: a.title[merchant.defaultLanguage] ?? Object.values(a.title)[0] ?? '',
        username: a.username,
        comment: a.comment,
        images: a.images,
        createdAt: a.createdAt.toISOString(),
      })),
    }),

    /** Approves an application and pays its bonus; a decided one answers 409 PROMOTION_CLAIM_DECIDED. */
    approve: async (caller: StaffCaller, claimId: bigint): Promise<PromotionApplicationDecided> => {
      const { merchant } = caller;
      const claim = await repo.application(merchant.id, claimId);
      if (claim === undefined) throw applicationNotFound();
      if (claim.status !== 'APPLYING') throw decided();
      const grant = await bonus.grant(merchant.id, claim.memberId, `promo-claim:${claimId}`, {
        amountMinor: claim.amountMinor,
        turnoverBase: 'BONUS',
        turnoverMultiple: claim.promotion.turnoverMultiple,
        weights: claim.promotion.weights,
        defaultWeight: claim.promotion.defaultWeight,
        maxBetMinor: claim.promotion.maxBetMinor,
        maxConversionMinor: claim.promotion.maxConversionMinor,
        onWithdraw: claim.promotion.onWithdraw,
        expiresAt: new Date(now() + claim.promotion.expiryHours * HOUR_MS),
        promotionId: claim.promotion.id,
      });
      await repo.transaction(async (tx) => {
        if (
          !(await repo.decide(
            tx,
            merchant.id,
            claimId,
            'ISSUED',
            BigInt(caller.staffId),
            null,
            grant.id,
            new Date(now()),
          ))
        ) {
          throw decided();
        }
        await deps.audit(tx, caller, {
          ...{ action: 'promotion.application.approve', targetType: 'promotion_claim', targetId: claimId.toString() },
          after: { status: 'ISSUED', grantId: grant.id.toString(), amountMinor: claim.amountMinor.toString() },
        });
      });
      return { claimId: claimId.toString(), status: 'ISSUED', grantId: grant.id.toString() };
    },

    reject: async (
      caller: StaffCaller,
      claimId: bigint,
      reason: string | null,
    ): Promise<PromotionApplicationDecided> => {
      const { merchant } = caller;
      await repo.transaction(async (tx) => {
        const claim = await repo.application(merchant.id, claimId, tx);
        if (claim === undefined) throw applicationNotFound();
        if (
          !(await repo.decide(
            tx,
            merchant.id,
            claimId,
            'REJECTED',
            BigInt(caller.staffId),
            reason,
            null,
            new Date(now()),
          ))
        ) {
          throw decided();
        }
        await deps.audit(tx, caller, {
          ...{ action: 'promotion.application.reject', targetType: 'promotion_claim', targetId: claimId.toString() },
          after: { status: 'REJECTED' },
          reason,
        });
      });
      return { claimId: claimId.toString(), status: 'REJECTED', grantId: null };
    },
  };
};

const decided = () => new AppError('PROMOTION_CLAIM_DECIDED', 409, 'This application was already decided');

export type PromotionsApplications = ReturnType<typeof promotionsApplicationsFactory>;
