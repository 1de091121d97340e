import type { ContractType, SettlementStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { SettlementRow, WindowFigures } from './agent-contract.types';
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

  /** Windows counted and not yet paid (a crash between counting and paying leaves them), oldest first, after `afterId`. */
  unpaid: async (
    db: Queryable,
    merchantId: number,
    type: ContractType,
    afterId: bigint,
    limit: number,
  ): Promise<SettlementRow[]> => {
    const { rows } = await db.query<WindowDbRow>(
      `SELECT ${WINDOW_COLUMNS} FROM ${WINDOW_FROM}
       WHERE w.merchant_id = $1 AND w.type = $2 AND w.status = 'COUNTED' AND w.id > $3 ORDER BY w.id LIMIT $4`,
      [merchantId, type, afterId, limit],
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

  /** Marks windows paid with their transfers, in one statement (windows already PAID stay as they are). */
  markPaid: async (
    db: Queryable,
    merchantId: number,
    paid: readonly { id: bigint; transferId: bigint }[],
    at: Date,
  ): Promise<void> => {
    if (paid.length === 0) return;
    await db.query(
      `UPDATE agent_contract_windows w SET status = 'PAID', paid_at = coalesce(w.paid_at, $4), transfer_id = p.transfer_id,
         failure = NULL, attempts = w.attempts + 1
       FROM unnest($2::bigint[], $3::bigint[]) AS p(id, transfer_id)
       WHERE w.merchant_id = $1 AND w.id = p.id AND w.status IN ('COUNTED', 'FAILED')`,
      [merchantId, paid.map((p) => p.id.toString()), paid.map((p) => p.transferId.toString()), at],
    );
  },

  /** Marks windows refused by the ledger FAILED with the refusal's code, in one statement. */
  markFailed: async (db: Queryable, merchantId: number, failed: readonly { id: bigint; failure: string }[]) => {
    if (failed.length === 0) return;
    await db.query(
      `UPDATE agent_contract_windows w SET status = 'FAILED', failure = f.failure, attempts = w.attempts + 1
       FROM unnest($2::bigint[], $3::text[]) AS f(id, failure)
       WHERE w.merchant_id = $1 AND w.id = f.id AND w.status IN ('COUNTED', 'FAILED')`,
      [merchantId, failed.map((f) => f.id.toString()), failed.map((f) => f.failure)],
    );
  },
};

export type SettlementRepository = typeof settlementRepository;
export type { WindowDbRow };
