import {
  formatMoney,
  MONEY_METRICS,
  type MissionCostReport,
  type MissionPayAs,
  type OpsMission,
  type OpsMissionInput,
  type OpsRaceInput,
  type Race,
} from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { parseFieldAmount } from '../../money/wallet';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { Merchant } from '../../platform/merchant';
import type { RewardKind } from '@platform/contracts';
import { missionsRepository, type MissionRow } from './missions.repository';
import type { RacesService } from './races.service';
import { rewardText } from './reward-text';

export type MissionsOpsDeps = {
  db: Database;
  now: Clock;
  races: Pick<RacesService, 'wire' | 'raceOf'>;
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
  costs: (
    merchantId: number,
    kind: RewardKind,
  ) => Promise<{ ref: string; offered: number; offeredMinor: bigint; claimed: number; claimedMinor: bigint }[]>;
};

/** An amount of the form, its field named in the answer so the form shows the message under it. */
const amountIn = parseFieldAmount;

/** A reward or prize of the form: whole points (the contract checked them) or an amount in the merchant's currency. */
const rewardIn = (text: string, payAs: MissionPayAs, merchant: Merchant, path: string): bigint =>
  payAs === 'POINTS' ? BigInt(text.trim()) : amountIn(text, merchant, path);

export const opsMissionWire = (m: MissionRow, merchant: Merchant): OpsMission => ({
  id: m.id.toString(),
  name: m.name,
  nameTy: m.nameTy,
  cadence: m.cadence,
  metric: m.metric,
  gameType: m.gameType,
  target: MONEY_METRICS.includes(m.metric) ? formatMoney(m.target, merchant.currencyScale) : m.target.toString(),
  reward: rewardText(m.rewardMinor, m.payAs, merchant.currencyScale),
  payAs: m.payAs,
  turnoverMultiple: m.turnoverMultiple,
  startsOn: m.startsOn,
  endsOn: m.endsOn,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
});

/**
 * The back office of missions and races (issue 21, promotions.manage): create and pause missions, schedule races with
 * their prize table, follow standings, and what both cost. Every change writes its audit entry in its transaction.
 */
export const missionsOpsFactory = (deps: MissionsOpsDeps) => {
  const { db, now, audit } = deps;
  const repo = missionsRepository(db);
  const missionOf = async (merchant: Merchant, id: bigint, q: Queryable = db) => {
    const mission = await missionsRepository(q).missionById(merchant.id, id);
    if (mission === undefined) throw new AppError('MISSION_NOT_FOUND', 404, 'No such mission');
    return mission;
  };
  return {
    missions: async (merchant: Merchant) => ({
      list: (await repo.allMissions(merchant.id)).map((m) => opsMissionWire(m, merchant)),
    }),
    createMission: async (caller: StaffCaller, input: OpsMissionInput): Promise<OpsMission> => {
      const { merchant } = caller;
      const money = MONEY_METRICS.includes(input.metric);
      const target = money ? amountIn(input.target, merchant, 'target') : BigInt(input.target);
      if (target <= 0n) {
        throw new AppError('VALIDATION_FAILED', 400, 'The target must be more than zero', {
          value: { fields: [{ path: 'target', message: 'must be more than zero' }] },
        });
      }
      const rewardMinor = rewardIn(input.reward, input.payAs, merchant, 'reward');
      return db.transaction(async (tx) => {
        const id = await missionsRepository(tx).insertMission(
          merchant.id,
          {
            ...{ name: input.name, nameTy: input.nameTy, cadence: input.cadence, metric: input.metric },
            ...{ gameType: input.gameType, target },
            ...{ rewardMinor, payAs: input.payAs, turnoverMultiple: input.turnoverMultiple },
            ...{ startsOn: input.startsOn, endsOn: input.endsOn },
          },
          new Date(now()),
        );
        const created = opsMissionWire(await missionOf(merchant, id, tx), merchant);
        await audit(tx, caller, {
          action: 'mission.create',
          targetType: 'mission',
          targetId: id.toString(),
          after: created,
        });
        return created;
      });
    },
    setMissionStatus: async (caller: StaffCaller, id: bigint, status: 'ACTIVE' | 'PAUSED'): Promise<OpsMission> =>
      db.transaction(async (tx) => {
        const before = opsMissionWire(await missionOf(caller.merchant, id, tx), caller.merchant);
        await missionsRepository(tx).setMissionStatus(caller.merchant.id, id, status);
        const after = opsMissionWire(await missionOf(caller.merchant, id, tx), caller.merchant);
        await audit(tx, caller, {
          action: 'mission.status',
          targetType: 'mission',
          targetId: id.toString(),
          before,
          after,
        });
        return after;
      }),
    races: async (merchant: Merchant): Promise<{ list: Race[] }> => {
      const races = await repo.races(merchant.id, new Date(now()), 31);
      return { list: await Promise.all(races.map((race) => deps.races.wire(merchant, race, 10, null))) };
    },
    race: async (merchant: Merchant, id: bigint): Promise<Race> =>
      deps.races.wire(merchant, await deps.races.raceOf(merchant, id), 50, null),
    createRace: async (caller: StaffCaller, input: OpsRaceInput): Promise<Race> => {
      const { merchant } = caller;
      const prizesMinor = input.prizes.map((p, i) => rewardIn(p, input.payAs, merchant, `prizes.${i}`));
      const minStakeMinor = input.metric === 'MULTIPLIER' ? amountIn(input.minStake, merchant, 'minStake') : 0n;
      const id = await db.transaction(async (tx) => {
        const raceId = await missionsRepository(tx).insertRace(
          merchant.id,
          {
            ...{ name: input.name, nameTy: input.nameTy, metric: input.metric, gameType: input.gameType },
            minStakeMinor,
            ...{ startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), prizesMinor },
            ...{ payAs: input.payAs, turnoverMultiple: input.turnoverMultiple },
          },
          new Date(now()),
        );
        await audit(tx, caller, {
          ...{ action: 'race.create', targetType: 'race', targetId: raceId.toString() },
          after: { ...input },
        });
        return raceId;
      });
      return deps.races.wire(merchant, await deps.races.raceOf(merchant, id), 10, null);
    },
    /**
     * What missions and races cost: rewards offered and claimed, per mission and per race. Lines paid in points show
     * points, and the totals keep money and points apart.
     */
    report: async (merchant: Merchant): Promise<MissionCostReport> => {
      const [missionCosts, raceCosts, missions, races] = await Promise.all([
        deps.costs(merchant.id, 'MISSION'),
        deps.costs(merchant.id, 'RACE'),
        repo.allMissions(merchant.id),
        repo.races(merchant.id, new Date(now()), 3650),
      ]);
      const terms = new Map<string, { name: string; payAs: MissionPayAs }>([
        ...missions.map((m) => [`MISSION:${m.id}`, m] as const),
        ...races.map((r) => [`RACE:${r.id}`, r] as const),
      ]);
      const scale = merchant.currencyScale;
      const costs = [
        ...missionCosts.map((c) => ({ kind: 'MISSION' as const, ...c })),
        ...raceCosts.map((c) => ({ kind: 'RACE' as const, ...c })),
      ].map((c) => {
        const of = terms.get(`${c.kind}:${c.ref}`);
        return { ...c, name: of?.name ?? c.ref, payAs: of?.payAs ?? ('CASH' as const) };
      });
      const lines = costs.map((c) => ({
        ...{ kind: c.kind, id: c.ref, name: c.name, payAs: c.payAs },
        ...{ offered: c.offered, offeredAmount: rewardText(c.offeredMinor, c.payAs, scale) },
        ...{ claimed: c.claimed, claimedAmount: rewardText(c.claimedMinor, c.payAs, scale) },
      }));
      const sum = (key: 'offeredMinor' | 'claimedMinor', points: boolean) =>
        costs.filter((c) => (c.payAs === 'POINTS') === points).reduce((total, c) => total + c[key], 0n);
      return {
        lines,
        offeredAmount: formatMoney(sum('offeredMinor', false), scale),
        claimedAmount: formatMoney(sum('claimedMinor', false), scale),
        offeredPoints: sum('offeredMinor', true).toString(),
        claimedPoints: sum('claimedMinor', true).toString(),
      };
    },
  };
};
export type MissionsOps = ReturnType<typeof missionsOpsFactory>;
