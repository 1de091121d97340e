import { formatMoney, type Reward } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { WalletService } from '../../money/wallet';
import type { Merchant } from '../../platform/merchant';
import type { BonusWalletService } from '../bonus-wallet';
import type { RewardOffer, RewardRow, RewardsRepository } from './rewards.repository';

/** The ledger's source of reward payments: keys are unique per merchant and source. */
export const REWARD_SOURCE = 'rewards';
/** A bonus paid by a reward is wagered within this many days. */
const BONUS_EXPIRY_MS = 7 * 86_400_000;
const LIST_SIZE = 50;
const EXPIRE_BATCH = 500;

/** A promotion's bonus paid outside the reward centre (free, deposit, application), listed in it as claimed. */
export type PaidPromotion = {
  claimId: bigint;
  memberId: bigint;
  title: string;
  amountMinor: bigint;
  turnoverMultiple: number;
  createdAt: Date;
  issuedAt: Date;
};

export type RewardsDeps = {
  repo: RewardsRepository;
  /** The member's paid promotion bonuses, newest first (engagement/promotions); absent: none listed. */
  paidPromotions?: (merchant: Merchant, memberId: bigint, language: string, limit: number) => Promise<PaidPromotion[]>;
  wallet: Pick<WalletService, 'memberAccount' | 'systemAccount' | 'post'>;
  bonus: Pick<BonusWalletService, 'grant'>;
  now: Clock;
  /** The points mall's port (engagement/points creditReward): a reward paid in points credits the POINTS account. */
  points?: {
    creditReward: (m: Merchant, member: bigint, key: string, points: bigint, ref: string) => Promise<bigint | null>;
  };
};

/** The reward key of a paid promotion as the list shows it: its wire id is `promotion-<claim>` (nothing to claim). */
const PROMOTION_KEY = 'promotion-claim:';

/** A paid promotion as a claimed PROMOTION reward, its title as the period. */
const promotionAsReward = (p: PaidPromotion): RewardRow => ({
  ...{ id: p.claimId, memberId: p.memberId, kind: 'PROMOTION', rewardKey: `${PROMOTION_KEY}${p.claimId}` },
  ...{ amountMinor: p.amountMinor, payAs: 'BONUS', turnoverMultiple: p.turnoverMultiple, period: p.title },
  ...{ details: {}, status: 'CLAIMED', expiresAt: p.issuedAt, createdAt: p.createdAt, claimedAt: p.issuedAt },
});

export const rewardWire = (row: RewardRow, scale: number): Reward => ({
  id: row.rewardKey.startsWith(PROMOTION_KEY) ? `promotion-${row.id}` : row.id.toString(),
  kind: row.kind,
  status: row.status,
  // A reward paid in points is whole points (the POINTS account's unit, ADR 0046), not money in the merchant's scale.
  amount: row.payAs === 'POINTS' ? row.amountMinor.toString() : formatMoney(row.amountMinor, scale),
  payAs: row.payAs,
  turnoverMultiple: row.turnoverMultiple,
  period: row.period,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  claimedAt: row.claimedAt?.toISOString() ?? null,
});

const notFound = () => new AppError('REWARD_NOT_FOUND', 404, 'No such reward');
const claimed = () => new AppError('REWARD_CLAIMED', 409, 'This reward was claimed already');

/**
 * The reward centre (DESIGN.md §13, ADR 0036): offers under business keys (exactly once per member and window), and
 * claims that pay through the ledger (cash, PROMOTIONS → CASH) or the bonus wallet (a grant), under the key
 * `reward:<id>`. Payment comes first and is idempotent by that key; the reward is then marked claimed. Two claims at
 * once pay once (the ledger replays the key) and the second answers REWARD_CLAIMED; a crash between the two leaves a
 * pending reward whose next claim replays the payment and marks it.
 */
export const rewardsServiceFactory = ({ repo, wallet, bonus, now, paidPromotions, points }: RewardsDeps) => {
  const pay = async (merchant: Merchant, reward: RewardRow) => {
    const key = `reward:${reward.id}`;
    if (reward.payAs === 'POINTS') {
      if (points === undefined) throw new AppError('POINTS_UNAVAILABLE', 409, 'Points cannot be paid here');
      const transferId = await points.creditReward(
        merchant,
        reward.memberId,
        key,
        reward.amountMinor,
        reward.rewardKey,
      );
      return { transferId, grantId: null };
    }
    if (reward.payAs === 'BONUS') {
      const grant = await bonus.grant(merchant.id, reward.memberId, key, {
        amountMinor: reward.amountMinor,
        turnoverBase: 'BONUS',
        turnoverMultiple: reward.turnoverMultiple,
        expiresAt: new Date(now() + BONUS_EXPIRY_MS),
      });
      return { transferId: null, grantId: grant.id };
    }
    const [cash, promotions] = await Promise.all([
      wallet.memberAccount(merchant, reward.memberId, 'CASH'),
      wallet.systemAccount(merchant, 'PROMOTIONS'),
    ]);
    const code =
      reward.kind === 'REBATE' || reward.kind === 'MANUAL_REBATE' || reward.kind === 'CASHBACK' ? 'REBATE' : 'BONUS';
    const result = await wallet.post(
      {
        merchantId: merchant.id,
        source: REWARD_SOURCE,
        idempotencyKey: key,
        reference: reward.rewardKey,
        legs: [{ debitAccountId: promotions, creditAccountId: cash, amountMinor: reward.amountMinor, code }],
      },
      [reward.memberId],
    );
    return { transferId: result.transfers[0]?.id ?? null, grantId: null };
  };

  const claim = async (merchant: Merchant, memberId: bigint, id: bigint): Promise<RewardRow> => {
    const reward = await repo.byId(merchant.id, id);
    if (reward === undefined || reward.memberId !== memberId) throw notFound();
    if (reward.status === 'CLAIMED') throw claimed();
    if (reward.status === 'EXPIRED' || reward.expiresAt.getTime() <= now()) {
      throw new AppError('REWARD_EXPIRED', 409, 'This reward has expired');
    }
    const paid = await pay(merchant, reward);
    if (!(await repo.markClaimed(merchant.id, id, paid, new Date(now())))) throw claimed();
    return (await repo.byId(merchant.id, id))!;
  };

  return {
    /** Offers a reward under its business key; an existing key answers its reward (`created` false). */
    offer: (merchantId: number, offer: RewardOffer) => repo.offer(merchantId, offer, new Date(now())),
    byKey: repo.byKey,
    byId: repo.byId,
    /** What the rewards of one kind cost, by the id in their key (cost reports). */
    costs: repo.costs,
    /**
     * The member's rewards and its paid promotion bonuses (as claimed PROMOTION rewards), newest first, and how many
     * rewards wait for a claim.
     */
    list: async (merchant: Merchant, memberId: bigint, language = merchant.defaultLanguage) => {
      const [own, promotions] = await Promise.all([
        repo.ofMember(merchant.id, memberId, LIST_SIZE, new Date(now())),
        paidPromotions?.(merchant, memberId, language, LIST_SIZE) ?? [],
      ]);
      const list = [...own.list, ...promotions.map(promotionAsReward)]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, LIST_SIZE);
      return { list, pendingCount: own.pendingCount };
    },
    claim,
    /**
     * Offers and claims at once (a manual rebate): REWARD_CLAIMED when the key was used before. A payment refused (a
     * bonus already being wagered) removes the offer, so a refused claim leaves nothing behind.
     */
    offerAndClaim: async (merchant: Merchant, offer: RewardOffer): Promise<RewardRow> => {
      const { reward, created } = await repo.offer(merchant.id, offer, new Date(now()));
      if (!created && reward.status === 'CLAIMED') throw claimed();
      try {
        return await claim(merchant, offer.memberId, reward.id);
      } catch (error) {
        if (created) await repo.withdrawOffer(merchant.id, reward.id);
        throw error;
      }
    },
    /** Expires pending rewards past their expiry (the `rewards.expire` job). */
    expire: () => repo.expire(new Date(now()), EXPIRE_BATCH),
  };
};

export type RewardsService = ReturnType<typeof rewardsServiceFactory>;
