import type { ContractType, SettlementStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import type { SettlementRow } from './agent-contract.types';
import { toSettlement, WINDOW_COLUMNS, WINDOW_FROM, type WindowDbRow } from './settlement.repository';

/** Reads of settled windows for the record pages, the revenue report and the settlement board. */

export type WindowFilter = {
  merchantId: number;
  agentId?: bigint;
  type?: ContractType;
  status?: SettlementStatus;
  /** Agent username contains this (back office). */
  username?: string;
  fromDay: string;
  toDay: string;
};

const filterSql = (filter: WindowFilter) => {
  const params: unknown[] = [filter.merchantId, filter.fromDay, filter.toDay];
  const where = ['w.merchant_id = $1', 'w.first_day BETWEEN $2::date AND $3::date'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filter.agentId !== undefined) add((n) => `w.agent_id = $${n}`, filter.agentId);
  if (filter.type !== undefined) add((n) => `w.type = $${n}`, filter.type);
  if (filter.status !== undefined) add((n) => `w.status = $${n}`, filter.status);
  if (filter.username !== undefined) {
    add((n) => `m.username ILIKE $${n}`, `%${filter.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { where: where.join(' AND '), params };
};

type Sums = { windows: number; grossMinor: bigint; downlineMinor: bigint; netMinor: bigint; paidMinor: bigint };
const SUMS = `count(*)::text AS windows, coalesce(sum(w.gross_minor), 0)::text AS gross,
  coalesce(sum(w.downline_minor), 0)::text AS downline, coalesce(sum(w.net_minor), 0)::text AS net,
  coalesce(sum(w.net_minor) FILTER (WHERE w.status = 'PAID'), 0)::text AS paid`;
type SumsRow = { windows: string; gross: string; downline: string; net: string; paid: string };
const toSums = (row: SumsRow | undefined): Sums => ({
  windows: Number(row?.windows ?? 0),
  grossMinor: BigInt(row?.gross ?? 0),
  downlineMinor: BigInt(row?.downline ?? 0),
  netMinor: BigInt(row?.net ?? 0),
  paidMinor: BigInt(row?.paid ?? 0),
});

export const recordsRepository = {
  page: async (db: Queryable, filter: WindowFilter, offset: number, limit: number) => {
    const { where, params } = filterSql(filter);
    const [page, sums] = await Promise.all([
      db.query<WindowDbRow>(
        `SELECT ${WINDOW_COLUMNS} FROM ${WINDOW_FROM} WHERE ${where}
         ORDER BY w.window_start DESC, w.id DESC OFFSET ${offset} LIMIT ${limit}`,
        params,
      ),
      db.query<SumsRow>(`SELECT ${SUMS} FROM ${WINDOW_FROM} WHERE ${where}`, params),
    ]);
    return { rows: page.rows.map(toSettlement) as SettlementRow[], sums: toSums(sums.rows[0]) };
  },

  byType: async (db: Queryable, filter: WindowFilter): Promise<Map<ContractType, Sums>> => {
    const { where, params } = filterSql(filter);
    const { rows } = await db.query<SumsRow & { type: ContractType }>(
      `SELECT w.type, ${SUMS} FROM ${WINDOW_FROM} WHERE ${where} GROUP BY w.type`,
      params,
    );
    return new Map(rows.map((row) => [row.type, toSums(row)]));
  },

  byStatus: async (db: Queryable, filter: WindowFilter) => {
    const { where, params } = filterSql(filter);
    const { rows } = await db.query<{ status: SettlementStatus; windows: string; net: string }>(
      `SELECT w.status, count(*)::text AS windows, coalesce(sum(w.net_minor), 0)::text AS net
       FROM ${WINDOW_FROM} WHERE ${where} GROUP BY w.status ORDER BY w.status`,
      params,
    );
    return rows.map((row) => ({ status: row.status, windows: Number(row.windows), netMinor: BigInt(row.net) }));
  },
};
