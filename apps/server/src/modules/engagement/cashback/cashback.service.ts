import type { Clock } from '../../../lib/clock';
import type { MemberNet } from '../../games/play-stats';
import type { CashbackPromotion } from '../promotions';
import type { RewardOffer, RewardRow } from '../rewards';

const DAY_MS = 86_400_000;
/** A cashback waits this long in the reward centre before it expires. */
export const CASHBACK_EXPIRY_DAYS = 7;
/** Closed windows the job looks back at: a missed run still pays (each window once, by its key). */
export const CASHBACK_LOOKBACK = { DAILY: 3, WEEKLY: 2 } as const;

export type CashbackDeps = {
  now: Clock;
  play: { losingMembers: (merchantId: number, from: string, to: string) => Promise<MemberNet[]> };
  promotions: {
    merchants: () => Promise<{ merchantId: number; today: string }[]>;
    promotions: (merchantId: number) => Promise<CashbackPromotion[]>;
    inAudience: (merchantId: number, p: CashbackPromotion, memberId: bigint) => Promise<boolean>;
  };
  vip: { levelsOf: (merchantId: number, memberIds: readonly bigint[]) => Promise<Map<bigint, number>> };
  rewards: { offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }> };
};

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type CashbackWindow = { from: string; to: string };

/** The closed windows to pay, oldest first: the last days, or the last Monday-to-Sunday weeks. */
export const closedWindows = (today: string, kind: 'DAILY' | 'WEEKLY'): CashbackWindow[] => {
  if (kind === 'DAILY') {
    return Array.from({ length: CASHBACK_LOOKBACK.DAILY }, (_, i) => {
      const day = addDays(today, i - CASHBACK_LOOKBACK.DAILY);
      return { from: day, to: day };
    });
  }
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: CASHBACK_LOOKBACK.WEEKLY }, (_, i) => {
    const from = addDays(monday, 7 * (i - CASHBACK_LOOKBACK.WEEKLY));
    return { from, to: addDays(from, 6) };
  });
};

export const cashbackKey = (promotionId: bigint, window: CashbackWindow, memberId: bigint) =>
  `cashback:${promotionId}:${window.from}:${memberId}`;

/**
 * The own-money net loss of a member's window (DESIGN.md §11): the loss in the share of the stake the member paid
 * itself (valid bet over stake), rounded down; bonus-funded play earns no cashback.
 */
export const ownLossMinor = (net: MemberNet): bigint => {
  if (net.profitMinor >= 0n || net.stakeMinor <= 0n) return 0n;
  return (-net.profitMinor * net.validBetMinor) / net.stakeMinor;
};

/** The cashback of a loss: the promotion's rate, nothing below its minimum loss, at most its maximum. */
export const cashbackMinor = (p: CashbackPromotion, lossMinor: bigint): bigint => {
  if (lossMinor <= 0n || lossMinor < p.cashback.minLossMinor) return 0n;
  const amount = (lossMinor * BigInt(p.bonusPercentBp)) / 10_000n;
  return p.bonusMaxMinor !== null && amount > p.bonusMaxMinor ? p.bonusMaxMinor : amount;
};

/**
 * Cashback (issue 20, ADR 0043): for each CASHBACK promotion, each closed window (a day or a week) the promotion ran in,
 * and each member of its audience who lost own money in it, the promotion's share of the loss is offered in the reward
 * centre once, under `cashback:<promotion>:<window start>:<member>`; a second run finds the key and offers nothing.
 */
export const cashbackServiceFactory = ({ now, play, promotions, vip, rewards }: CashbackDeps) => {
  const inWindow = (p: CashbackPromotion, w: CashbackWindow) =>
    p.startsAt.toISOString().slice(0, 10) <= w.to &&
    (p.endsAt === null || p.endsAt.toISOString().slice(0, 10) >= w.from);

  const payWindow = async (merchantId: number, p: CashbackPromotion, w: CashbackWindow): Promise<number> => {
    const losers = await play.losingMembers(merchantId, w.from, w.to);
    const levels =
      p.audience === 'VIP_LEVELS'
        ? await vip.levelsOf(
            merchantId,
            losers.map((l) => l.memberId),
          )
        : new Map();
    let offered = 0;
    for (const net of losers) {
      const lossMinor = ownLossMinor(net);
      const amountMinor = cashbackMinor(p, lossMinor);
      if (amountMinor <= 0n) continue;
      const member = net.memberId;
      const ok =
        p.audience === 'VIP_LEVELS'
          ? p.audienceLevels.includes(levels.get(member) ?? 0)
          : await promotions.inAudience(merchantId, p, member);
      if (!ok) continue;
      const { created } = await rewards.offer(merchantId, {
        ...{ memberId: member, kind: 'CASHBACK', key: cashbackKey(p.id, w, member), amountMinor },
        ...{ payAs: p.cashback.payAs, turnoverMultiple: p.cashback.payAs === 'BONUS' ? p.turnoverMultiple : 0 },
        period: w.from === w.to ? w.from : `${w.from}/${w.to}`,
        details: { promotionId: p.id.toString(), lossMinor: lossMinor.toString(), rateBp: p.bonusPercentBp },
        expiresAt: new Date(now() + CASHBACK_EXPIRY_DAYS * DAY_MS),
      });
      if (created) offered += 1;
    }
    return offered;
  };

  return {
    /** The `cashback.offer` job: every merchant with a cashback promotion, every closed window of the lookback. */
    run: async (signal?: AbortSignal): Promise<{ offered: number }> => {
      let offered = 0;
      for (const { merchantId, today } of await promotions.merchants()) {
        for (const p of await promotions.promotions(merchantId)) {
          for (const w of closedWindows(today, p.cashback.window)) {
            if (signal?.aborted === true) return { offered };
            if (inWindow(p, w)) offered += await payWindow(merchantId, p, w);
          }
        }
      }
      return { offered };
    },
  };
};

export type CashbackService = ReturnType<typeof cashbackServiceFactory>;
