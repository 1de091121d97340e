import { formatMoney, type Race, type RaceStanding } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { RankingQuery, RankingRow } from '../../games/play-stats';
import type { Merchant } from '../../platform/merchant';
import type { RewardOffer, RewardRow } from '../rewards';
import { missionsRepository, type RaceRow } from './missions.repository';
import { nameIn, rewardText } from './reward-text';

const DAY_MS = 86_400_000;
/** Rounds settle a little after the race ends (play statistics take them in each minute): settle after this. */
export const RACE_SETTLE_DELAY_MS = 5 * 60_000;
/** Places shown on the leaderboard; the rank list shows more. */
export const LEADERBOARD_TOP = 10;
export const RANK_LIST_TOP = 50;
/** How far down the live ranking the caller's own place is looked for. */
const OWN_PLACE_DEPTH = 1000;
const RACE_REWARD_EXPIRY_DAYS = 14;
const RECENT_DAYS = 7;

export type RacesDeps = {
  db: Database;
  now: Clock;
  rankings: {
    validBet: (q: RankingQuery) => Promise<RankingRow[]>;
    bestMultiplier: (q: RankingQuery & { minStakeMinor: bigint }) => Promise<RankingRow[]>;
  };
  rewards: { offer: (merchantId: number, offer: RewardOffer) => Promise<{ reward: RewardRow; created: boolean }> };
  usernames: (merchantId: number, memberIds: readonly bigint[]) => Promise<Map<bigint, string>>;
  mask: (name: string) => string;
};

export const raceKey = (raceId: bigint, rank: number) => `race:${raceId}:${rank}`;

export const raceState = (race: RaceRow, nowMs: number): Race['state'] => {
  if (race.settledAt !== null) return 'SETTLED';
  if (nowMs < race.startsAt.getTime()) return 'SCHEDULED';
  return nowMs < race.endsAt.getTime() ? 'RUNNING' : 'ENDED';
};

/**
 * Races (issue 21, domain-rules §4.5, ADR 0044): ranked live from play statistics' journal by valid bet or a round's
 * best multiplier over the race, ties to whoever got there first. The `races.settle` job snapshots the final places in
 * one transaction that locks the race row (a second process waits, then finds it settled), then offers each place's
 * prize in the reward centre under `race:<id>:<rank>`: a prize is offered — and paid — once, however often or on
 * however many processes settling runs.
 */
export const racesServiceFactory = (deps: RacesDeps) => {
  const { db, now, rankings, rewards } = deps;
  const repo = missionsRepository(db);

  const ranking = (merchantId: number, race: RaceRow, limit: number): Promise<RankingRow[]> => {
    const q = { merchantId, from: race.startsAt, to: race.endsAt, gameType: race.gameType, limit };
    return race.metric === 'VALID_BET'
      ? rankings.validBet(q)
      : rankings.bestMultiplier({ ...q, minStakeMinor: race.minStakeMinor });
  };

  const scoreText = (race: RaceRow, score: bigint, scale: number) =>
    race.metric === 'VALID_BET' ? formatMoney(score, scale) : formatMoney(score, 2);

  /**
   * A race with its top places and the caller's own (null: staff, who see usernames unmasked), named in `language`
   * (staff: the English name).
   */
  const wire = async (
    merchant: Merchant,
    race: RaceRow,
    top: number,
    viewer: bigint | null,
    language = 'EN',
  ): Promise<Race> => {
    const state = raceState(race, now());
    let places: { rank: number; memberId: bigint; score: bigint }[];
    if (state === 'SETTLED') {
      places = await repo.results(merchant.id, race.id);
    } else if (state === 'SCHEDULED') {
      places = [];
    } else {
      const rows = await ranking(merchant.id, race, viewer === null ? top : OWN_PLACE_DEPTH);
      places = rows.map((r, i) => ({ rank: i + 1, memberId: r.memberId, score: r.score }));
    }
    const shown = places.slice(0, top);
    const own = viewer === null ? undefined : places.find((p) => p.memberId === viewer);
    const names = await deps.usernames(
      merchant.id,
      [...shown, ...(own ? [own] : [])].map((p) => p.memberId),
    );
    const standing = (p: { rank: number; memberId: bigint; score: bigint }): RaceStanding => {
      const name = names.get(p.memberId) ?? '';
      const prize = race.prizesMinor[p.rank - 1];
      return {
        rank: p.rank,
        name: viewer === null || p.memberId === viewer ? name : deps.mask(name),
        score: scoreText(race, p.score, merchant.currencyScale),
        prize: prize === undefined ? null : rewardText(prize, race.payAs, merchant.currencyScale),
        me: p.memberId === viewer,
      };
    };
    return {
      ...{ id: race.id.toString(), name: nameIn(race, language), metric: race.metric, gameType: race.gameType },
      minStake: formatMoney(race.minStakeMinor, merchant.currencyScale),
      ...{ startsAt: race.startsAt.toISOString(), endsAt: race.endsAt.toISOString(), state },
      prizes: race.prizesMinor.map((p) => rewardText(p, race.payAs, merchant.currencyScale)),
      ...{ payAs: race.payAs, turnoverMultiple: race.turnoverMultiple },
      top: shown.map(standing),
      me: own === undefined ? null : standing(own),
    };
  };

  const raceOf = async (merchant: Merchant, id: bigint): Promise<RaceRow> => {
    const race = await repo.raceById(merchant.id, id);
    if (race === undefined) throw new AppError('RACE_NOT_FOUND', 404, 'No such race');
    return race;
  };

  /** Offers the prizes of a settled race's places not yet offered (each once, by `race:<id>:<rank>`). */
  const offerPrizes = async (merchantId: number, raceId: bigint): Promise<number> => {
    const race = await repo.raceById(merchantId, raceId);
    if (race === undefined) return 0;
    let offered = 0;
    for (const result of await repo.results(merchantId, raceId)) {
      if (result.rewardId !== null) continue;
      const { reward, created } = await rewards.offer(merchantId, {
        ...{ memberId: result.memberId, kind: 'RACE', key: raceKey(raceId, result.rank) },
        ...{ amountMinor: result.prizeMinor, payAs: race.payAs, turnoverMultiple: race.turnoverMultiple },
        period: race.endsAt.toISOString().slice(0, 10),
        details: { raceId: raceId.toString(), name: race.name, rank: result.rank, score: result.score.toString() },
        expiresAt: new Date(now() + RACE_REWARD_EXPIRY_DAYS * DAY_MS),
      });
      await repo.setResultReward(merchantId, raceId, result.rank, reward.id);
      if (created) offered += 1;
    }
    return offered;
  };

  /**
   * Snapshots one ended race's places (once: the race row is locked and marked in the same transaction). The ranking
   * is read before the transaction (PGlite runs one statement at a time: no query outside it while it is open).
   */
  const settleOne = async (merchantId: number, id: bigint): Promise<boolean> => {
    const race = await repo.raceById(merchantId, id);
    if (race === undefined || race.settledAt !== null) return false;
    const rows = await ranking(merchantId, race, race.prizesMinor.length);
    return db.transaction(async (tx) => {
      const txRepo = missionsRepository(tx);
      if ((await txRepo.lockUnsettled(merchantId, id)) === undefined) return false;
      for (const [index, row] of rows.entries()) {
        const result = { rank: index + 1, memberId: row.memberId, score: row.score };
        await txRepo.insertResult(merchantId, id, { ...result, prizeMinor: race.prizesMinor[index]! });
      }
      await txRepo.markSettled(merchantId, id, new Date(now()));
      return true;
    });
  };

  return {
    /** The leaderboard call: running, upcoming and recent races with their top places and the caller's. */
    leaderboard: async (
      merchant: Merchant,
      viewer: bigint | null,
      language = merchant.defaultLanguage,
    ): Promise<{ list: Race[] }> => {
      const races = await repo.races(merchant.id, new Date(now()), RECENT_DAYS);
      return {
        list: await Promise.all(races.map((race) => wire(merchant, race, LEADERBOARD_TOP, viewer, language))),
      };
    },
    /** The rank list call: one race's places. */
    rankList: async (
      merchant: Merchant,
      id: bigint,
      viewer: bigint | null,
      language = merchant.defaultLanguage,
    ): Promise<Race> => wire(merchant, await raceOf(merchant, id), RANK_LIST_TOP, viewer, language),
    /** The `races.settle` job: every race ended a while ago is settled, and every settled place's prize offered. */
    settle: async (signal?: AbortSignal): Promise<{ settled: number; offered: number }> => {
      let settled = 0;
      let offered = 0;
      for (const { merchantId, id } of await repo.endedUnsettled(new Date(now() - RACE_SETTLE_DELAY_MS))) {
        if (signal?.aborted === true) break;
        if (await settleOne(merchantId, id)) settled += 1;
      }
      for (const { merchantId, raceId } of await repo.unofferedResults()) {
        if (signal?.aborted === true) break;
        offered += await offerPrizes(merchantId, raceId);
      }
      return { settled, offered };
    },
    wire,
    raceOf,
  };
};
export type RacesService = ReturnType<typeof racesServiceFactory>;
