import type { Queryable } from '../../../db/database';

/** [lo, hi) instants of local days [fromDay, toDayExclusive) in the merchant's time zone. */
export type Range = { merchantId: number; lo: Date; hi: Date; timezone: string };

export type DashboardRow = {
  depositCount: number;
  depositMinor: bigint;
  withdrawCount: number;
  withdrawMinor: bigint;
  rounds: number;
  betMinor: bigint;
  winMinor: bigint;
  newMembers: number;
  activeMembers: number;
  pendingDeposits: number;
  pendingWithdrawals: number;
};

export type VendorDayRow = {
  /** Null on the totals row. */
  day: string | null;
  vendorCode: string | null;
  vendorName: string | null;
  rounds: number;
  betMinor: bigint;
  winMinor: bigint;
  players: number;
};

/** One group of a day: the order's status (or the adjustment's kind) with its count and sum. */
export type DayGroupRow = { day: string; group: string; count: number; amountMinor: bigint };

const num = (value: unknown): number => Number(value ?? 0);
const big = (value: unknown): bigint => BigInt((value as bigint | number | string | null) ?? 0);

/** Trial members (user_type 4) play with play money: they are not counted as new or active members. */
const DASHBOARD_SQL = `
WITH dep AS (
  SELECT count(*) AS n, coalesce(sum(amount_minor), 0)::bigint AS amount FROM deposit_order_facts
  WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND status IN ('PAID', 'APPROVED')
), wd AS (
  SELECT count(*) AS n, coalesce(sum(amount_minor), 0)::bigint AS amount FROM withdraw_order_facts
  WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND status = 'PAID'
), rnd AS (
  SELECT count(*) AS n, coalesce(sum(valid_bet_minor), 0)::bigint AS bet, coalesce(sum(win_minor), 0)::bigint AS win
  FROM game_round_facts WHERE merchant_id = $1 AND started_at >= $2 AND started_at < $3 AND NOT play
), fresh AS (
  SELECT count(*) AS n FROM member_directory WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND user_type <> 4
), active AS (
  SELECT count(*) AS n FROM (
    SELECT member_id FROM member_login_facts
    WHERE merchant_id = $1 AND logged_in_at >= $2 AND logged_in_at < $3 AND method <> 'FREEPLAY'
    UNION
    SELECT member_id FROM game_round_facts WHERE merchant_id = $1 AND started_at >= $2 AND started_at < $3 AND NOT play
  ) AS a
), pending AS (
  SELECT (SELECT count(*) FROM deposit_order_facts WHERE merchant_id = $1 AND status = 'PENDING') AS dep,
    (SELECT count(*) FROM withdraw_order_facts WHERE merchant_id = $1 AND status IN ('HOLDING', 'PENDING')) AS wd
)
SELECT dep.n AS "depositCount", dep.amount AS "depositMinor", wd.n AS "withdrawCount", wd.amount AS "withdrawMinor",
  rnd.n AS rounds, rnd.bet AS "betMinor", rnd.win AS "winMinor", fresh.n AS "newMembers", active.n AS "activeMembers",
  pending.dep AS "pendingDeposits", pending.wd AS "pendingWithdrawals"
FROM dep, wd, rnd, fresh, active, pending`;

const DAY_OF = (column: string) => `to_char(${column} AT TIME ZONE $4::text, 'YYYY-MM-DD')`;

/** Per local day and vendor, plus the totals row of the grouping set () (day and vendor null). */
const VENDOR_DAYS_SQL = `
SELECT x.day, x."vendorCode", coalesce(v.display_name, x."vendorCode") AS "vendorName", x.rounds,
  x.bet AS "betMinor", x.win AS "winMinor", x.players
FROM (
  SELECT ${DAY_OF('r.started_at')} AS day, r.vendor_code AS "vendorCode", count(*) AS rounds,
    coalesce(sum(r.valid_bet_minor), 0)::bigint AS bet, coalesce(sum(r.win_minor), 0)::bigint AS win,
    count(DISTINCT r.member_id) AS players
  FROM game_round_facts r
  WHERE r.merchant_id = $1 AND r.started_at >= $2 AND r.started_at < $3 AND NOT r.play
    AND ($5::text IS NULL OR r.vendor_code = $5::text)
  GROUP BY GROUPING SETS ((${DAY_OF('r.started_at')}, r.vendor_code), ())
) AS x
LEFT JOIN vendor_directory v ON v.merchant_id = $1 AND v.code = x."vendorCode"
ORDER BY x.day NULLS LAST, x."vendorCode"`;

const ordersByDaySql = (facts: 'deposit_order_facts' | 'withdraw_order_facts') => `
SELECT ${DAY_OF('created_at')} AS day, status AS "group", count(*) AS count,
  coalesce(sum(amount_minor), 0)::bigint AS "amountMinor"
FROM ${facts}
WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3
GROUP BY 1, 2`;

/** Applied credits and debits (amounts made positive), and requests still waiting (PENDING, or APPROVED mid-post). */
const ADJUSTMENTS_BY_DAY_SQL = `
SELECT ${DAY_OF('requested_at')} AS day,
  CASE WHEN status = 'APPLIED' AND amount_minor > 0 THEN 'CREDIT' WHEN status = 'APPLIED' THEN 'DEBIT'
       WHEN status IN ('PENDING', 'APPROVED') THEN 'PENDING' ELSE status END AS "group",
  count(*) AS count, coalesce(sum(abs(amount_minor)), 0)::bigint AS "amountMinor"
FROM adjustment_request_facts
WHERE merchant_id = $1 AND requested_at >= $2 AND requested_at < $3
GROUP BY 1, 2`;

const toDayGroup = (row: DayGroupRow): DayGroupRow => ({
  day: row.day,
  group: row.group,
  count: num(row.count),
  amountMinor: big(row.amountMinor),
});

/**
 * SQL only (STYLE.md convention 3), over the read-only views the owners publish (docs/architecture.md "Read-only
 * views"): the reports own no table. Every statement is scoped by merchant and bounded by a time range on an index that
 * starts (merchant_id, time) (0019_reports.sql; the views are plain projections, so the planner reads through them to
 * those indexes), except the pending counts, which read the status queues.
 */
export const reportsRepository = (db: Queryable) => ({
  /**
   * The merchant's time zone, the local day at `nowIso`, and the instants that bound local days
   * [fromDay, toDayExclusive); without days, today's bounds.
   */
  range: async (
    merchantId: number,
    nowIso: string,
    days?: { fromDay: string; toDayExclusive: string },
  ): Promise<Range & { today: string }> => {
    const { rows } = await db.query<{ timezone: string; today: string; lo: Date; hi: Date }>(
      `SELECT m.timezone, d.today,
         (coalesce($3::date, d.today::date)::timestamp AT TIME ZONE m.timezone) AS lo,
         (coalesce($4::date, d.today::date + 1)::timestamp AT TIME ZONE m.timezone) AS hi
       FROM merchant_directory m, LATERAL (SELECT to_char($2::timestamptz AT TIME ZONE m.timezone, 'YYYY-MM-DD') AS today) d
       WHERE m.id = $1`,
      [merchantId, nowIso, days?.fromDay ?? null, days?.toDayExclusive ?? null],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`merchant ${merchantId} not found`);
    return { merchantId, timezone: row.timezone, today: row.today, lo: new Date(row.lo), hi: new Date(row.hi) };
  },

  dashboard: async (range: Range): Promise<DashboardRow> => {
    const { rows } = await db.query<Record<keyof DashboardRow, unknown>>(DASHBOARD_SQL, [
      range.merchantId,
      range.lo,
      range.hi,
    ]);
    const row = rows[0];
    if (row === undefined) throw new Error('dashboard query answered no row');
    return {
      depositCount: num(row.depositCount),
      depositMinor: big(row.depositMinor),
      withdrawCount: num(row.withdrawCount),
      withdrawMinor: big(row.withdrawMinor),
      rounds: num(row.rounds),
      betMinor: big(row.betMinor),
      winMinor: big(row.winMinor),
      newMembers: num(row.newMembers),
      activeMembers: num(row.activeMembers),
      pendingDeposits: num(row.pendingDeposits),
      pendingWithdrawals: num(row.pendingWithdrawals),
    };
  },

  /** Rows by day and vendor, then the totals row last. */
  vendorDays: async (range: Range, vendor: string | null): Promise<VendorDayRow[]> => {
    const { rows } = await db.query<VendorDayRow>(VENDOR_DAYS_SQL, [
      range.merchantId,
      range.lo,
      range.hi,
      range.timezone,
      vendor,
    ]);
    return rows.map((row) => ({
      ...row,
      rounds: num(row.rounds),
      betMinor: big(row.betMinor),
      winMinor: big(row.winMinor),
      players: num(row.players),
    }));
  },

  depositsByDay: async (range: Range): Promise<DayGroupRow[]> => {
    const { rows } = await db.query<DayGroupRow>(ordersByDaySql('deposit_order_facts'), [
      range.merchantId,
      range.lo,
      range.hi,
      range.timezone,
    ]);
    return rows.map(toDayGroup);
  },

  withdrawalsByDay: async (range: Range): Promise<DayGroupRow[]> => {
    const { rows } = await db.query<DayGroupRow>(ordersByDaySql('withdraw_order_facts'), [
      range.merchantId,
      range.lo,
      range.hi,
      range.timezone,
    ]);
    return rows.map(toDayGroup);
  },

  adjustmentsByDay: async (range: Range): Promise<DayGroupRow[]> => {
    const { rows } = await db.query<DayGroupRow>(ADJUSTMENTS_BY_DAY_SQL, [
      range.merchantId,
      range.lo,
      range.hi,
      range.timezone,
    ]);
    return rows.map(toDayGroup);
  },
});

export type ReportsRepository = ReturnType<typeof reportsRepository>;
