import type { Queryable } from '../../../db/database';

export type VipUpgradeBasis = 'VALID_BET' | 'DEPOSITS';

/**
 * A VIP level (migrations 0038 and 0044); rebate rates in basis points of valid bet by game type; the threshold is
 * measured in `upgradeBasis` (valid bet or deposits over the window); withdrawal limits per business day (null: none).
 */
export type VipLevelRow = {
  level: number;
  name: Record<string, string>;
  label: string;
  minValidBetMinor: bigint;
  upgradeBonusMinor: bigint;
  rebateRatesBp: Record<string, number>;
  upgradeBasis: VipUpgradeBasis;
  withdrawDailyCount: number | null;
  withdrawDailyMaxMinor: bigint | null;
  birthdayBonusMinor: bigint;
};

/** What setLevel takes: the 0044 columns may be left out (their defaults: valid bet, no limits, no birthday bonus). */
export type VipLevelInput = Omit<
  VipLevelRow,
  'upgradeBasis' | 'withdrawDailyCount' | 'withdrawDailyMaxMinor' | 'birthdayBonusMinor'
> &
  Partial<Pick<VipLevelRow, 'upgradeBasis' | 'withdrawDailyCount' | 'withdrawDailyMaxMinor' | 'birthdayBonusMinor'>>;

export type VipMemberRow = {
  memberId: bigint;
  level: number;
  levelSince: Date;
  highestRewarded: number;
  validBetMinor: bigint;
  /** Credited deposits over the window (levels reached by DEPOSITS). */
  depositMinor: bigint;
  /** When the figures first fell below the level's threshold (null: they hold it). */
  belowSince: Date | null;
};

type LevelDbRow = { level: number; name: Record<string, string>; label: string } & {
  min_valid_bet_minor: string;
  upgrade_bonus_minor: string;
  rebate_rates: Record<string, number>;
  upgrade_basis: VipUpgradeBasis;
  withdraw_daily_count: number | null;
  withdraw_daily_max_minor: string | null;
  birthday_bonus_minor: string;
};
type MemberDbRow = {
  member_id: string;
  level: number;
  level_since: Date | string;
  highest_rewarded: number;
  valid_bet_minor: string;
  deposit_minor: string;
  below_since: Date | string | null;
};

const toMember = (row: MemberDbRow): VipMemberRow => ({
  memberId: BigInt(row.member_id),
  level: Number(row.level),
  levelSince: new Date(row.level_since),
  highestRewarded: Number(row.highest_rewarded),
  validBetMinor: BigInt(row.valid_bet_minor),
  depositMinor: BigInt(row.deposit_minor),
  belowSince: row.below_since === null ? null : new Date(row.below_since),
});

/** SQL for vip_levels and vip_members (migration 0038). */
export const vipRepository = (db: Queryable) => ({
  levels: async (merchantId: number, q: Queryable = db): Promise<VipLevelRow[]> => {
    const { rows } = await q.query<LevelDbRow>(
      `SELECT level, name, label, min_valid_bet_minor::text, upgrade_bonus_minor::text, rebate_rates, upgrade_basis,
         withdraw_daily_count, withdraw_daily_max_minor::text, birthday_bonus_minor::text
       FROM vip_levels WHERE merchant_id = $1 ORDER BY level`,
      [merchantId],
    );
    return rows.map((row) => ({
      level: Number(row.level),
      name: row.name,
      label: row.label,
      minValidBetMinor: BigInt(row.min_valid_bet_minor),
      upgradeBonusMinor: BigInt(row.upgrade_bonus_minor),
      rebateRatesBp: row.rebate_rates,
      upgradeBasis: row.upgrade_basis,
      withdrawDailyCount: row.withdraw_daily_count === null ? null : Number(row.withdraw_daily_count),
      withdrawDailyMaxMinor: row.withdraw_daily_max_minor === null ? null : BigInt(row.withdraw_daily_max_minor),
      birthdayBonusMinor: BigInt(row.birthday_bonus_minor),
    }));
  },

  /** Writes the whole level (a created level, or every column of an existing one). */
  setLevel: async (merchantId: number, level: VipLevelRow, q: Queryable = db): Promise<void> => {
    await q.query(
      `INSERT INTO vip_levels (merchant_id, level, name, label, min_valid_bet_minor, upgrade_bonus_minor, rebate_rates,
         upgrade_basis, withdraw_daily_count, withdraw_daily_max_minor, birthday_bonus_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (merchant_id, level) DO UPDATE SET name = EXCLUDED.name, label = EXCLUDED.label,
         min_valid_bet_minor = EXCLUDED.min_valid_bet_minor, upgrade_bonus_minor = EXCLUDED.upgrade_bonus_minor,
         rebate_rates = EXCLUDED.rebate_rates, upgrade_basis = EXCLUDED.upgrade_basis,
         withdraw_daily_count = EXCLUDED.withdraw_daily_count,
         withdraw_daily_max_minor = EXCLUDED.withdraw_daily_max_minor,
         birthday_bonus_minor = EXCLUDED.birthday_bonus_minor`,
      [
        ...[merchantId, level.level, JSON.stringify(level.name), level.label],
        ...[level.minValidBetMinor.toString(), level.upgradeBonusMinor.toString(), JSON.stringify(level.rebateRatesBp)],
        ...[level.upgradeBasis, level.withdrawDailyCount, level.withdrawDailyMaxMinor?.toString() ?? null],
        level.birthdayBonusMinor.toString(),
      ],
    );
  },

  /** Merchants with VIP levels, and the business day now in each one's time zone. */
  merchantsWithLevels: async (now: Date): Promise<{ merchantId: number; today: string }[]> => {
    const { rows } = await db.query<{ merchant_id: number; today: string }>(
      `SELECT d.id AS merchant_id, (($1::timestamptz) AT TIME ZONE d.timezone)::date::text AS today
       FROM merchant_directory d WHERE EXISTS (SELECT 1 FROM vip_levels l WHERE l.merchant_id = d.id) ORDER BY d.id`,
      [now],
    );
    return rows.map((row) => ({ merchantId: Number(row.merchant_id), today: row.today }));
  },

  members: async (merchantId: number, memberIds: readonly bigint[] | null = null): Promise<VipMemberRow[]> => {
    const { rows } = await db.query<MemberDbRow>(
      `SELECT member_id::text, level, level_since, highest_rewarded, valid_bet_minor::text, deposit_minor::text,
         below_since FROM vip_members
       WHERE merchant_id = $1 AND ($2::bigint[] IS NULL OR member_id = ANY($2::bigint[]))`,
      [merchantId, memberIds === null ? null : memberIds.map(String)],
    );
    return rows.map(toMember);
  },

  save: async (merchantId: number, rows: readonly VipMemberRow[], now: Date): Promise<void> => {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO vip_members (merchant_id, member_id, level, level_since, highest_rewarded, valid_bet_minor,
         evaluated_at, deposit_minor, below_since)
       SELECT $1, m, l, s, h, v, $7, d, b
       FROM unnest($2::bigint[], $3::smallint[], $4::timestamptz[], $5::smallint[], $6::bigint[], $8::bigint[],
         $9::timestamptz[]) AS u(m, l, s, h, v, d, b)
       ON CONFLICT (merchant_id, member_id) DO UPDATE SET level = EXCLUDED.level, level_since = EXCLUDED.level_since,
         highest_rewarded = EXCLUDED.highest_rewarded, valid_bet_minor = EXCLUDED.valid_bet_minor,
         evaluated_at = EXCLUDED.evaluated_at, deposit_minor = EXCLUDED.deposit_minor,
         below_since = EXCLUDED.below_since`,
      [
        merchantId,
        rows.map((r) => r.memberId.toString()),
        rows.map((r) => r.level),
        rows.map((r) => r.levelSince.toISOString()),
        rows.map((r) => r.highestRewarded),
        rows.map((r) => r.validBetMinor.toString()),
        now,
        rows.map((r) => r.depositMinor.toString()),
        rows.map((r) => r.belowSince?.toISOString() ?? null),
      ],
    );
  },

  /** Each member's credited deposits made since `since` (deposit_order_facts), members without any absent. */
  depositsSince: async (merchantId: number, since: Date): Promise<Map<bigint, bigint>> => {
    const { rows } = await db.query<{ member_id: string; amount: string }>(
      `SELECT member_id::text, sum(amount_minor)::text AS amount FROM deposit_order_facts
       WHERE merchant_id = $1 AND status IN ('PAID', 'APPROVED') AND created_at >= $2
       GROUP BY member_id`,
      [merchantId, since],
    );
    return new Map(rows.map((row) => [BigInt(row.member_id), BigInt(row.amount)]));
  },
});

export type VipRepository = ReturnType<typeof vipRepository>;
