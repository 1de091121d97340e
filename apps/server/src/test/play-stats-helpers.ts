// Shared by the play-statistics tests and the tests of its consumers (team rollups): rounds written as game_rounds
// holds them, and the rollups they call for.
import { playContribution, type PlayContribution, type PlayRoundStatus } from '@platform/contracts';
import type { Database } from '../db/database';

/** A round as the property tests generate it: its final state, as game_rounds holds it. */
export type ModelRound = {
  roundId: string;
  memberId: bigint;
  vendor: string;
  gameCode: string;
  /** The game type the catalogue gives the game, OTHER when the catalogue does not know it. */
  gameType: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: Extract<PlayRoundStatus, 'SETTLED' | 'CANCELLED'>;
  play: boolean;
  startedAtMs: number;
  settledAtMs: number;
};

export type Figures = Omit<PlayContribution, 'rounds'> & { rounds: number };

/** Writes a round's current state into game_rounds, as the seamless calls or a resettlement leave it. */
export const writeRound = async (db: Database, merchantId: number, r: ModelRound): Promise<void> => {
  await db.query(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, play, bet_minor,
       win_minor, valid_bet_minor, status, started_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, 'USD', $6, $7, $8, $7, $9, $10::timestamptz, $11::timestamptz)
     ON CONFLICT (merchant_id, vendor_code, round_id) DO UPDATE SET bet_minor = excluded.bet_minor,
       win_minor = excluded.win_minor, valid_bet_minor = excluded.valid_bet_minor, status = excluded.status,
       settled_at = excluded.settled_at`,
    [
      ...[merchantId, r.vendor, r.roundId, r.memberId, r.gameCode, r.play, r.stakeMinor, r.payoutMinor, r.status],
      new Date(r.startedAtMs).toISOString(),
      new Date(r.settledAtMs).toISOString(),
    ],
  );
};

const key = (memberId: bigint, day: string, vendor: string, gameType: string) =>
  `${memberId}|${day}|${vendor}|${gameType}`;

/** The business day (YYYY-MM-DD) an instant falls on in a time zone. */
export const businessDay = (timeZone: string, atMs: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(atMs);

const ZERO: Figures = {
  rounds: 0,
  stakeMinor: 0n,
  validBetMinor: 0n,
  payoutMinor: 0n,
  profitMinor: 0n,
  bonusStakeMinor: 0n,
};
const isZero = (f: Figures) =>
  f.rounds === 0 && f.stakeMinor === 0n && f.payoutMinor === 0n && f.bonusStakeMinor === 0n;
const plus = (a: Figures, b: Figures, sign: 1 | -1 = 1): Figures => ({
  rounds: a.rounds + sign * b.rounds,
  stakeMinor: a.stakeMinor + BigInt(sign) * b.stakeMinor,
  validBetMinor: a.validBetMinor + BigInt(sign) * b.validBetMinor,
  payoutMinor: a.payoutMinor + BigInt(sign) * b.payoutMinor,
  profitMinor: a.profitMinor + BigInt(sign) * b.profitMinor,
  bonusStakeMinor: a.bonusStakeMinor + BigInt(sign) * b.bonusStakeMinor,
});

/**
 * The rollups a history of round states calls for (ADR 0028): each snapshot is every round's state as one rollup run
 * saw it. A round's first counted state adds its contribution on its settlement day; each later, different state adds
 * only the difference, on the business day of that state's settlement. A round keeps the game type it was first
 * counted under. Zero rows left out. One snapshot is the plain case: every round on its settlement day.
 */
export const expectedRollups = (
  snapshots: Iterable<ModelRound> | Iterable<ModelRound>[],
  timeZone: string,
): Map<string, Figures> => {
  const history =
    Array.isArray(snapshots) && Array.isArray(snapshots[0])
      ? (snapshots as ModelRound[][])
      : [[...(snapshots as Iterable<ModelRound>)]];
  const sums = new Map<string, Figures>();
  const counted = new Map<string, { figures: Figures; gameType: string }>();
  for (const snapshot of history) {
    for (const r of snapshot) {
      const now: Figures = playContribution({ ...r, bonusStakeMinor: 0n });
      const before = counted.get(r.roundId);
      const delta = plus(now, before?.figures ?? ZERO, -1);
      if (isZero(delta) && delta.validBetMinor === 0n && delta.profitMinor === 0n) continue;
      const gameType = before?.gameType ?? r.gameType;
      counted.set(r.roundId, { figures: now, gameType });
      const k = key(r.memberId, businessDay(timeZone, r.settledAtMs), r.vendor, gameType);
      sums.set(k, plus(sums.get(k) ?? ZERO, delta));
    }
  }
  for (const [k, f] of sums) if (isZero(f)) sums.delete(k);
  return sums;
};

/** play_stat_days of some members, keyed as expectedRollups keys them, zero rows left out. */
export const storedRollups = async (
  db: Database,
  merchantId: number,
  memberIds: bigint[],
): Promise<Map<string, Figures>> => {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT member_id::text, to_char(business_day, 'YYYY-MM-DD') AS day, vendor_code, game_type, rounds::text,
       stake_minor::text, valid_bet_minor::text, payout_minor::text, profit_minor::text, bonus_stake_minor::text
     FROM play_stat_days
     WHERE merchant_id = $1 AND member_id = ANY($2::bigint[])
       AND (rounds <> 0 OR stake_minor <> 0 OR payout_minor <> 0 OR bonus_stake_minor <> 0)`,
    [merchantId, memberIds.map(String)],
  );
  return new Map(
    rows.map((row) => [
      key(BigInt(row.member_id!), row.day!, row.vendor_code!, row.game_type!),
      {
        rounds: Number(row.rounds),
        stakeMinor: BigInt(row.stake_minor!),
        validBetMinor: BigInt(row.valid_bet_minor!),
        payoutMinor: BigInt(row.payout_minor!),
        profitMinor: BigInt(row.profit_minor!),
        bonusStakeMinor: BigInt(row.bonus_stake_minor!),
      },
    ]),
  );
};
