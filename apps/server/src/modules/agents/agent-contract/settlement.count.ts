import type { ContractType } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { Policy } from './agent-contract.types';
import type { Window } from './windows';

/**
 * Counting a window in one statement (ADR 0038): every contract holder's settlement row of (merchant, type, window) is
 * computed and inserted by a single INSERT … SELECT, the same arithmetic as the pure model in settle.ts (which the
 * property tests hold it to). Steps, each a CTE:
 * - holders: the contracts of the type in force at the window's start; parents: each holder's nearest ancestor
 *   holding one of them (identity's agent_tree), the contract tree of the window;
 * - figures: each holder's team play in the window, from agent-team's day rollups (agent_team_day_facts) for day
 *   windows, from the module's own sealed 5-minute slots for hourly and real-time ones;
 * - prev / corr / salaries: the holder's previous window (carry, HELD accrual), what changed on its days since it was
 *   counted (day windows, the adjacent window only: play, and for dividends the promotion cash they deduct), and the
 *   salaries counted for the team (dividend deduction);
 * - agents: deductions of a dividend (dividendDeductions in settle.ts): the team's salaries, bonuses and rebates of the
 *   window's days (the day facts carry the team's promotion cash, ADR 0049) as the policy names them, and the fee;
 * - rated / grossed / netted: base, the rate of the highest tier reached, gross = rate × max(base, 0), and the
 *   differential net = max(gross − Σ children's gross, 0) + accrued.
 */

const SLOT_TYPES: readonly ContractType[] = ['REALTIME_SALARY', 'HOURLY_SALARY'];

/** Team play of the window for day windows: sums of the days; distinct active members for more than one day. */
const DAY_FIGURES = `figures AS (
    SELECT h.agent_id, coalesce(sum(d.valid_bet_minor), 0)::bigint AS valid_bet,
      coalesce(sum(d.profit_minor), 0)::bigint AS profit, coalesce(sum(d.bonus_minor), 0)::bigint AS bonus,
      coalesce(sum(d.rebate_minor), 0)::bigint AS rebate,
      (CASE WHEN $5::date = $6::date THEN coalesce(sum(d.active_members), 0)
        ELSE agent_team_active_members($1::integer, h.agent_id, $5::date, $6::date) END)::integer AS active
    FROM holders h
    LEFT JOIN agent_team_day_facts d ON d.merchant_id = $1::integer AND d.agent_id = h.agent_id
      AND d.business_day BETWEEN $5::date AND $6::date
    GROUP BY h.agent_id
  ), corr AS (
    SELECT p.agent_id, (CASE WHEN $2::text = 'DIVIDEND'
        THEN -(coalesce(sum(d.profit_minor), 0) - p.team_profit_minor)
          - (CASE WHEN $13::boolean THEN coalesce(coalesce(sum(d.bonus_minor), 0) - p.team_bonus_minor, 0) ELSE 0 END)
          - (CASE WHEN $14::boolean THEN coalesce(coalesce(sum(d.rebate_minor), 0) - p.team_rebate_minor, 0) ELSE 0 END)
        ELSE coalesce(sum(d.valid_bet_minor), 0) - p.team_valid_bet_minor END)::bigint AS correction
    FROM prev p
    LEFT JOIN agent_team_day_facts d ON d.merchant_id = $1::integer AND d.agent_id = p.agent_id
      AND d.business_day BETWEEN p.first_day AND p.last_day
    WHERE p.last_day + 1 = $5::date
    GROUP BY p.agent_id, p.team_profit_minor, p.team_valid_bet_minor, p.team_bonus_minor, p.team_rebate_minor
  )`;

/** Team play of the window for slot windows: each playing member's slots, summed up its uplines that hold contracts. */
const SLOT_FIGURES = `play AS (
    SELECT member_id, sum(rounds) AS rounds, sum(valid_bet_minor) AS valid_bet, sum(profit_minor) AS profit
    FROM agent_contract_slots
    WHERE merchant_id = $1::integer AND slot_start >= $3::timestamptz AND slot_start < $4::timestamptz
    GROUP BY member_id
  ), figures AS (
    SELECT t.ancestor_id AS agent_id, sum(p.valid_bet)::bigint AS valid_bet, sum(p.profit)::bigint AS profit,
      0::bigint AS bonus, 0::bigint AS rebate, (count(*) FILTER (WHERE p.rounds > 0))::integer AS active
    FROM play p
    JOIN agent_tree t ON t.merchant_id = $1::integer AND t.descendant_id = p.member_id
    WHERE t.ancestor_id IN (SELECT agent_id FROM holders)
    GROUP BY t.ancestor_id
  ), corr AS (SELECT NULL::bigint AS agent_id, 0::bigint AS correction WHERE false)`;

const countSql = (figures: string) => `
  WITH holders AS MATERIALIZED (
    SELECT id AS contract_id, holder_id AS agent_id, tiers FROM agent_contracts
    WHERE merchant_id = $1::integer AND type = $2::text AND accepted_at IS NOT NULL AND accepted_at <= $3::timestamptz
      AND (ended_at IS NULL OR ended_at > $3::timestamptz)
  ), parents AS (
    -- Nearly always the direct upline holds a contract; the closure is walked only for the others.
    SELECT h.agent_id, (CASE WHEN up.agent_id IS NOT NULL THEN up.agent_id ELSE (
        SELECT t.ancestor_id FROM agent_tree t
        WHERE t.merchant_id = $1::integer AND t.descendant_id = h.agent_id AND t.depth >= 2
          AND t.ancestor_id IN (SELECT agent_id FROM holders)
        ORDER BY t.depth LIMIT 1) END) AS parent_id
    FROM holders h
    JOIN member_directory m ON m.merchant_id = $1::integer AND m.id = h.agent_id
    LEFT JOIN holders up ON up.agent_id = m.parent_id
  ), prev AS MATERIALIZED (
    SELECT h.agent_id, w.first_day, w.last_day, w.team_valid_bet_minor, w.team_profit_minor, w.team_bonus_minor,
      w.team_rebate_minor, w.carry_out_minor, w.net_minor, w.status
    FROM holders h
    JOIN LATERAL (
      SELECT * FROM agent_contract_windows x
      WHERE x.merchant_id = $1::integer AND x.agent_id = h.agent_id AND x.type = $2::text
        AND x.window_start < $3::timestamptz
      ORDER BY x.window_start DESC LIMIT 1
    ) w ON true
  ), ${figures}, salaries AS (
    SELECT t.ancestor_id AS agent_id, sum(w.net_minor)::bigint AS total
    FROM agent_contract_windows w
    JOIN agent_tree t ON t.merchant_id = w.merchant_id AND t.descendant_id = w.agent_id
    WHERE $12::boolean AND w.merchant_id = $1::integer AND w.type <> 'DIVIDEND'
      AND w.status IN ('COUNTED', 'PAID', 'FAILED') AND w.first_day BETWEEN $5::date AND $6::date
      AND t.ancestor_id IN (SELECT agent_id FROM holders)
    GROUP BY t.ancestor_id
  ), agents AS (
    SELECT h.agent_id, h.contract_id, h.tiers, pa.parent_id, coalesce(f.valid_bet, 0) AS valid_bet,
      coalesce(f.profit, 0) AS profit, coalesce(f.active, 0) AS active, coalesce(f.bonus, 0) AS bonus,
      coalesce(f.rebate, 0) AS rebate,
      coalesce(s.total, 0) + (CASE WHEN $2::text = 'DIVIDEND'
        THEN div(greatest(-coalesce(f.profit, 0), 0)::numeric * $11::integer, 10000)::bigint ELSE 0 END)
        + (CASE WHEN $13::boolean THEN coalesce(f.bonus, 0) ELSE 0 END)
        + (CASE WHEN $14::boolean THEN coalesce(f.rebate, 0) ELSE 0 END) AS deductions,
      coalesce(c.correction, 0) AS correction,
      (CASE WHEN pr.agent_id IS NOT NULL AND ($2::text <> 'DIVIDEND' OR $10::text = 'CARRY'
          OR ($10::text = 'CARRY_WITHIN_MONTH' AND date_trunc('month', pr.first_day) = date_trunc('month', $5::date)))
        THEN pr.carry_out_minor ELSE 0 END) AS carried_in,
      (CASE WHEN pr.status = 'HELD' THEN pr.net_minor ELSE 0 END) AS accrued_in
    FROM holders h
    LEFT JOIN parents pa ON pa.agent_id = h.agent_id
    LEFT JOIN figures f ON f.agent_id = h.agent_id
    LEFT JOIN salaries s ON s.agent_id = h.agent_id
    LEFT JOIN corr c ON c.agent_id = h.agent_id
    LEFT JOIN prev pr ON pr.agent_id = h.agent_id
  ), based AS MATERIALIZED (
    SELECT a.*,
      (CASE WHEN $2::text = 'DIVIDEND' THEN -a.profit - a.deductions ELSE a.valid_bet END) + a.correction
        + a.carried_in AS base,
      (CASE WHEN $2::text = 'DIVIDEND' THEN a.valid_bet ELSE a.valid_bet + a.correction END) AS tier_bet
    FROM agents a
  ), reached AS (
    -- The highest rate among the tiers whose thresholds the window's figures meet (rateAt), every holder at once.
    SELECT b.agent_id, max((t ->> 'rateBps')::integer) AS rate
    FROM based b, jsonb_array_elements(b.tiers) t
    WHERE b.tier_bet >= (t ->> 'minValidBetMinor')::numeric AND b.active >= (t ->> 'minActiveMembers')::integer
    GROUP BY b.agent_id
  ), rated AS (
    SELECT b.*, greatest(coalesce(r.rate, 0), 0) AS rate
    FROM based b
    LEFT JOIN reached r ON r.agent_id = b.agent_id
  ), grossed AS MATERIALIZED (
    SELECT r.*, (CASE WHEN r.base > 0 THEN div(r.base::numeric * r.rate, 10000) ELSE 0 END)::bigint AS gross
    FROM rated r
  ), downs AS (
    SELECT parent_id AS agent_id, sum(gross)::bigint AS downline FROM grossed WHERE parent_id IS NOT NULL
    GROUP BY parent_id
  ), netted AS (
    SELECT g.*, coalesce(d.downline, 0) AS downline,
      greatest(g.gross - coalesce(d.downline, 0), 0) + g.accrued_in AS net,
      (CASE WHEN g.base < 0 AND ($2::text <> 'DIVIDEND' OR $9::boolean) THEN g.base ELSE 0 END) AS carry_out
    FROM grossed g
    LEFT JOIN downs d ON d.agent_id = g.agent_id
  ), inserted AS (
    INSERT INTO agent_contract_windows (merchant_id, agent_id, type, window_start, window_end, first_day, last_day,
      contract_id, parent_agent_id, team_valid_bet_minor, team_profit_minor, team_bonus_minor, team_rebate_minor,
      active_members, deductions_minor, carried_in_minor, correction_minor, team_base_minor, rate_bps, gross_minor,
      downline_minor, accrued_in_minor, net_minor, carry_out_minor, status, settled_at)
    SELECT $1::integer, n.agent_id, $2::text, $3::timestamptz, $4::timestamptz, $5::date, $6::date, n.contract_id,
      n.parent_id, n.valid_bet, n.profit, n.bonus, n.rebate, n.active, n.deductions, n.carried_in, n.correction, n.base,
      n.rate, n.gross, n.downline, n.accrued_in, n.net, n.carry_out,
      (CASE WHEN n.net > 0 THEN (CASE WHEN n.active < $8::integer THEN 'HELD' ELSE 'COUNTED' END)
        WHEN n.carry_out < 0 THEN 'CARRIED' ELSE 'NOTHING' END),
      $7::timestamptz
    FROM netted n
    ORDER BY n.agent_id -- the unique index (merchant, agent, type, window) then fills its pages in order
    RETURNING 1
  )
  SELECT count(*)::integer AS n FROM inserted`;

const DAY_SQL = countSql(DAY_FIGURES);
const SLOT_SQL = countSql(SLOT_FIGURES);

/**
 * Counts one window: inserts every holder's settlement row and answers how many. Runs inside the transaction that
 * claimed the window (settlement.service.ts), after the slots were sealed for hourly and real-time windows.
 */
export const countWindowRows = async (
  tx: Queryable,
  merchantId: number,
  policy: Policy,
  window: Window,
  at: Date,
): Promise<number> => {
  const { type } = policy;
  // The planner's estimate of the CTEs is far above what they read; JIT compiling them cost more than running them.
  await tx.query('SET LOCAL jit = off');
  const { rows } = await tx.query<{ n: number }>(SLOT_TYPES.includes(type) ? SLOT_SQL : DAY_SQL, [
    merchantId,
    type,
    window.start,
    window.end,
    window.firstDay,
    window.lastDay,
    at,
    policy.minActiveMembers,
    policy.carryForward !== null && policy.carryForward !== 'NONE',
    policy.carryForward ?? 'NONE',
    type === 'DIVIDEND' ? (policy.deductions?.feeBps ?? 0) : 0,
    type === 'DIVIDEND' && policy.deductions?.salaries === true,
    type === 'DIVIDEND' && policy.deductions?.bonuses === true,
    type === 'DIVIDEND' && policy.deductions?.rebates === true,
  ]);
  return Number(rows[0]?.n ?? 0);
};
