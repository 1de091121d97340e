import { playContribution, type PlayContribution, type PlayRoundStatus } from '@platform/contracts';
import type { Database } from '../../../db/database';

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

/** The rollups the raw rounds call for: contracts' playContribution summed per key, zero rows left out. */
export const expectedRollups = (rounds: Iterable<ModelRound>, timeZone: string): Map<string, Figures> => {
  const sums = new Map<string, Figures>();
  for (const r of rounds) {
    const c = playContribution({ ...r, bonusStakeMinor: 0n });
    if (c.rounds === 0) continue;
    const k = key(r.memberId, businessDay(timeZone, r.settledAtMs), r.vendor, r.gameType);
    const s = sums.get(k) ?? { ...c, rounds: 0, stakeMinor: 0n, validBetMinor: 0n, payoutMinor: 0n, profitMinor: 0n };
    sums.set(k, {
      rounds: s.rounds + c.rounds,
      stakeMinor: s.stakeMinor + c.stakeMinor,
      validBetMinor: s.validBetMinor + c.validBetMinor,
      payoutMinor: s.payoutMinor + c.payoutMinor,
      profitMinor: s.profitMinor + c.profitMinor,
      bonusStakeMinor: s.bonusStakeMinor + c.bonusStakeMinor,
    });
  }
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
