import { formatMoney, MAX_AMOUNT_MINOR, type VipState } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';
import type { MemberValidBet } from '../../games/play-stats';
import type { RewardOffer } from '../rewards';
import type { VipLevelInput, VipLevelRow, VipMemberRow, VipRepository } from './vip.repository';

const DAY_MS = 86_400_000;
/** The rolling window of valid bet a level is decided on, and how long a level is kept after its figure falls. */
export const VIP_WINDOW_DAYS = 30;
export const VIP_GRACE_DAYS = 7;
/** An upgrade bonus waits this long in the reward centre. */
const UPGRADE_BONUS_DAYS = 30;

/**
 * House edge by game type in basis points (domain-rules §4.3): a rebate rate above it pays out more than the house
 * made. Types not listed take OTHER.
 */
export const HOUSE_EDGE_BP: Readonly<Record<string, number>> = {
  RNG: 300,
  FISH: 300,
  LIVE: 120,
  PVP: 250,
  SPORTS: 450,
  LOTT: 1000,
  ELOTT: 1000,
  BINGO: 500,
  OTHER: 100,
};
export const houseEdgeBp = (gameType: string): number => HOUSE_EDGE_BP[gameType] ?? HOUSE_EDGE_BP.OTHER!;

export type VipDeps = {
  repo: VipRepository;
  play: { validBetByGameType: (m: number, from: string, to: string) => Promise<MemberValidBet[]> };
  rewards: { offer: (merchantId: number, offer: RewardOffer) => Promise<{ created: boolean }> };
  now: Clock;
};

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A member's figures over the window: own-money valid bet and credited deposits. */
export type VipFigures = { validBetMinor: bigint; depositMinor: bigint };

/** The highest level whose threshold the figure of its basis (valid bet or deposits) reaches (level 0 when none). */
export const levelFor = (levels: readonly VipLevelRow[], figures: VipFigures): number =>
  levels.reduce((best, l) => {
    const figure = l.upgradeBasis === 'DEPOSITS' ? figures.depositMinor : figures.validBetMinor;
    return l.minValidBetMinor <= figure && l.level > best ? l.level : best;
  }, 0);

/**
 * The next row of a member: up at once when a figure reaches a higher level; down only once the figures have stayed
 * below the current level for the grace period (counted from when they first fell, `belowSince`); upgrade bonuses of
 * the levels above the highest rewarded one.
 */
export const nextVipRow = (
  levels: readonly VipLevelRow[],
  current: VipMemberRow | undefined,
  memberId: bigint,
  figures: VipFigures,
  nowMs: number,
): { row: VipMemberRow; bonusLevels: VipLevelRow[] } => {
  const target = levelFor(levels, figures);
  const level = current?.level ?? 0;
  const since = current?.levelSince ?? new Date(nowMs);
  const below = target < level ? (current?.belowSince ?? new Date(nowMs)) : null;
  const moves = target > level || (below !== null && nowMs - below.getTime() >= VIP_GRACE_DAYS * DAY_MS);
  const newLevel = moves ? target : level;
  const highest = current?.highestRewarded ?? 0;
  const bonusLevels = levels.filter((l) => l.level > highest && l.level <= newLevel && l.upgradeBonusMinor > 0n);
  return {
    row: {
      memberId,
      level: newLevel,
      levelSince: moves ? new Date(nowMs) : since,
      highestRewarded: Math.max(highest, newLevel),
      validBetMinor: figures.validBetMinor,
      depositMinor: figures.depositMinor,
      belowSince: moves ? null : below,
    },
    bonusLevels,
  };
};

const percentOf = (bp: number): string => (bp / 100).toString();
const invalid = (message: string) => new AppError('VALIDATION_FAILED', 400, message);

/** VIP levels (DESIGN.md §13, ADR 0035): the evaluation job, the member's state and the levels' rates. */
export const vipServiceFactory = ({ repo, play, rewards, now }: VipDeps) => {
  const evaluateMerchant = async (merchantId: number, today: string): Promise<number> => {
    const levels = await repo.levels(merchantId);
    const figures = await play.validBetByGameType(merchantId, addDays(today, 1 - VIP_WINDOW_DAYS), today);
    const totals = new Map<bigint, bigint>();
    for (const f of figures) totals.set(f.memberId, (totals.get(f.memberId) ?? 0n) + f.validBetMinor);
    const nowMs = now();
    const byDeposits = levels.some((l) => l.upgradeBasis === 'DEPOSITS');
    const deposits = byDeposits
      ? await repo.depositsSince(merchantId, new Date(nowMs - VIP_WINDOW_DAYS * DAY_MS))
      : new Map<bigint, bigint>();
    const current = new Map((await repo.members(merchantId)).map((row) => [row.memberId, row]));
    const ids = new Set([...totals.keys(), ...deposits.keys(), ...current.keys()]);
    const changed: VipMemberRow[] = [];
    for (const memberId of ids) {
      const before = current.get(memberId);
      const figuresOf = { validBetMinor: totals.get(memberId) ?? 0n, depositMinor: deposits.get(memberId) ?? 0n };
      const { row, bonusLevels } = nextVipRow(levels, before, memberId, figuresOf, nowMs);
      for (const l of bonusLevels) {
        await rewards.offer(merchantId, {
          ...{
            memberId,
            kind: 'VIP_UPGRADE',
            key: `vip-upgrade:${l.level}:${memberId}`,
            amountMinor: l.upgradeBonusMinor,
          },
          ...{ period: String(l.level), details: { label: l.label } },
          expiresAt: new Date(nowMs + UPGRADE_BONUS_DAYS * DAY_MS),
        });
      }
      if (before === undefined && row.level === 0 && row.validBetMinor === 0n && row.depositMinor === 0n) continue;
      changed.push(row);
    }
    await repo.save(merchantId, changed, new Date(nowMs));
    return changed.length;
  };

  return {
    /** The `vip.evaluate` job: every merchant with levels, every member with play in the window or a level. */
    evaluate: async (signal?: AbortSignal): Promise<{ members: number }> => {
      let members = 0;
      for (const { merchantId, today } of await repo.merchantsWithLevels(new Date(now()))) {
        if (signal?.aborted === true) break;
        members += await evaluateMerchant(merchantId, today);
      }
      return { members };
    },
    levels: repo.levels,
    /** Merchants with VIP levels (and so rebate rates), with the business day now in each one's time zone. */
    merchantsWithLevels: () => repo.merchantsWithLevels(new Date(now())),
    /** Each listed member's level (0 for a member without one). */
    levelsOf: async (merchantId: number, memberIds: readonly bigint[]): Promise<Map<bigint, number>> => {
      const rows = await repo.members(merchantId, memberIds);
      return new Map(memberIds.map((id) => [id, rows.find((r) => r.memberId === id)?.level ?? 0]));
    },
    /**
     * Creates or changes a level (the whole row: the 0044 columns left out take their defaults); a rebate rate above
     * its game type's house edge is refused (REBATE_RATE_ABOVE_EDGE) and nothing is written.
     */
    setLevel: async (merchantId: number, input: VipLevelInput, q?: Queryable): Promise<void> => {
      const level: VipLevelRow = {
        ...input,
        upgradeBasis: input.upgradeBasis ?? 'VALID_BET',
        withdrawDailyCount: input.withdrawDailyCount ?? null,
        withdrawDailyMaxMinor: input.withdrawDailyMaxMinor ?? null,
        birthdayBonusMinor: input.birthdayBonusMinor ?? 0n,
      };
      if (!Number.isInteger(level.level) || level.level < 0 || level.level > 30) throw invalid('Levels are 0 to 30');
      if (level.upgradeBasis !== 'VALID_BET' && level.upgradeBasis !== 'DEPOSITS') throw invalid('Invalid basis');
      const count = level.withdrawDailyCount;
      if (count !== null && (!Number.isInteger(count) || count < 0 || count > 1000)) throw invalid('Invalid count');
      const max = level.withdrawDailyMaxMinor;
      if (max !== null && (max < 0n || max > MAX_AMOUNT_MINOR)) throw invalid('Invalid withdrawal limit');
      const birthday = level.birthdayBonusMinor;
      if (birthday < 0n || birthday > MAX_AMOUNT_MINOR) throw invalid('Invalid birthday bonus');
      if (level.minValidBetMinor < 0n || level.minValidBetMinor > MAX_AMOUNT_MINOR) throw invalid('Invalid threshold');
      if (level.upgradeBonusMinor < 0n || level.upgradeBonusMinor > MAX_AMOUNT_MINOR) throw invalid('Invalid bonus');
      for (const [gameType, bp] of Object.entries(level.rebateRatesBp)) {
        if (!Number.isInteger(bp) || bp < 0) throw invalid('Rebate rates are whole basis points');
        if (bp > houseEdgeBp(gameType)) {
          throw new AppError('REBATE_RATE_ABOVE_EDGE', 422, `The ${gameType} rebate rate is above its house edge`, {
            value: { gameType, maxRate: percentOf(houseEdgeBp(gameType)) },
          });
        }
      }
      await repo.setLevel(merchantId, level, q);
    },
    /** The public state's VIP fields (spec §3), the levels and the member's valid bet over the window. */
    state: async (merchant: Merchant, memberId: bigint, language: string): Promise<VipState> => {
      const [levels, rows] = await Promise.all([repo.levels(merchant.id), repo.members(merchant.id, [memberId])]);
      const mine = rows[0];
      const level = mine?.level ?? 0;
      const nameOf = (l: VipLevelRow) => l.name[language] ?? l.name[merchant.defaultLanguage] ?? l.label;
      const current = levels.find((l) => l.level === level);
      const money = (minor: bigint) => formatMoney(minor, merchant.currencyScale);
      return {
        hasVip: level > 0 && current !== undefined,
        vipLabelName: level > 0 && current !== undefined ? current.label : '',
        vipRankLevel: level,
        validBet: money(mine?.validBetMinor ?? 0n),
        deposits: money(mine?.depositMinor ?? 0n),
        windowDays: VIP_WINDOW_DAYS,
        levels: levels.map((l) => ({
          level: l.level,
          name: nameOf(l),
          label: l.label,
          minValidBet: money(l.minValidBetMinor),
          upgradeBonus: money(l.upgradeBonusMinor),
          rebateRates: Object.fromEntries(Object.entries(l.rebateRatesBp).map(([t, bp]) => [t, percentOf(bp)])),
          upgradeBasis: l.upgradeBasis,
          birthdayBonus: money(l.birthdayBonusMinor),
          withdrawDailyCount: l.withdrawDailyCount,
          withdrawDailyMax: l.withdrawDailyMaxMinor === null ? null : money(l.withdrawDailyMaxMinor),
        })),
      };
    },
  };
};

export type VipService = ReturnType<typeof vipServiceFactory>;
