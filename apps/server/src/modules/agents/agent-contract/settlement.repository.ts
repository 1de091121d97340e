import type { ContractType, SettlementStatus, TierValue } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { SettlementRow, WindowFigures } from './agent-contract.types';
import { tiersFromJson } from './contracts.repository';
import type { WindowResult } from './settle';
import type { Window } from './windows';

/** SQL of settlement runs, windows and slots (migration 0033, sql/agent-contract.sql). */

export const TAKE_IN_BATCH = 5_000;

type WindowDbRow = {
  id: string;
  agent_id: string;
  username: string;
  type: ContractType;
  window_start: Date;
  window_end: Date;
  first_day: string;
  last_day: string;
  contract_id: string;
  team_valid_bet_minor: string;
  team_profit_minor: string;
  active_members: number;
  deductions_minor: string;
  carried_in_minor: string;
  correction_minor: string;
  team_base_minor: string;
  rate_bps: number;
  gross_minor: string;
  downline_minor: string;
  accrued_in_minor: string;
  net_minor: string;
  carry_out_minor: string;
  status: SettlementStatus;
  failure: string | null;
  attempts: number;
  settled_at: Date;
  paid_at: Date | null;
};

export const WINDOW_COLUMNS = `w.id::text, w.agent_id::text, m.username, w.type, w.window_start, w.window_end,
  to_char(w.first_day, 'YYYY-MM-DD') AS first_day, to_char(w.last_day, 'YYYY-MM-DD') AS last_day, w.contract_id::text,
  w.team_valid_bet_minor::text, w.team_profit_minor::text, w.active_members, w.deductions_minor::text,
  w.carried_in_minor::text, w.correction_minor::text, w.team_base_minor::text, w.rate_bps, w.gross_minor::text,
  w.downline_minor::text, w.accrued_in_minor::text, w.net_minor::text, w.carry_out_minor::text, w.status, w.failure,
  w.attempts, w.settled_at, w.paid_at`;
export const WINDOW_FROM = `agent_contract_windows w
  JOIN member_directory m ON m.merchant_id = w.merchant_id AND m.id = w.agent_id`;

export const toSettlement = (row: WindowDbRow): SettlementRow => ({
  id: BigInt(row.id),
  agentId: BigInt(row.agent_id),
  username: row.username,
  type: row.type,
  windowStart: new Date(row.window_start),
  windowEnd: new Date(row.window_end),
  firstDay: row.first_day,
  lastDay: row.last_day,
  contractId: BigInt(row.contract_id),
  teamValidBetMinor: BigInt(row.team_valid_bet_minor),
  teamProfitMinor: BigInt(row.team_profit_minor),
  activeMembers: Number(row.active_members),
  deductionsMinor: BigInt(row.deductions_minor),
  carriedInMinor: BigInt(row.carried_in_minor),
  correctionMinor: BigInt(row.correction_minor),
  teamBaseMinor: BigInt(row.team_base_minor),
  rateBps: Number(row.rate_bps),
  grossMinor: BigInt(row.gross_minor),
  downlineMinor: BigInt(row.downline_minor),
  accruedInMinor: BigInt(row.accrued_in_minor),
  netMinor: BigInt(row.net_minor),
  carryOutMinor: BigInt(row.carry_out_minor),
  status: row.status,
  failure: row.failure,
  attempts: Number(row.attempts),
  settledAt: new Date(row.settled_at),
  paidAt: row.paid_at === null ? null : new Date(row.paid_at),
});

/** What the settlement needs of an agent's previous window of the type. */
export type PreviousWindow = {
  windowStart: Date;
  firstDay: string;
  lastDay: string;
  teamValidBetMinor: bigint;
  teamProfitMinor: bigint;
  carryOutMinor: bigint;
  netMinor: bigint;
  status: SettlementStatus;
};

export const settlementRepository = {
  /** The start of the latest window of the type counted for the merchant; null: none yet. */
  lastRun: async (db: Queryable, merchantId: number, type: ContractType): Promise<Date | null> => {
    const { rows } = await db.query<{ start: Date | null }>(
      'SELECT max(window_start) AS start FROM agent_contract_runs WHERE merchant_id = $1 AND type = $2',
      [merchantId, type],
    );
    const start = rows[0]?.start ?? null;
    return start === null ? null : new Date(start);
  },

  /** The count's claim: true for the one transaction that inserted it (a second one waits, then gets false). */
  claimRun: async (tx: Queryable, merchantId: number, type: ContractType, window: Window, at: Date) => {
    const { rows } = await tx.query(
      `INSERT INTO agent_contract_runs (merchant_id, type, window_start, window_end, first_day, last_day, agents,
         counted_at)
       VALUES ($1, $2, $3, $4, $5, $6, 0, $7) ON CONFLICT DO NOTHING RETURNING 1`,
      [merchantId, type, window.start, window.end, window.firstDay, window.lastDay, at],
    );
    return rows.length > 0;
  },

  setRunAgents: async (tx: Queryable, merchantId: number, type: ContractType, start: Date, agents: number) => {
    await tx.query(
      'UPDATE agent_contract_runs SET agents = $4 WHERE merchant_id = $1 AND type = $2 AND window_start = $3',
      [merchantId, type, start, agents],
    );
  },

  /**
   * The contracts of the type in force at `at` (accepted at or before it, not ended by then), each with its holder's
   * nearest ancestor holding one of them: the contract tree of the window.
   */
  inForce: async (db: Queryable, merchantId: number, type: ContractType, at: Date) => {
    const { rows } = await db.query<{ id: string; holder_id: string; tiers: never }>(
      `SELECT id::text, holder_id::text, tiers FROM agent_contracts
       WHERE merchant_id = $1 AND type = $2 AND accepted_at IS NOT NULL AND accepted_at <= $3
         AND (ended_at IS NULL OR ended_at > $3)`,
      [merchantId, type, at],
    );
    const held = new Set(rows.map((row) => row.holder_id));
    // Each holder's uplines, nearest first: the first one holding a contract is its parent in the contract tree.
    const { rows: uplines } = await db.query<{ holder: string; ancestor: string }>(
      `SELECT descendant_id::text AS holder, ancestor_id::text AS ancestor FROM agent_tree
       WHERE merchant_id = $1 AND descendant_id = ANY($2::bigint[]) AND depth >= 1
       ORDER BY descendant_id, depth`,
      [merchantId, rows.map((row) => row.holder_id)],
    );
    const parents = new Map<string, string>();
    for (const { holder, ancestor } of uplines) {
      if (!parents.has(holder) && held.has(ancestor)) parents.set(holder, ancestor);
    }
    return rows.map((row) => {
      const parent = parents.get(row.holder_id);
      return {
        contractId: BigInt(row.id),
        agentId: BigInt(row.holder_id),
        tiers: tiersFromJson(row.tiers) as TierValue[],
        parentId: parent === undefined ? null : BigInt(parent),
      };
    });
  },

  /**
   * Takes every play change into the slots, then seals the merchant's slots before `until`: the cursor row's lock
   * orders this against every other take-in, so a change either made it into its slot before the seal or lands after.
   */
  seal: async (tx: Queryable, merchantId: number, until: Date): Promise<number> => {
    let taken = 0;
    for (;;) {
      const { rows } = await tx.query<{ n: number }>('SELECT agent_contract_take_in($1::integer) AS n', [
        TAKE_IN_BATCH,
      ]);
      const n = Number(rows[0]?.n ?? 0);
      taken += n;
      if (n < TAKE_IN_BATCH) break;
    }
    await tx.query(
      `INSERT INTO agent_contract_seals (merchant_id, sealed_until) VALUES ($1, $2)
       ON CONFLICT (merchant_id) DO UPDATE SET sealed_until = greatest(agent_contract_seals.sealed_until, excluded.sealed_until)`,
      [merchantId, until],
    );
    return taken;
  },

  /** Takes play changes into the slots without sealing (a page showing the window in progress). */
  takeIn: async (db: Queryable): Promise<number> => {
    const { rows } = await db.query<{ n: number }>('SELECT agent_contract_take_in($1::integer) AS n', [TAKE_IN_BATCH]);
    return Number(rows[0]?.n ?? 0);
  },

  /** Each listed agent's team play in the slots of [start, end). */
  slotFigures: async (
    db: Queryable,
    merchantId: number,
    agentIds: bigint[],
    start: Date,
    end: Date,
  ): Promise<Map<string, WindowFigures>> => {
    const { rows } = await db.query<{ agent_id: string; valid_bet: string; profit: string; active: string }>(
      `SELECT t.ancestor_id::text AS agent_id, sum(p.valid_bet)::text AS valid_bet, sum(p.profit)::text AS profit,
         count(*) FILTER (WHERE p.rounds > 0)::text AS active
       FROM (
         SELECT member_id, sum(rounds) AS rounds, sum(valid_bet_minor) AS valid_bet, sum(profit_minor) AS profit
         FROM agent_contract_slots WHERE merchant_id = $1 AND slot_start >= $3 AND slot_start < $4
         GROUP BY member_id
       ) p
       JOIN agent_tree t ON t.merchant_id = $1 AND t.descendant_id = p.member_id AND t.ancestor_id = ANY($2::bigint[])
       GROUP BY t.ancestor_id`,
      [merchantId, agentIds.map(String), start, end],
    );
    return new Map(
      rows.map((row) => [
        row.agent_id,
        { validBetMinor: BigInt(row.valid_bet), profitMinor: BigInt(row.profit), activeMembers: Number(row.active) },
      ]),
    );
  },

  /** Each listed agent's latest window of the type that started before `before`. */
  previous: async (
    db: Queryable,
    merchantId: number,
    type: ContractType,
    agentIds: bigint[],
    before: Date,
  ): Promise<Map<string, PreviousWindow>> => {
    const { rows } = await db.query<WindowDbRow>(
      `SELECT DISTINCT ON (w.agent_id) ${WINDOW_COLUMNS} FROM ${WINDOW_FROM}
       WHERE w.merchant_id = $1 AND w.type = $2 AND w.agent_id = ANY($3::bigint[]) AND w.window_start < $4
       ORDER BY w.agent_id, w.window_start DESC`,
      [merchantId, type, agentIds.map(String), before],
    );
    return new Map(rows.map((row) => [row.agent_id, toSettlement(row)]));
  },

  /** Salaries counted for each listed agent's team (itself and below) on windows within the days (dividend deduction). */
  teamSalaries: async (
    db: Queryable,
    merchantId: number,
    agentIds: bigint[],
    firstDay: string,
    lastDay: string,
  ): Promise<Map<string, bigint>> => {
    const { rows } = await db.query<{ agent_id: string; total: string }>(
      `SELECT t.ancestor_id::text AS agent_id, sum(w.net_minor)::text AS total
       FROM agent_contract_windows w
       JOIN agent_tree t ON t.merchant_id = w.merchant_id AND t.descendant_id = w.agent_id
         AND t.ancestor_id = ANY($2::bigint[])
       WHERE w.merchant_id = $1 AND w.type <> 'DIVIDEND' AND w.status IN ('COUNTED', 'PAID', 'FAILED')
         AND w.first_day BETWEEN $3::date AND $4::date
       GROUP BY t.ancestor_id`,
      [merchantId, agentIds.map(String), firstDay, lastDay],
    );
    return new Map(rows.map((row) => [row.agent_id, BigInt(row.total)]));
  },

  insertWindows: async (
    tx: Queryable,
    merchantId: number,
    type: ContractType,
    window: Window,
    results: readonly WindowResult[],
    at: Date,
  ): Promise<void> => {
    if (results.length === 0) return;
    const json = JSON.stringify(
      results.map((r) => ({
        agent_id: r.agentId.toString(),
        contract_id: r.contractId.toString(),
        parent_agent_id: r.parentId?.toString() ?? null,
        ...{ team_valid_bet_minor: r.validBetMinor.toString(), team_profit_minor: r.profitMinor.toString() },
        ...{ active_members: r.activeMembers, deductions_minor: r.deductionsMinor.toString() },
        ...{ carried_in_minor: r.carriedInMinor.toString(), correction_minor: r.correctionMinor.toString() },
        ...{ team_base_minor: r.teamBaseMinor.toString(), rate_bps: r.rateBps, gross_minor: r.grossMinor.toString() },
        ...{ downline_minor: r.downlineMinor.toString(), accrued_in_minor: r.accruedInMinor.toString() },
        ...{ net_minor: r.netMinor.toString(), carry_out_minor: r.carryOutMinor.toString(), status: r.status },
      })),
    );
    await tx.query(
      `INSERT INTO agent_contract_windows (merchant_id, agent_id, type, window_start, window_end, first_day, last_day,
         contract_id, parent_agent_id, team_valid_bet_minor, team_profit_minor, active_members, deductions_minor,
         carried_in_minor, correction_minor, team_base_minor, rate_bps, gross_minor, downline_minor, accrued_in_minor,
         net_minor, carry_out_minor, status, settled_at)
       SELECT $1, r.agent_id, $2, $3, $4, $5::date, $6::date, r.contract_id, r.parent_agent_id, r.team_valid_bet_minor,
         r.team_profit_minor, r.active_members, r.deductions_minor, r.carried_in_minor, r.correction_minor,
         r.team_base_minor, r.rate_bps, r.gross_minor, r.downline_minor, r.accrued_in_minor, r.net_minor,
         r.carry_out_minor, r.status, $7
       FROM jsonb_to_recordset($8::jsonb) AS r(agent_id bigint, contract_id bigint, parent_agent_id bigint,
         team_valid_bet_minor bigint, team_profit_minor bigint, active_members integer, deductions_minor bigint,
         carried_in_minor bigint, correction_minor bigint, team_base_minor bigint, rate_bps integer, gross_minor bigint,
         downline_minor bigint, accrued_in_minor bigint, net_minor bigint, carry_out_minor bigint, status text)`,
      [merchantId, type, window.start, window.end, window.firstDay, window.lastDay, at, json],
    );
  },

  /** Windows counted and not yet paid (a crash between counting and paying leaves them), oldest first. */
  unpaid: async (db: Queryable, merchantId: number, type: ContractType, limit: number): Promise<SettlementRow[]> => {
    const { rows } = await db.query<WindowDbRow>(
      `SELECT ${WINDOW_COLUMNS} FROM ${WINDOW_FROM}
       WHERE w.merchant_id = $1 AND w.type = $2 AND w.status = 'COUNTED' ORDER BY w.id LIMIT $3`,
      [merchantId, type, limit],
    );
    return rows.map(toSettlement);
  },

  byId: async (db: Queryable, merchantId: number, id: bigint): Promise<SettlementRow | undefined> => {
    const { rows } = await db.query<WindowDbRow>(
      `SELECT ${WINDOW_COLUMNS} FROM ${WINDOW_FROM} WHERE w.merchant_id = $1 AND w.id = $2`,
      [merchantId, id],
    );
    return rows[0] === undefined ? undefined : toSettlement(rows[0]);
  },

  markPaid: async (db: Queryable, merchantId: number, id: bigint, transferId: bigint, at: Date): Promise<void> => {
    await db.query(
      `UPDATE agent_contract_windows SET status = 'PAID', paid_at = coalesce(paid_at, $4), transfer_id = $3,
         failure = NULL, attempts = attempts + 1
       WHERE merchant_id = $1 AND id = $2 AND status IN ('COUNTED', 'FAILED')`,
      [merchantId, id, transferId, at],
    );
  },

  markFailed: async (db: Queryable, merchantId: number, id: bigint, failure: string): Promise<void> => {
    await db.query(
      `UPDATE agent_contract_windows SET status = 'FAILED', failure = $3, attempts = attempts + 1
       WHERE merchant_id = $1 AND id = $2 AND status IN ('COUNTED', 'FAILED')`,
      [merchantId, id, failure],
    );
  },
};

export type SettlementRepository = typeof settlementRepository;
export type { WindowDbRow };
