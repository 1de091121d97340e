import type { Database } from '../../../db/database';
import type { Figures } from '../../../test/play-stats-helpers';
import type { TeamFigures } from './agent-team.types';

/** Each member's upline in the model (null: none). */
export type Parents = Map<bigint, bigint | null>;

/** Whether `member` is `agent` or one of its descendants. */
export const inTeam = (parents: Parents, agent: bigint, member: bigint): boolean => {
  for (let at: bigint | null | undefined = member; at !== null && at !== undefined; at = parents.get(at)) {
    if (at === agent) return true;
  }
  return false;
};

/** Each member's play figures per business day, summed over vendors and game types, from expectedRollups' keys. */
export const memberDays = (rollups: Map<string, Figures>): Map<bigint, Map<string, Figures>> => {
  const byMember = new Map<bigint, Map<string, Figures>>();
  for (const [key, f] of rollups) {
    const [member = '', day = ''] = key.split('|');
    const days = byMember.get(BigInt(member)) ?? new Map<string, Figures>();
    const s = days.get(day);
    days.set(
      day,
      s === undefined
        ? { ...f }
        : {
            rounds: s.rounds + f.rounds,
            stakeMinor: s.stakeMinor + f.stakeMinor,
            validBetMinor: s.validBetMinor + f.validBetMinor,
            payoutMinor: s.payoutMinor + f.payoutMinor,
            profitMinor: s.profitMinor + f.profitMinor,
            bonusStakeMinor: s.bonusStakeMinor + f.bonusStakeMinor,
          },
    );
    byMember.set(BigInt(member), days);
  }
  return byMember;
};

export type PlayFigures = Pick<
  TeamFigures,
  'rounds' | 'stakeMinor' | 'validBetMinor' | 'payoutMinor' | 'profitMinor' | 'bonusStakeMinor' | 'activeMembers'
>;

/** Picks the play figures (and active members) out of a team's figures. */
export const playOf = (f: TeamFigures): PlayFigures => ({
  rounds: f.rounds,
  stakeMinor: f.stakeMinor,
  validBetMinor: f.validBetMinor,
  payoutMinor: f.payoutMinor,
  profitMinor: f.profitMinor,
  bonusStakeMinor: f.bonusStakeMinor,
  activeMembers: f.activeMembers,
});

/**
 * What an agent's team should show over from..to: the sums of its members' days, and the members whose counting
 * rounds over the range add up to more than zero.
 */
export const expectedTeam = (
  parents: Parents,
  days: Map<bigint, Map<string, Figures>>,
  agent: bigint,
  from: string,
  to: string,
): PlayFigures => {
  const team: PlayFigures = {
    ...{ rounds: 0, stakeMinor: 0n, validBetMinor: 0n, payoutMinor: 0n, profitMinor: 0n, bonusStakeMinor: 0n },
    activeMembers: 0,
  };
  for (const member of parents.keys()) {
    if (!inTeam(parents, agent, member)) continue;
    let rounds = 0;
    for (const [day, f] of days.get(member) ?? []) {
      if (day < from || day > to) continue;
      rounds += f.rounds;
      team.rounds += f.rounds;
      team.stakeMinor += f.stakeMinor;
      team.validBetMinor += f.validBetMinor;
      team.payoutMinor += f.payoutMinor;
      team.profitMinor += f.profitMinor;
      team.bonusStakeMinor += f.bonusStakeMinor;
    }
    if (rounds > 0) team.activeMembers += 1;
  }
  return team;
};

/** The sums of play_stat_days over some members and days (what the team rollups must equal). */
export const playStatDaysOf = async (
  db: Database,
  merchantId: number,
  members: bigint[],
  from: string,
  to: string,
): Promise<Omit<PlayFigures, 'activeMembers'>> => {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT coalesce(sum(rounds), 0)::text AS rounds, coalesce(sum(stake_minor), 0)::text AS stake,
       coalesce(sum(valid_bet_minor), 0)::text AS valid, coalesce(sum(payout_minor), 0)::text AS payout,
       coalesce(sum(profit_minor), 0)::text AS profit, coalesce(sum(bonus_stake_minor), 0)::text AS bonus
     FROM play_stat_days
     WHERE merchant_id = $1 AND member_id = ANY($2::bigint[]) AND business_day BETWEEN $3::date AND $4::date`,
    [merchantId, members.map(String), from, to],
  );
  const r = rows[0]!;
  return {
    rounds: Number(r.rounds),
    stakeMinor: BigInt(r.stake!),
    validBetMinor: BigInt(r.valid!),
    payoutMinor: BigInt(r.payout!),
    profitMinor: BigInt(r.profit!),
    bonusStakeMinor: BigInt(r.bonus!),
  };
};

/** 'YYYY-MM-DD' plus n days. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday on or before a day, and the first of its month. */
export const weekOf = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
export const monthOf = (day: string): string => `${day.slice(0, 8)}01`;
export const monthEnd = (day: string): string => {
  const d = new Date(`${monthOf(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return addDays(d.toISOString().slice(0, 10), -1);
};

let orderSeq = 0;
const next = () => {
  orderSeq += 1;
  return `${Date.now().toString(36).toUpperCase()}${orderSeq.toString().padStart(6, '0')}`;
};

/** A deposit channel for the orders below. */
export const depositChannel = async (db: Database, merchantId: number): Promise<bigint> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO deposit_channels (merchant_id, code, kind, display_name, min_amount_minor, max_amount_minor,
       bank_name, bank_account_name, bank_account_number)
     VALUES ($1, $2, 'MANUAL_BANK', 'Team bank', 1, 100000000, 'BDO', 'Ops', '0001') RETURNING id`,
    [merchantId, `team_${next().toLowerCase()}`],
  );
  return rows[0]!.id;
};

/** A deposit order as the deposit module leaves it; returns its id. */
export const insertDeposit = async (
  db: Database,
  merchantId: number,
  o: { memberId: bigint; channelId: bigint; amount: bigint; status: string; at: string },
): Promise<bigint> => {
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO deposit_orders (merchant_id, order_no, member_id, channel_id, request_id, amount_minor, currency,
       status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'USD', $7, $8::timestamptz, $8::timestamptz + interval '30 minutes')
     RETURNING id`,
    [merchantId, `DTM${next()}`, o.memberId, o.channelId, `req-${next()}`, o.amount, o.status, o.at],
  );
  return rows[0]!.id;
};

/** A withdrawal order (with a payout account of its own) as the withdraw module leaves it; returns its id. */
export const insertWithdrawal = async (
  db: Database,
  merchantId: number,
  o: { memberId: bigint; amount: bigint; status: string; at: string },
): Promise<bigint> => {
  const account = await db.query<{ id: bigint }>(
    `INSERT INTO withdraw_accounts (merchant_id, member_id, bank_name, account_number, holder_name)
     VALUES ($1, $2, 'BDO', $3, 'Holder') RETURNING id`,
    [merchantId, o.memberId, `9${orderSeq}${Date.now() % 100000}`],
  );
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO withdraw_orders (merchant_id, order_no, member_id, request_id, account_id, bank_name, account_number,
       holder_name, amount_minor, status, created_at, request_day)
     VALUES ($1, $2, $3, $4, $5, 'BDO', '12345678', 'Holder', $6, $7, $8::timestamptz, $8::timestamptz::date)
     RETURNING id`,
    [merchantId, `WTM${next()}`, o.memberId, `req-${next()}`, account.rows[0]!.id, o.amount, o.status, o.at],
  );
  return rows[0]!.id;
};
