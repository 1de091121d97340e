import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { RewardOffer } from '../rewards';
import type { VipRepository } from './vip.repository';

const DAY_MS = 86_400_000;
/** A birthday bonus waits this long in the reward centre. */
export const BIRTHDAY_BONUS_DAYS = 30;

export const birthdayKey = (year: string, memberId: bigint) => `birthday:${year}:${memberId}`;

/**
 * The birthday bonus (issue 20, ADR 0043): on a member's birthday (a business day in the merchant's time zone; a
 * 29 February birthday on 28 February of other years), its level's birthday bonus is offered in the reward centre once
 * a year, under `birthday:<year>:<member>`. Birthdays come from identity (read only, through `birthdaysOn`).
 */
export const vipBirthdayFactory = (deps: {
  repo: Pick<VipRepository, 'levels' | 'members' | 'merchantsWithLevels'>;
  members: { birthdaysOn: (merchantId: number, day: string) => Promise<bigint[]> };
  rewards: { offer: (merchantId: number, offer: RewardOffer) => Promise<{ created: boolean }> };
  now: Clock;
}) => ({
  /** The `vip.birthday` job: every merchant with levels, every member whose birthday is today there. */
  run: async (signal?: AbortSignal): Promise<{ offered: number }> => {
    const { repo, members, rewards, now } = deps;
    let offered = 0;
    for (const { merchantId, today } of await repo.merchantsWithLevels(new Date(now()))) {
      if (signal?.aborted === true) break;
      const ids = await members.birthdaysOn(merchantId, today);
      if (ids.length === 0) continue;
      const [levels, rows] = await Promise.all([repo.levels(merchantId), repo.members(merchantId, ids)]);
      const levelOf = new Map(rows.map((r) => [r.memberId, r.level]));
      const year = today.slice(0, 4);
      for (const memberId of ids) {
        const level = levels.find((l) => l.level === (levelOf.get(memberId) ?? 0));
        if (level === undefined || level.birthdayBonusMinor <= 0n) continue;
        const { created } = await rewards.offer(merchantId, {
          ...{ memberId, kind: 'BIRTHDAY', key: birthdayKey(year, memberId), amountMinor: level.birthdayBonusMinor },
          ...{ period: year, details: { level: level.level, label: level.label, day: today } },
          expiresAt: new Date(now() + BIRTHDAY_BONUS_DAYS * DAY_MS),
        });
        if (created) offered += 1;
      }
    }
    return { offered };
  },
});

/**
 * The withdraw module's port (issue 20, ADR 0043): the daily withdrawal limits of the member's current level (level 0
 * for a member without one); null when the merchant has no such level.
 */
export const vipWithdrawLimits =
  (db: Queryable) =>
  async (
    merchantId: number,
    memberId: bigint,
  ): Promise<{ dailyCount: number | null; dailyMaxMinor: bigint | null } | null> => {
    const { rows } = await db.query<{ count: number | null; max: string | null }>(
      `SELECT l.withdraw_daily_count AS count, l.withdraw_daily_max_minor::text AS max
       FROM vip_levels l
       WHERE l.merchant_id = $1
         AND l.level = coalesce((SELECT m.level FROM vip_members m WHERE m.merchant_id = $1 AND m.member_id = $2), 0)`,
      [merchantId, memberId.toString()],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      dailyCount: row.count === null ? null : Number(row.count),
      dailyMaxMinor: row.max === null ? null : BigInt(row.max),
    };
  };
