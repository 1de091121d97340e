import type { RoundStatus } from '@platform/contracts';
import type { Queryable } from '../../../db/database';

export type RoundRow = {
  vendorCode: string;
  vendorName: string | null;
  roundId: string;
  gameCode: string;
  /** From the catalogue; null when the vendor reported a game the catalogue does not list. */
  gameType: string | null;
  names: Record<string, string> | null;
  currency: string;
  play: boolean;
  betMinor: bigint;
  winMinor: bigint;
  validBetMinor: bigint;
  status: RoundStatus;
  startedAt: Date;
  settledAt: Date | null;
};

export type RoundFilter = {
  merchantId: number;
  memberId: bigint;
  play: boolean;
  /** Local calendar days of the merchant: [fromDay, toDay) converted in `timezone`. */
  fromDay: string;
  toDay: string;
  timezone: string;
  vendor: string | null;
  gameType: string | null;
  status: RoundStatus | null;
};

export type RoundTotalsRow = {
  rounds: number;
  betMinor: bigint;
  winMinor: bigint;
  validBetMinor: bigint;
};

export type VendorTransactionRow = {
  transactionId: string;
  kind: string;
  amountMinor: bigint;
  status: string;
  createdAt: Date;
};

/** A round's transactions shown in its detail: more than a round ever has (a bet, its win, maybe a jackpot). */
export const ROUND_TRANSACTIONS_MAX = 200;

const ROUND_COLUMNS = `r.vendor_code AS "vendorCode", v.display_name AS "vendorName", r.round_id AS "roundId",
  r.game_code AS "gameCode", g.game_type AS "gameType", g.names, r.currency, r.play, r.bet_minor AS "betMinor",
  r.win_minor AS "winMinor", r.valid_bet_minor AS "validBetMinor", r.status, r.started_at AS "startedAt",
  r.settled_at AS "settledAt"`;

/** The catalogue's names of a round's vendor and game (its read-only views; a round may name a game it dropped). */
const ROUND_JOINS = `LEFT JOIN vendor_directory v ON v.merchant_id = r.merchant_id AND v.code = r.vendor_code
  LEFT JOIN game_directory g ON g.merchant_id = r.merchant_id AND g.vendor_code = r.vendor_code
    AND g.game_code = r.game_code`;

/**
 * The member's rounds of a period (the seamless module's game_round_facts view): a range of game_rounds_by_member
 * (merchant, member, started_at), the other filters applied on the rows of that range. $1..$9 in the order of
 * `filterParams`.
 */
const FILTER_SQL = `r.merchant_id = $1 AND r.member_id = $2 AND r.play = $3
  AND r.started_at >= ($4::date::timestamp AT TIME ZONE $6::text)
  AND r.started_at < ($5::date::timestamp AT TIME ZONE $6::text)
  AND ($7::text IS NULL OR r.vendor_code = $7::text)
  AND ($8::text IS NULL OR g.game_type = $8::text)
  AND ($9::text IS NULL OR r.status = $9::text)`;

const filterParams = (f: RoundFilter): unknown[] => [
  f.merchantId,
  f.memberId,
  f.play,
  f.fromDay,
  f.toDay,
  f.timezone,
  f.vendor,
  f.gameType,
  f.status,
];

const toRound = (row: RoundRow): RoundRow => ({
  ...row,
  betMinor: BigInt(row.betMinor),
  winMinor: BigInt(row.winMinor),
  validBetMinor: BigInt(row.validBetMinor),
  startedAt: new Date(row.startedAt),
  settledAt: row.settledAt === null ? null : new Date(row.settledAt),
});

/** SQL only (STYLE.md convention 3): the betting record. Every statement is scoped by merchant and member. */
export const betsRepository = (db: Queryable) => ({
  /** The merchant's IANA time zone and its local date at `nowIso` (YYYY-MM-DD). */
  localToday: async (merchantId: number, nowIso: string): Promise<{ timezone: string; today: string }> => {
    const { rows } = await db.query<{ timezone: string; today: string }>(
      `SELECT timezone, to_char($2::timestamptz AT TIME ZONE timezone, 'YYYY-MM-DD') AS today
       FROM merchant_directory WHERE id = $1`,
      [merchantId, nowIso],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`merchant ${merchantId} not found`);
    return row;
  },

  /** A page of the rounds, newest first. */
  rounds: async (filter: RoundFilter, offset: number, limit: number): Promise<RoundRow[]> => {
    const { rows } = await db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM game_round_facts r ${ROUND_JOINS}
       WHERE ${FILTER_SQL}
       ORDER BY r.started_at DESC, r.vendor_code, r.round_id DESC OFFSET $10 LIMIT $11`,
      [...filterParams(filter), offset, limit],
    );
    return rows.map(toRound);
  },

  /** How many rounds the filters select and their sums (every round, not a page). */
  totals: async (filter: RoundFilter): Promise<RoundTotalsRow> => {
    const { rows } = await db.query<{ rounds: bigint | number; bet: bigint; win: bigint; valid: bigint }>(
      `SELECT count(*) AS rounds, coalesce(sum(r.bet_minor), 0)::bigint AS bet,
         coalesce(sum(r.win_minor), 0)::bigint AS win, coalesce(sum(r.valid_bet_minor), 0)::bigint AS valid
       FROM game_round_facts r
       LEFT JOIN game_directory g ON g.merchant_id = r.merchant_id AND g.vendor_code = r.vendor_code
         AND g.game_code = r.game_code
       WHERE ${FILTER_SQL}`,
      filterParams(filter),
    );
    const row = rows[0];
    return {
      rounds: Number(row?.rounds ?? 0),
      betMinor: BigInt(row?.bet ?? 0n),
      winMinor: BigInt(row?.win ?? 0n),
      validBetMinor: BigInt(row?.valid ?? 0n),
    };
  },

  /** The member's own round, or undefined (another member's round and a round that does not exist look the same). */
  round: async (
    merchantId: number,
    memberId: bigint,
    vendorCode: string,
    roundId: string,
  ): Promise<(RoundRow & { replayUrl: string | null }) | undefined> => {
    const { rows } = await db.query<RoundRow & { replayUrl: string | null }>(
      `SELECT ${ROUND_COLUMNS}, v.replay_url AS "replayUrl" FROM game_round_facts r ${ROUND_JOINS}
       WHERE r.merchant_id = $1 AND r.vendor_code = $2 AND r.round_id = $3 AND r.member_id = $4`,
      [merchantId, vendorCode, roundId, memberId],
    );
    const row = rows[0];
    return row === undefined ? undefined : { ...toRound(row), replayUrl: row.replayUrl };
  },

  /**
   * The money movements of a round in the order they came: bets, wins and rollbacks. END_ROUND markers (no money)
   * and tombstones (a rollback that came before its bet, which then never counted) are not shown.
   */
  transactions: async (
    merchantId: number,
    memberId: bigint,
    vendorCode: string,
    roundId: string,
  ): Promise<VendorTransactionRow[]> => {
    const { rows } = await db.query<VendorTransactionRow>(
      `SELECT transaction_id AS "transactionId", kind, amount_minor AS "amountMinor", status, created_at AS "createdAt"
       FROM vendor_call_facts
       WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = $3 AND member_id = $4
         AND kind <> 'END_ROUND' AND status <> 'TOMBSTONE'
       ORDER BY created_at, transaction_id LIMIT $5`,
      [merchantId, vendorCode, roundId, memberId, ROUND_TRANSACTIONS_MAX],
    );
    return rows.map((row) => ({ ...row, amountMinor: BigInt(row.amountMinor), createdAt: new Date(row.createdAt) }));
  },
});

export type BetsRepository = ReturnType<typeof betsRepository>;
