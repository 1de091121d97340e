import type { MissionCadence, MissionMetric, MissionPayAs, RaceMetric } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

export type MissionRow = {
  id: bigint;
  /** English; `nameTy` the Filipino name (null: members reading TY see `name`). */
  name: string;
  nameTy: string | null;
  cadence: MissionCadence;
  metric: MissionMetric;
  gameType: string | null;
  target: bigint;
  /** Minor units of the merchant's currency, or whole points when `payAs` is POINTS. */
  rewardMinor: bigint;
  payAs: MissionPayAs;
  turnoverMultiple: number;
  startsOn: string;
  endsOn: string | null;
  status: 'ACTIVE' | 'PAUSED';
  createdAt: Date;
};
export type MissionInsert = Omit<MissionRow, 'id' | 'status' | 'createdAt'>;

export type RaceRow = {
  id: bigint;
  name: string;
  nameTy: string | null;
  metric: RaceMetric;
  gameType: string | null;
  minStakeMinor: bigint;
  startsAt: Date;
  endsAt: Date;
  /** Minor units of the merchant's currency, or whole points when `payAs` is POINTS. */
  prizesMinor: bigint[];
  payAs: MissionPayAs;
  turnoverMultiple: number;
  settledAt: Date | null;
};
export type RaceInsert = Omit<RaceRow, 'id' | 'settledAt'>;
export type RaceResultRow = {
  rank: number;
  memberId: bigint;
  score: bigint;
  prizeMinor: bigint;
  rewardId: bigint | null;
};

/** The merchant's calendar now: today, this week's Monday, and when today and this week end (its time zone). */
export type MerchantCalendar = { today: string; monday: string; dayEndsAt: Date; weekEndsAt: Date };

export type EventMetric = 'DEPOSIT' | 'WITHDRAWAL' | 'FRIEND';

const MISSION_COLUMNS = `id::text, name, name_ty AS "nameTy", cadence, metric, game_type AS "gameType", target::text,
  reward_minor::text AS "rewardMinor", pay_as AS "payAs", turnover_multiple AS "turnoverMultiple",
  starts_on::text AS "startsOn", ends_on::text AS "endsOn", status, created_at AS "createdAt"`;
type MissionDb = Omit<MissionRow, 'id' | 'target' | 'rewardMinor'> & {
  id: string;
  target: string;
  rewardMinor: string;
};
const toMission = (r: MissionDb): MissionRow => ({
  ...r,
  id: BigInt(r.id),
  target: BigInt(r.target),
  rewardMinor: BigInt(r.rewardMinor),
  createdAt: new Date(r.createdAt),
});

const RACE_COLUMNS = `id::text, name, name_ty AS "nameTy", metric, game_type AS "gameType", min_stake_minor::text AS "minStakeMinor",
  starts_at AS "startsAt", ends_at AS "endsAt", prizes, pay_as AS "payAs", turnover_multiple AS "turnoverMultiple",
  settled_at AS "settledAt"`;
type RaceDb = Omit<RaceRow, 'id' | 'minStakeMinor' | 'prizesMinor'> & {
  id: string;
  minStakeMinor: string;
  prizes: string[];
};
const toRace = (r: RaceDb): RaceRow => ({
  id: BigInt(r.id),
  name: r.name,
  nameTy: r.nameTy,
  metric: r.metric,
  gameType: r.gameType,
  minStakeMinor: BigInt(r.minStakeMinor),
  startsAt: new Date(r.startsAt),
  endsAt: new Date(r.endsAt),
  prizesMinor: r.prizes.map((p) => BigInt(p)),
  payAs: r.payAs,
  turnoverMultiple: r.turnoverMultiple,
  settledAt: r.settledAt === null ? null : new Date(r.settledAt),
});

/** SQL for missions, mission_events, races and race_results (migration 0046). */
export const missionsRepository = (db: Queryable) => ({
  calendar: async (merchantId: number, now: Date): Promise<MerchantCalendar> => {
    const { rows } = await db.query<{ today: string; monday: string; dayEndsAt: Date; weekEndsAt: Date }>(
      `WITH t AS (SELECT timezone AS tz, ($2::timestamptz AT TIME ZONE timezone)::date AS today
                  FROM merchant_directory WHERE id = $1)
       SELECT today::text, (today - (extract(isodow FROM today)::integer - 1))::text AS monday,
              ((today + 1)::timestamp AT TIME ZONE tz) AS "dayEndsAt",
              ((today - (extract(isodow FROM today)::integer - 1) + 7)::timestamp AT TIME ZONE tz) AS "weekEndsAt"
       FROM t`,
      [merchantId, now],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`merchant ${merchantId} has no calendar`);
    return { ...row, dayEndsAt: new Date(row.dayEndsAt), weekEndsAt: new Date(row.weekEndsAt) };
  },
  /** Missions running on `day` (active, started, not ended), in their order. */
  running: async (merchantId: number, day: string): Promise<MissionRow[]> => {
    const { rows } = await db.query<MissionDb>(
      `SELECT ${MISSION_COLUMNS} FROM missions
       WHERE merchant_id = $1 AND status = 'ACTIVE' AND starts_on <= $2::date AND (ends_on IS NULL OR ends_on >= $2::date)
       ORDER BY sort, id`,
      [merchantId, day],
    );
    return rows.map(toMission);
  },
  merchantsWithMissions: async (): Promise<number[]> => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT DISTINCT merchant_id AS id FROM missions WHERE status = 'ACTIVE' ORDER BY 1`,
    );
    return rows.map((r) => r.id);
  },
  allMissions: async (merchantId: number): Promise<MissionRow[]> => {
    const { rows } = await db.query<MissionDb>(
      `SELECT ${MISSION_COLUMNS} FROM missions WHERE merchant_id = $1 ORDER BY id DESC LIMIT 500`,
      [merchantId],
    );
    return rows.map(toMission);
  },
  missionById: async (merchantId: number, id: bigint): Promise<MissionRow | undefined> => {
    const { rows } = await db.query<MissionDb>(
      `SELECT ${MISSION_COLUMNS} FROM missions WHERE merchant_id = $1 AND id = $2`,
      [merchantId, id.toString()],
    );
    return rows[0] === undefined ? undefined : toMission(rows[0]);
  },
  insertMission: async (merchantId: number, m: MissionInsert, now: Date): Promise<bigint> => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO missions (merchant_id, name, cadence, metric, game_type, target, reward_minor, pay_as,
         turnover_multiple, starts_on, ends_on, created_at, name_ty)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::text`,
      [
        ...[merchantId, m.name, m.cadence, m.metric, m.gameType, m.target.toString(), m.rewardMinor.toString()],
        ...[m.payAs, m.turnoverMultiple, m.startsOn, m.endsOn, now, m.nameTy],
      ],
    );
    return BigInt(rows[0]!.id);
  },
  setMissionStatus: async (merchantId: number, id: bigint, status: 'ACTIVE' | 'PAUSED'): Promise<void> => {
    await db.query('UPDATE missions SET status = $3 WHERE merchant_id = $1 AND id = $2', [
      merchantId,
      id.toString(),
      status,
    ]);
  },
  /** Records an event once by its reference, on the merchant's business day now; false when it was recorded before. */
  recordEvent: async (
    merchantId: number,
    e: { metric: EventMetric; ref: string; memberId: bigint; amountMinor: bigint },
    now: Date,
  ): Promise<boolean> => {
    const { rows } = await db.query(
      `INSERT INTO mission_events (merchant_id, metric, ref, member_id, business_day, amount_minor, occurred_at)
       SELECT $1, $2, $3, $4, ($6::timestamptz AT TIME ZONE timezone)::date, $5, $6 FROM merchant_directory WHERE id = $1
       ON CONFLICT DO NOTHING RETURNING ref`,
      [merchantId, e.metric, e.ref, e.memberId.toString(), e.amountMinor.toString(), now],
    );
    return rows.length === 1;
  },
  /** Per member: how many events of the metric, and their amount, over business days `from`..`to`. */
  eventTotals: async (
    merchantId: number,
    metric: EventMetric,
    from: string,
    to: string,
    memberId: bigint | null,
  ): Promise<{ memberId: bigint; count: bigint; amountMinor: bigint }[]> => {
    const { rows } = await db.query<{ memberId: string; count: string; amountMinor: string }>(
      `SELECT member_id::text AS "memberId", count(*)::text AS count, sum(amount_minor)::text AS "amountMinor"
       FROM mission_events
       WHERE merchant_id = $1 AND metric = $2 AND business_day BETWEEN $3::date AND $4::date
         AND ($5::bigint IS NULL OR member_id = $5::bigint)
       GROUP BY member_id`,
      [merchantId, metric, from, to, memberId?.toString() ?? null],
    );
    return rows.map((r) => ({
      memberId: BigInt(r.memberId),
      count: BigInt(r.count),
      amountMinor: BigInt(r.amountMinor),
    }));
  },
  insertRace: async (merchantId: number, r: RaceInsert, now: Date): Promise<bigint> => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO races (merchant_id, name, metric, game_type, min_stake_minor, starts_at, ends_at, prizes, pay_as,
         turnover_multiple, created_at, name_ty)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id::text`,
      [
        ...[merchantId, r.name, r.metric, r.gameType, r.minStakeMinor.toString(), r.startsAt, r.endsAt],
        ...[JSON.stringify(r.prizesMinor.map(String)), r.payAs, r.turnoverMultiple, now, r.nameTy],
      ],
    );
    return BigInt(rows[0]!.id);
  },
  raceById: async (merchantId: number, id: bigint): Promise<RaceRow | undefined> => {
    const { rows } = await db.query<RaceDb>(`SELECT ${RACE_COLUMNS} FROM races WHERE merchant_id = $1 AND id = $2`, [
      merchantId,
      id.toString(),
    ]);
    return rows[0] === undefined ? undefined : toRace(rows[0]);
  },
  /** Races not yet settled and those that ended in the last `recentDays` days, soonest end first. */
  races: async (merchantId: number, now: Date, recentDays: number): Promise<RaceRow[]> => {
    const { rows } = await db.query<RaceDb>(
      `SELECT ${RACE_COLUMNS} FROM races
       WHERE merchant_id = $1 AND (settled_at IS NULL OR ends_at > $2::timestamptz - make_interval(days => $3))
       ORDER BY ends_at, id LIMIT 50`,
      [merchantId, now, recentDays],
    );
    return rows.map(toRace);
  },
  /** Races that ended at or before `before` and are not settled (every merchant). */
  endedUnsettled: async (before: Date): Promise<{ merchantId: number; id: bigint }[]> => {
    const { rows } = await db.query<{ merchantId: number; id: string }>(
      `SELECT merchant_id AS "merchantId", id::text FROM races WHERE settled_at IS NULL AND ends_at <= $1 ORDER BY ends_at`,
      [before],
    );
    return rows.map((r) => ({ merchantId: r.merchantId, id: BigInt(r.id) }));
  },
  /** Locks an unsettled race for settling; undefined when it is settled (or being settled by another process). */
  lockUnsettled: async (merchantId: number, id: bigint): Promise<RaceRow | undefined> => {
    const { rows } = await db.query<RaceDb>(
      `SELECT ${RACE_COLUMNS} FROM races WHERE merchant_id = $1 AND id = $2 AND settled_at IS NULL FOR UPDATE`,
      [merchantId, id.toString()],
    );
    return rows[0] === undefined ? undefined : toRace(rows[0]);
  },
  insertResult: async (merchantId: number, raceId: bigint, r: Omit<RaceResultRow, 'rewardId'>): Promise<void> => {
    await db.query(
      `INSERT INTO race_results (merchant_id, race_id, rank, member_id, score, prize_minor)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [merchantId, raceId.toString(), r.rank, r.memberId.toString(), r.score.toString(), r.prizeMinor.toString()],
    );
  },
  markSettled: async (merchantId: number, id: bigint, now: Date): Promise<void> => {
    await db.query('UPDATE races SET settled_at = $3 WHERE merchant_id = $1 AND id = $2 AND settled_at IS NULL', [
      merchantId,
      id.toString(),
      now,
    ]);
  },
  results: async (merchantId: number, raceId: bigint): Promise<RaceResultRow[]> => {
    const { rows } = await db.query<{
      rank: number;
      memberId: string;
      score: string;
      prizeMinor: string;
      rewardId: string | null;
    }>(
      `SELECT rank, member_id::text AS "memberId", score::text, prize_minor::text AS "prizeMinor",
              reward_id::text AS "rewardId"
       FROM race_results WHERE merchant_id = $1 AND race_id = $2 ORDER BY rank`,
      [merchantId, raceId.toString()],
    );
    return rows.map((r) => ({
      rank: r.rank,
      memberId: BigInt(r.memberId),
      score: BigInt(r.score),
      prizeMinor: BigInt(r.prizeMinor),
      rewardId: r.rewardId === null ? null : BigInt(r.rewardId),
    }));
  },
  /** Settled races with a result whose prize is not yet offered (a crash between settling and offering). */
  unofferedResults: async (): Promise<{ merchantId: number; raceId: bigint }[]> => {
    const { rows } = await db.query<{ merchantId: number; raceId: string }>(
      `SELECT DISTINCT merchant_id AS "merchantId", race_id::text AS "raceId" FROM race_results WHERE reward_id IS NULL`,
    );
    return rows.map((r) => ({ merchantId: r.merchantId, raceId: BigInt(r.raceId) }));
  },
  setResultReward: async (merchantId: number, raceId: bigint, rank: number, rewardId: bigint): Promise<void> => {
    await db.query('UPDATE race_results SET reward_id = $4 WHERE merchant_id = $1 AND race_id = $2 AND rank = $3', [
      merchantId,
      raceId.toString(),
      rank,
      rewardId.toString(),
    ]);
  },
});
export type MissionsRepository = ReturnType<typeof missionsRepository>;
