import { formatMoney, MONEY_METRICS, type Mission, type MissionSummary } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import type { MemberValidBet, PlayProfitRow } from '../../games/play-stats';
import type { Merchant } from '../../platform/merchant';
import type { RewardOffer, RewardRow } from '../rewards';
import type { EventMetric, MerchantCalendar, MissionRow, MissionsRepository } from './missions.repository';
import { nameIn, rewardText } from './reward-text';

const DAY_MS = 86_400_000;
/** A completed mission's reward waits this long in the reward centre. */
export const MISSION_REWARD_EXPIRY_DAYS = 7;

export type MissionsDeps = {
  repo: MissionsRepository;
  now: Clock;
  play: {
    validBetByGameType: (m: number, from: string, to: string, member?: bigint | null) => Promise<MemberValidBet[]>;
    memberProfit: (m: number, member: bigint, from: string, to: string) => Promise<{ byGameType: PlayProfitRow[] }>;
  };
  rewards: {
    offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }>;
    byKey: (merchantId: number, key: string) => Promise<RewardRow | undefined>;
  };
  logins: (merchantId: number, memberId: bigint, from: string, to: string) => Promise<string[]>;
};

/** A mission's window on the merchant's calendar: business days `from`..`to`, its period name and reset time. */
export type MissionWindow = { from: string; to: string; period: string; resetsAt: Date | null };

export const windowOf = (mission: MissionRow, cal: MerchantCalendar): MissionWindow => {
  if (mission.cadence === 'DAILY')
    return { from: cal.today, to: cal.today, period: cal.today, resetsAt: cal.dayEndsAt };
  if (mission.cadence === 'WEEKLY') {
    return { from: cal.monday, to: cal.today, period: `week-${cal.monday}`, resetsAt: cal.weekEndsAt };
  }
  const to = mission.endsOn !== null && mission.endsOn < cal.today ? mission.endsOn : cal.today;
  return { from: mission.startsOn, to, period: 'once', resetsAt: null };
};

export const missionKey = (missionId: bigint, period: string, memberId: bigint) =>
  `mission:${missionId}:${period}:${memberId}`;

/** The longest run of consecutive days in a sorted list of YYYY-MM-DD days. */
export const longestStreak = (days: readonly string[]): number => {
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of days) {
    const at = Date.parse(`${day}T00:00:00Z`);
    run = at - previous === DAY_MS ? run + 1 : 1;
    previous = at;
    best = Math.max(best, run);
  }
  return best;
};

const EVENT_OF: Partial<Record<Mission['metric'], EventMetric>> = {
  DEPOSIT: 'DEPOSIT',
  FIRST_WITHDRAWAL: 'WITHDRAWAL',
  FRIENDS_INVITED: 'FRIEND',
};

/**
 * Missions (issue 21, domain-rules §4.5, ADR 0044): progress is read, never kept — valid bet and rounds from play
 * statistics over the mission's window (business days in the merchant's time zone), deposits, withdrawals and
 * qualified friends from mission_events, logins from identity's login history. A mission whose progress reaches its
 * target is offered in the reward centre under `mission:<id>:<period>:<member>`, so it is offered and paid once per
 * window however often it is evaluated; the member claims it there.
 */
export const missionsServiceFactory = (deps: MissionsDeps) => {
  const { repo, now, play, rewards } = deps;

  /** One member's progress on one mission over its window. */
  const progressOf = async (merchantId: number, memberId: bigint, mission: MissionRow, w: MissionWindow) => {
    const event = EVENT_OF[mission.metric];
    if (event !== undefined) {
      const [totals] = await repo.eventTotals(merchantId, event, w.from, w.to, memberId);
      return mission.metric === 'DEPOSIT' ? (totals?.amountMinor ?? 0n) : (totals?.count ?? 0n);
    }
    if (mission.metric === 'LOGIN_STREAK')
      return BigInt(longestStreak(await deps.logins(merchantId, memberId, w.from, w.to)));
    if (mission.metric === 'ROUNDS') {
      const { byGameType } = await play.memberProfit(merchantId, memberId, w.from, w.to);
      return BigInt(
        byGameType
          .filter((r) => mission.gameType === null || r.gameType === mission.gameType)
          .reduce((n, r) => n + r.rounds, 0),
      );
    }
    const figures = await play.validBetByGameType(merchantId, w.from, w.to, memberId);
    return figures
      .filter((f) => mission.gameType === null || f.gameType === mission.gameType)
      .reduce((sum, f) => sum + f.validBetMinor, 0n);
  };

  const offer = (merchantId: number, memberId: bigint, mission: MissionRow, w: MissionWindow, progress: bigint) =>
    rewards.offer(merchantId, {
      ...{ memberId, kind: 'MISSION', key: missionKey(mission.id, w.period, memberId) },
      ...{ amountMinor: mission.rewardMinor, payAs: mission.payAs, turnoverMultiple: mission.turnoverMultiple },
      period: w.period,
      details: { missionId: mission.id.toString(), name: mission.name, progress: progress.toString() },
      expiresAt: new Date(now() + MISSION_REWARD_EXPIRY_DAYS * DAY_MS),
    });

  const statusOf = (reward: RewardRow | undefined): Mission['status'] => {
    if (reward === undefined) return 'IN_PROGRESS';
    if (reward.status === 'CLAIMED') return 'CLAIMED';
    return reward.status === 'EXPIRED' || reward.expiresAt.getTime() <= now() ? 'EXPIRED' : 'CLAIMABLE';
  };

  const amountText = (mission: MissionRow, value: bigint, scale: number) =>
    MONEY_METRICS.includes(mission.metric) ? formatMoney(value, scale) : value.toString();

  /** The member's missions in their current windows; a mission that reached its target is offered on the way. */
  const summary = async (
    merchant: Merchant,
    memberId: bigint,
    language = merchant.defaultLanguage,
  ): Promise<MissionSummary> => {
    const cal = await repo.calendar(merchant.id, new Date(now()));
    const missions = await repo.running(merchant.id, cal.today);
    const list = await Promise.all(
      missions.map(async (mission): Promise<Mission> => {
        const w = windowOf(mission, cal);
        const progress = await progressOf(merchant.id, memberId, mission, w);
        const done = progress >= mission.target;
        const reward = done
          ? (await offer(merchant.id, memberId, mission, w, progress)).reward
          : await rewards.byKey(merchant.id, missionKey(mission.id, w.period, memberId));
        const shown = progress > mission.target ? mission.target : progress;
        return {
          ...{ id: mission.id.toString(), name: nameIn(mission, language), cadence: mission.cadence },
          metric: mission.metric,
          gameType: mission.gameType,
          target: amountText(mission, mission.target, merchant.currencyScale),
          progress: amountText(mission, shown, merchant.currencyScale),
          percent: Number((shown * 100n) / mission.target),
          period: w.period,
          resetsAt: w.resetsAt?.toISOString() ?? null,
          reward: rewardText(mission.rewardMinor, mission.payAs, merchant.currencyScale),
          ...{ payAs: mission.payAs, turnoverMultiple: mission.turnoverMultiple },
          status: statusOf(reward),
          rewardId: reward?.id.toString() ?? null,
        };
      }),
    );
    return { list, claimableCount: list.filter((m) => m.status === 'CLAIMABLE').length };
  };

  /**
   * The `missions.evaluate` job: offers the rewards of members who completed a mission without opening the page, in
   * the current window and the one before (a day or week that just reset). Valid bet and events are read for every
   * member at once; rounds and login streaks are evaluated when the member opens the summary.
   */
  const evaluate = async (signal?: AbortSignal): Promise<{ offered: number }> => {
    let offered = 0;
    for (const merchantId of await repo.merchantsWithMissions()) {
      const current = await repo.calendar(merchantId, new Date(now()));
      // Yesterday's calendar: yesterday's daily window, and on a Monday the whole week that just ended.
      const before = await repo.calendar(merchantId, new Date(now() - DAY_MS));
      for (const cal of [current, before]) {
        for (const mission of await repo.running(merchantId, cal.today)) {
          if (signal?.aborted === true) return { offered };
          if (cal === before && mission.cadence === 'ONCE') continue;
          const w = windowOf(mission, cal);
          const totals = new Map<bigint, bigint>();
          const event = EVENT_OF[mission.metric];
          if (event !== undefined) {
            for (const t of await repo.eventTotals(merchantId, event, w.from, w.to, null)) {
              totals.set(t.memberId, mission.metric === 'DEPOSIT' ? t.amountMinor : t.count);
            }
          } else if (mission.metric === 'VALID_BET') {
            for (const f of await play.validBetByGameType(merchantId, w.from, w.to)) {
              if (mission.gameType !== null && f.gameType !== mission.gameType) continue;
              totals.set(f.memberId, (totals.get(f.memberId) ?? 0n) + f.validBetMinor);
            }
          }
          for (const [memberId, progress] of totals) {
            if (progress < mission.target) continue;
            if ((await offer(merchantId, memberId, mission, w, progress)).created) offered += 1;
          }
        }
      }
    }
    return { offered };
  };

  /** Records a bus event that counts towards missions (once by its reference). */
  const record = (merchantId: number, e: { metric: EventMetric; ref: string; memberId: bigint; amountMinor: bigint }) =>
    repo.recordEvent(merchantId, e, new Date(now()));

  return { summary, evaluate, record, progressOf, windowOf };
};
export type MissionsService = ReturnType<typeof missionsServiceFactory>;
