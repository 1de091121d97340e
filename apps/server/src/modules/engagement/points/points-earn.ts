import type { Clock } from '../../../lib/clock';
import type { PointsRate } from '@platform/contracts';
import type { MemberValidBet } from '../../games/play-stats';
import type { Merchant } from '../../platform/merchant';
import type { PointsLedger } from './points.ledger';
import type { PointsRepository } from './points.repository';

const DAY_MS = 86_400_000;
/** Closed windows the job looks back at: a run missed for a day or two still pays, each window once by its key. */
export const EARN_LOOKBACK_DAYS = 3;
const REFUND_SWEEP_BATCH = 200;

export const earnKey = (day: string, memberId: bigint) => `points-earn:${day}:${memberId}`;

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The rate for a game type at a VIP level: the highest configured level at or below it, its own type before ALL. */
export const rateFor = (rates: readonly PointsRate[], level: number, gameType: string): number => {
  let best: PointsRate | undefined;
  for (const rate of rates) {
    if (rate.vipLevel > level || (rate.gameType !== gameType && rate.gameType !== 'ALL')) continue;
    const better =
      best === undefined ||
      rate.vipLevel > best.vipLevel ||
      (rate.vipLevel === best.vipLevel && rate.gameType !== 'ALL' && best.gameType === 'ALL');
    if (better) best = rate;
  }
  return best?.pointsPerHundred ?? 0;
};

/** Points for a member's day: Σ valid bet × rate over its game types, per 100 major units, rounded down once. */
export const pointsFor = (
  figures: readonly MemberValidBet[],
  rates: readonly PointsRate[],
  level: number,
  scale: number,
): bigint => {
  const weighted = figures.reduce((sum, f) => sum + f.validBetMinor * BigInt(rateFor(rates, level, f.gameType)), 0n);
  return weighted / (100n * 10n ** BigInt(scale));
};

export type PointsEarnDeps = {
  repo: PointsRepository;
  ledger: PointsLedger;
  now: Clock;
  play: {
    validBetByGameType: (m: number, from: string, to: string, member?: bigint | null) => Promise<MemberValidBet[]>;
  };
  vip: { levelsOf: (merchantId: number, memberIds: readonly bigint[]) => Promise<Map<bigint, number>> };
  merchantById: (merchantId: number) => Promise<Merchant>;
  refund: (merchant: Merchant, row: Awaited<ReturnType<PointsRepository['rejectedSince']>>[number]) => Promise<unknown>;
};

/**
 * The `points.earn` job (DESIGN.md §13): each closed business day of the last few, every member with valid bet in it
 * (play statistics, §11) earns points at its VIP level's rates, posted under `points-earn:<day>:<member>`, so a rerun, a
 * second node or a crash pays each member and window exactly once. It also re-posts the refunds of recent
 * rejections (idempotent by key), so a crash between a rejection and its refund still refunds.
 */
export const pointsEarnJob = (deps: PointsEarnDeps) => async (signal?: AbortSignal) => {
  let earned = 0;
  for (const { merchantId, today } of await deps.repo.earningMerchants(new Date(deps.now()))) {
    const merchant = await deps.merchantById(merchantId);
    const rates = await deps.repo.rates(merchantId);
    for (let back = EARN_LOOKBACK_DAYS; back >= 1; back -= 1) {
      if (signal?.aborted === true) return { earned };
      const day = addDays(today, -back);
      const figures = await deps.play.validBetByGameType(merchantId, day, day);
      const byMember = new Map<bigint, MemberValidBet[]>();
      for (const f of figures) byMember.set(f.memberId, [...(byMember.get(f.memberId) ?? []), f]);
      const levels = await deps.vip.levelsOf(merchantId, [...byMember.keys()]);
      for (const [memberId, rows] of byMember) {
        const points = pointsFor(rows, rates, levels.get(memberId) ?? 0, merchant.currencyScale);
        if (points <= 0n) continue;
        const result = await deps.ledger.credit(merchant, memberId, {
          key: earnKey(day, memberId),
          points,
          reference: `earned on ${day}`,
        });
        if (!result.replayed) earned += 1;
      }
    }
    const since = new Date(deps.now() - EARN_LOOKBACK_DAYS * DAY_MS);
    for (const row of await deps.repo.rejectedSince(merchantId, since, REFUND_SWEEP_BATCH)) {
      await deps.refund(merchant, row);
    }
  }
  return { earned };
};
