import type { Queryable } from '../../../db/database';
import type { TeamDay, TeamFigures, TeamPlay } from './agent-team.types';

/** Sums of agent_team_days' columns as text (bigints), plus the period's distinct active members. */
type FiguresRow = {
  rounds: string;
  stake_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
  profit_minor: string;
  bonus_stake_minor: string;
  active_members: string;
  new_members: string;
  first_deposits: string;
  first_deposit_minor: string;
  deposit_count: string;
  deposit_minor: string;
  withdraw_count: string;
  withdraw_minor: string;
};

const SUMS = `coalesce(sum(d.rounds), 0)::text AS rounds, coalesce(sum(d.stake_minor), 0)::text AS stake_minor,
  coalesce(sum(d.valid_bet_minor), 0)::text AS valid_bet_minor, coalesce(sum(d.payout_minor), 0)::text AS payout_minor,
  coalesce(sum(d.profit_minor), 0)::text AS profit_minor,
  coalesce(sum(d.bonus_stake_minor), 0)::text AS bonus_stake_minor,
  coalesce(sum(d.new_members), 0)::text AS new_members, coalesce(sum(d.first_deposits), 0)::text AS first_deposits,
  coalesce(sum(d.first_deposit_minor), 0)::text AS first_deposit_minor,
  coalesce(sum(d.deposit_count), 0)::text AS deposit_count, coalesce(sum(d.deposit_minor), 0)::text AS deposit_minor,
  coalesce(sum(d.withdraw_count), 0)::text AS withdraw_count, coalesce(sum(d.withdraw_minor), 0)::text AS withdraw_minor`;

const toFigures = (row: FiguresRow): TeamFigures => ({
  rounds: Number(row.rounds),
  stakeMinor: BigInt(row.stake_minor),
  validBetMinor: BigInt(row.valid_bet_minor),
  payoutMinor: BigInt(row.payout_minor),
  profitMinor: BigInt(row.profit_minor),
  bonusStakeMinor: BigInt(row.bonus_stake_minor),
  activeMembers: Number(row.active_members),
  newMembers: Number(row.new_members),
  firstDeposits: Number(row.first_deposits),
  firstDepositMinor: BigInt(row.first_deposit_minor),
  depositCount: Number(row.deposit_count),
  depositMinor: BigInt(row.deposit_minor),
  withdrawCount: Number(row.withdraw_count),
  withdrawMinor: BigInt(row.withdraw_minor),
});

/** SQL for the agent-team tables (migration 0030, sql/agent-team.sql); the tree through identity's agent_tree view. */
export const agentTeamRepository = (db: Queryable) => ({
  /** Takes in up to `batch` play changes past the cursor; returns how many it took in. */
  takeInPlay: async (batch: number): Promise<number> => {
    const { rows } = await db.query<{ taken: number }>('SELECT agent_team_take_in_play($1::integer) AS taken', [batch]);
    return Number(rows[0]?.taken ?? 0);
  },

  /** Takes in sign-ups, deposits and withdrawals created in the last `lookbackMinutes`; returns the changed sources. */
  takeInFacts: async (lookbackMinutes: number): Promise<number> => {
    const { rows } = await db.query<{ taken: number }>(
      'SELECT agent_team_take_in_facts(now() - make_interval(mins => $1::integer)) AS taken',
      [lookbackMinutes],
    );
    return Number(rows[0]?.taken ?? 0);
  },

  /** Recomputes every team rollup from play_stat_changes and the facts, over the tree as it stands now. */
  rebuild: async (): Promise<number> => {
    const { rows } = await db.query<{ taken: number }>('SELECT agent_team_rebuild() AS taken');
    return Number(rows[0]?.taken ?? 0);
  },

  /** The team's figures over business days from..to (inclusive). */
  summary: async (merchantId: number, agentId: bigint, from: string, to: string): Promise<TeamFigures> => {
    const { rows } = await db.query<FiguresRow>(
      `SELECT ${SUMS}, agent_team_active_members($1, $2, $3::date, $4::date)::text AS active_members
       FROM agent_team_days d
       WHERE d.merchant_id = $1 AND d.agent_id = $2 AND d.business_day BETWEEN $3::date AND $4::date`,
      [merchantId, agentId, from, to],
    );
    return toFigures(rows[0] as FiguresRow);
  },

  /**
   * Each listed agent's team play over from..to (valid bet, members' profit and loss, distinct active members), keyed
   * by the agent id's decimal string; one statement for any number of agents (contract settlement).
   */
  teamsPlay: async (
    merchantId: number,
    agentIds: bigint[],
    from: string,
    to: string,
  ): Promise<Map<string, TeamPlay>> => {
    const { rows } = await db.query<{
      agent_id: string;
      valid_bet_minor: string;
      profit_minor: string;
      active: string;
    }>(
      `SELECT a.id::text AS agent_id, coalesce(sum(d.valid_bet_minor), 0)::text AS valid_bet_minor,
         coalesce(sum(d.profit_minor), 0)::text AS profit_minor,
         -- One day: the day's own count (what agent_team_active_members reads for it), without a call per agent.
         (CASE WHEN $3::date = $4::date THEN coalesce(sum(d.active_members), 0)
           ELSE agent_team_active_members($1, a.id, $3::date, $4::date) END)::text AS active
       FROM unnest($2::bigint[]) AS a(id)
       LEFT JOIN agent_team_days d ON d.merchant_id = $1 AND d.agent_id = a.id AND d.business_day BETWEEN $3::date AND $4::date
       GROUP BY a.id`,
      [merchantId, agentIds.map(String), from, to],
    );
    return new Map(
      rows.map((row) => [
        row.agent_id,
        {
          validBetMinor: BigInt(row.valid_bet_minor),
          profitMinor: BigInt(row.profit_minor),
          activeMembers: Number(row.active),
        },
      ]),
    );
  },

  /** The team's figures on each day from..to, days without figures included as zeros. */
  byDay: async (merchantId: number, agentId: bigint, from: string, to: string): Promise<TeamDay[]> => {
    const { rows } = await db.query<FiguresRow & { day: string }>(
      `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, ${SUMS}, coalesce(sum(d.active_members), 0)::text AS active_members
       FROM generate_series($3::date, $4::date, interval '1 day') AS g(day)
       LEFT JOIN agent_team_days d ON d.merchant_id = $1 AND d.agent_id = $2 AND d.business_day = g.day::date
       GROUP BY g.day
       ORDER BY g.day`,
      [merchantId, agentId, from, to],
    );
    return rows.map((row) => ({ ...toFigures(row), day: row.day }));
  },

  /** Each of `memberIds` in `agentId`'s subtree with its own team's figures over from..to. */
  downline: async (
    merchantId: number,
    agentId: bigint,
    memberIds: bigint[],
    from: string,
    to: string,
  ): Promise<Map<string, TeamFigures>> => {
    const { rows } = await db.query<FiguresRow & { member_id: string }>(
      `SELECT t.descendant_id::text AS member_id, f.*,
         agent_team_active_members($1, t.descendant_id, $4::date, $5::date)::text AS active_members
       FROM agent_tree t
       CROSS JOIN LATERAL (
         SELECT ${SUMS} FROM agent_team_days d
         WHERE d.merchant_id = $1 AND d.agent_id = t.descendant_id AND d.business_day BETWEEN $4::date AND $5::date
       ) f
       WHERE t.merchant_id = $1 AND t.ancestor_id = $2 AND t.descendant_id = ANY($3::bigint[])`,
      [merchantId, agentId, memberIds.map(String), from, to],
    );
    return new Map(rows.map((row) => [row.member_id, toFigures(row)]));
  },

  /** Whether memberId is agentId itself or one of its descendants. */
  isInSubtree: async (merchantId: number, agentId: bigint, memberId: bigint): Promise<boolean> => {
    const { rows } = await db.query(
      'SELECT 1 FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2 AND descendant_id = $3',
      [merchantId, agentId, memberId],
    );
    return rows.length > 0;
  },

  /** The agent's direct downlines and its descendants at any depth (the agent itself not counted). */
  teamSize: async (merchantId: number, agentId: bigint): Promise<{ direct: number; total: number }> => {
    const { rows } = await db.query<{ direct: string; total: string }>(
      `SELECT count(*) FILTER (WHERE depth = 1)::text AS direct, count(*) FILTER (WHERE depth > 0)::text AS total
       FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2`,
      [merchantId, agentId],
    );
    return { direct: Number(rows[0]?.direct ?? 0), total: Number(rows[0]?.total ?? 0) };
  },
});

export type AgentTeamRepository = ReturnType<typeof agentTeamRepository>;
