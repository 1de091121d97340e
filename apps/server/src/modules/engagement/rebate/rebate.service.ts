import { formatMoney, WHITELABEL_MODULES, type ManualRebate, type RebateLine } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { MemberValidBet } from '../../games/play-stats';
import { isModuleEnabled, type Merchant, type MerchantService } from '../../platform/merchant';
import type { RewardOffer, RewardRow } from '../rewards';
import type { VipLevelRow } from '../vip';

const DAY_MS = 86_400_000;
/** A daily rebate waits this long in the reward centre before it expires. */
export const REBATE_EXPIRY_DAYS = 7;
/** Windows the daily job looks back at: a run missed for a day or two still pays (each window once, by its key). */
export const REBATE_LOOKBACK_DAYS = 3;

export type RebateDeps = {
  db: Database;
  now: Clock;
  play: {
    validBetByGameType: (m: number, from: string, to: string, member?: bigint | null) => Promise<MemberValidBet[]>;
  };
  vip: {
    levels: (merchantId: number) => Promise<VipLevelRow[]>;
    levelsOf: (merchantId: number, memberIds: readonly bigint[]) => Promise<Map<bigint, number>>;
    merchantsWithLevels: () => Promise<{ merchantId: number; today: string }[]>;
  };
  rewards: {
    offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }>;
    byKey: (merchantId: number, key: string) => Promise<RewardRow | undefined>;
    offerAndClaim: (merchant: Merchant, offer: RewardOffer) => Promise<RewardRow>;
  };
  merchants: Pick<MerchantService, 'whitelabelTree'>;
};

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const dailyKey = (day: string, memberId: bigint) => `rebate:${day}:${memberId}`;
export const manualKey = (day: string, memberId: bigint) => `rebate-manual:${day}:${memberId}`;

type Line = { gameType: string; validBetMinor: bigint; rateBp: number; rebateMinor: bigint };

/** A member's rebate lines: valid bet × its level's rate for the game type, rounded down per line. */
export const rebateLines = (figures: readonly MemberValidBet[], level: VipLevelRow | undefined): Line[] =>
  figures.map((f) => {
    const rateBp = level?.rebateRatesBp[f.gameType] ?? 0;
    return {
      gameType: f.gameType,
      validBetMinor: f.validBetMinor,
      rateBp,
      rebateMinor: (f.validBetMinor * BigInt(rateBp)) / 10_000n,
    };
  });

const totalOf = (lines: readonly Line[]): bigint => lines.reduce((sum, l) => sum + l.rebateMinor, 0n);

/**
 * Rebates (domain-rules §4.3, ADR 0036): the rate of the member's VIP level per game type on its own-money valid bet
 * from play statistics. The daily job offers each closed window's rebate in the reward centre, once per member and
 * window (`rebate:<day>:<member>`), less what the member took that day by the manual rebate; the manual rebate
 * (MANPLAYREB3) pays the current window's rebate so far at once, once per window (`rebate-manual:<day>:<member>`).
 */
export const rebateServiceFactory = (deps: RebateDeps) => {
  const { db, now, play, vip, rewards } = deps;
  const todayOf = async (merchantId: number): Promise<string> => {
    const { rows } = await db.query<{ today: string }>(
      'SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM merchant_directory WHERE id = $1',
      [merchantId, new Date(now())],
    );
    return rows[0]?.today ?? new Date(now()).toISOString().slice(0, 10);
  };

  const memberLines = async (merchantId: number, memberId: bigint, day: string): Promise<Line[]> => {
    const [figures, levels, levelOf] = await Promise.all([
      play.validBetByGameType(merchantId, day, day, memberId),
      vip.levels(merchantId),
      vip.levelsOf(merchantId, [memberId]),
    ]);
    return rebateLines(
      figures,
      levels.find((l) => l.level === (levelOf.get(memberId) ?? 0)),
    );
  };

  const payWindow = async (merchantId: number, day: string, levels: readonly VipLevelRow[]): Promise<number> => {
    const figures = await play.validBetByGameType(merchantId, day, day);
    const byMember = new Map<bigint, MemberValidBet[]>();
    for (const f of figures) byMember.set(f.memberId, [...(byMember.get(f.memberId) ?? []), f]);
    const levelOf = await vip.levelsOf(merchantId, [...byMember.keys()]);
    let offered = 0;
    for (const [memberId, rows] of byMember) {
      const lines = rebateLines(
        rows,
        levels.find((l) => l.level === (levelOf.get(memberId) ?? 0)),
      );
      const manual = await rewards.byKey(merchantId, manualKey(day, memberId));
      const amountMinor = totalOf(lines) - (manual?.status === 'CLAIMED' ? manual.amountMinor : 0n);
      if (amountMinor <= 0n) continue;
      const { created } = await rewards.offer(merchantId, {
        ...{ memberId, kind: 'REBATE', key: dailyKey(day, memberId), amountMinor, period: day },
        details: {
          lines: lines.map((l) => ({ gameType: l.gameType, validBet: String(l.validBetMinor), rateBp: l.rateBp })),
        },
        expiresAt: new Date(now() + REBATE_EXPIRY_DAYS * DAY_MS),
      });
      if (created) offered += 1;
    }
    return offered;
  };

  const lineWire = (l: Line, scale: number): RebateLine => ({
    gameType: l.gameType,
    validBet: formatMoney(l.validBetMinor, scale),
    rate: (l.rateBp / 100).toString(),
    rebate: formatMoney(l.rebateMinor, scale),
  });

  const enabled = async (merchantId: number) =>
    isModuleEnabled(await deps.merchants.whitelabelTree(merchantId), WHITELABEL_MODULES.MANUAL_REBATE);

  return {
    /** The `rebate.daily` job: each closed window of the last days, every member with valid bet in it. */
    runDaily: async (signal?: AbortSignal): Promise<{ offered: number }> => {
      let offered = 0;
      for (const { merchantId, today } of await vip.merchantsWithLevels()) {
        const levels = await vip.levels(merchantId);
        for (let back = REBATE_LOOKBACK_DAYS; back >= 1; back -= 1) {
          if (signal?.aborted === true) return { offered };
          offered += await payWindow(merchantId, addDays(today, -back), levels);
        }
      }
      return { offered };
    },
    /** The manualRebate page: the current window's rebate so far, and whether it was claimed. */
    manual: async (merchant: Merchant, memberId: bigint): Promise<ManualRebate> => {
      const day = await todayOf(merchant.id);
      const [on, lines, taken] = await Promise.all([
        enabled(merchant.id),
        memberLines(merchant.id, memberId, day),
        rewards.byKey(merchant.id, manualKey(day, memberId)),
      ]);
      const claimed = taken?.status === 'CLAIMED';
      return {
        enabled: on,
        window: day,
        lines: lines.map((l) => lineWire(l, merchant.currencyScale)),
        claimable: formatMoney(claimed ? 0n : totalOf(lines), merchant.currencyScale),
        claimed,
        claimedAmount: claimed ? formatMoney(taken.amountMinor, merchant.currencyScale) : null,
      };
    },
    /** Claims the current window's rebate so far into cash: once per window; nothing to claim is refused. */
    claimManual: async (merchant: Merchant, memberId: bigint): Promise<RewardRow> => {
      if (!(await enabled(merchant.id))) throw new AppError('REBATE_DISABLED', 403, 'The manual rebate is off');
      const day = await todayOf(merchant.id);
      const taken = await rewards.byKey(merchant.id, manualKey(day, memberId));
      if (taken?.status === 'CLAIMED') throw new AppError('REBATE_CLAIMED', 409, 'Today’s rebate was claimed already');
      const lines = await memberLines(merchant.id, memberId, day);
      const amountMinor = totalOf(lines);
      if (amountMinor <= 0n) throw new AppError('REBATE_NOTHING', 409, 'There is no rebate to claim yet');
      try {
        return await rewards.offerAndClaim(merchant, {
          ...{ memberId, kind: 'MANUAL_REBATE', key: manualKey(day, memberId), amountMinor, period: day },
          details: {
            lines: lines.map((l) => ({ gameType: l.gameType, validBet: String(l.validBetMinor), rateBp: l.rateBp })),
          },
          expiresAt: new Date(now() + DAY_MS),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'REWARD_CLAIMED') {
          throw new AppError('REBATE_CLAIMED', 409, 'Today’s rebate was claimed already');
        }
        throw error;
      }
    },
  };
};

export type RebateService = ReturnType<typeof rebateServiceFactory>;
