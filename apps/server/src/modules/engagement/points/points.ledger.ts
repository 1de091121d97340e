import { POINTS_CURRENCY } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Leg } from '../../money/ledger';
import type { WalletService } from '../../money/wallet';
import type { Merchant } from '../../platform/merchant';

/** The ledger's source of every points movement: keys are unique per merchant and source. */
export const POINTS_SOURCE = 'points';

export type PointsWallet = Pick<
  WalletService,
  | 'memberAccount'
  | 'memberAccounts'
  | 'systemAccount'
  | 'post'
  | 'balanceMinor'
  | 'transfersOf'
  | 'isPosted'
  | 'memberAccountsOf'
>;

export const insufficientPoints = () => new AppError('POINTS_INSUFFICIENT', 409, 'Not enough points');

/**
 * Points on the ledger (ADR 0046): the member's POINTS account and the merchant's PROMOTIONS account, both in the
 * currency PTS, so the per-currency zero sum, the never-negative rule and the idempotency of keys hold for points as for
 * money, and no transfer ever mixes points with cash (a conversion is two legs, one per currency, in one post).
 */
export const pointsLedger = (wallet: PointsWallet) => {
  const accounts = async (merchant: Merchant, memberId: bigint) => {
    const [member, house] = await Promise.all([
      wallet.memberAccount(merchant, memberId, 'POINTS'),
      wallet.systemAccount(merchant, 'PROMOTIONS', POINTS_CURRENCY),
    ]);
    return { member, house };
  };
  const post = async (merchant: Merchant, memberId: bigint, key: string, reference: string, legs: Leg[]) => {
    try {
      return await wallet.post(
        { merchantId: merchant.id, source: POINTS_SOURCE, idempotencyKey: key, reference, legs },
        [memberId],
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw insufficientPoints();
      throw error;
    }
  };
  return {
    balance: (merchant: Merchant, memberId: bigint) => wallet.balanceMinor(merchant, memberId, 'POINTS'),
    /** Credits points (earned, a reward paid in points, a refund): PROMOTIONS(PTS) → POINTS. */
    credit: async (
      merchant: Merchant,
      memberId: bigint,
      input: { key: string; points: bigint; reference: string; code?: 'POINTS_EARN' | 'REFUND' },
    ) => {
      const { member, house } = await accounts(merchant, memberId);
      const code = input.code ?? 'POINTS_EARN';
      return post(merchant, memberId, input.key, input.reference, [
        { debitAccountId: house, creditAccountId: member, amountMinor: input.points, code },
      ]);
    },
    /** Spends points, and with `cashMinor` pays that cash from PROMOTIONS in the same post (a cash item, a conversion). */
    spend: async (
      merchant: Merchant,
      memberId: bigint,
      input: { key: string; points: bigint; reference: string; cashMinor?: bigint },
    ) => {
      const { member, house } = await accounts(merchant, memberId);
      const legs: Leg[] = [
        { debitAccountId: member, creditAccountId: house, amountMinor: input.points, code: 'POINTS_SPEND' },
      ];
      if (input.cashMinor !== undefined && input.cashMinor > 0n) {
        const [cash, promotions] = await Promise.all([
          wallet.memberAccount(merchant, memberId, 'CASH'),
          wallet.systemAccount(merchant, 'PROMOTIONS'),
        ]);
        legs.push({ debitAccountId: promotions, creditAccountId: cash, amountMinor: input.cashMinor, code: 'BONUS' });
      }
      return post(merchant, memberId, input.key, input.reference, legs);
    },
    memberAccount: (merchant: Merchant, memberId: bigint) => wallet.memberAccount(merchant, memberId, 'POINTS'),
    /** The member's POINTS account if it was ever opened (reads never open one): null before the first points. */
    existingAccount: async (merchant: Merchant, memberId: bigint): Promise<bigint | null> =>
      (await wallet.memberAccounts(merchant, memberId)).find(
        (a) => a.purpose === 'POINTS' && a.currency === POINTS_CURRENCY,
      )?.id ?? null,
    transfersOf: wallet.transfersOf,
    isPosted: (merchantId: number, key: string) => wallet.isPosted(merchantId, POINTS_SOURCE, key),
    accountsOf: (merchant: Merchant, memberIds: readonly bigint[]) =>
      wallet.memberAccountsOf(merchant, memberIds, 'POINTS'),
  };
};

export type PointsLedger = ReturnType<typeof pointsLedger>;
