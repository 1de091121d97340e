import type { Database } from '../db/database';

/**
 * Vendor rounds and transactions written straight to the tables the seamless wallet fills (0010), so the betting
 * record, the winner board and the jackpot feed are tested on their own.
 */

export type VendorFixture = {
  code: string;
  displayName?: string;
  apiUrl?: string | null;
  replayUrl?: string | null;
  status?: 'ACTIVE' | 'MAINTENANCE' | 'DISABLED';
  sort?: number;
};

/** A vendor of the merchant (created, or its settings replaced). */
export const upsertVendor = async (db: Database, merchantId: number, v: VendorFixture): Promise<void> => {
  await db.query(
    `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, api_url, replay_url, status, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_id, code) DO UPDATE SET display_name = EXCLUDED.display_name, api_url = EXCLUDED.api_url,
       replay_url = EXCLUDED.replay_url, status = EXCLUDED.status, sort = EXCLUDED.sort`,
    [
      merchantId,
      v.code,
      v.displayName ?? v.code,
      `/vendors/${v.code}.svg`,
      v.apiUrl ?? null,
      v.replayUrl ?? null,
      v.status ?? 'ACTIVE',
      v.sort ?? 0,
    ],
  );
};

/** A game of an existing vendor (its product line is created when missing). Returns the game id. */
export const insertVendorGame = async (
  db: Database,
  merchantId: number,
  g: { vendor: string; gameType: string; code: string; names: Record<string, string> },
): Promise<bigint> => {
  await db.query(
    `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [merchantId, g.vendor, g.gameType, `/vendors/${g.vendor}.svg`],
  );
  const { rows } = await db.query<{ id: bigint }>(
    `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url, search_text)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'SLOT', $6, $7) RETURNING id`,
    [
      merchantId,
      g.vendor,
      g.gameType,
      g.code,
      JSON.stringify(g.names),
      `/icons/${g.code}.svg`,
      Object.values(g.names).join(' ').toLowerCase(),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('game not inserted');
  return id;
};

export type RoundFixture = {
  vendor: string;
  roundId: string;
  memberId: bigint;
  gameCode: string;
  currency?: string;
  play?: boolean;
  betMinor: bigint;
  winMinor?: bigint;
  /** Default: the bet (nothing rolled back). */
  validBetMinor?: bigint;
  status?: 'OPEN' | 'SETTLED' | 'CANCELLED';
  startedAtMs: number;
  settledAtMs?: number | null;
};

export const insertRound = async (db: Database, merchantId: number, r: RoundFixture): Promise<void> => {
  const status = r.status ?? 'SETTLED';
  const settledAtMs = r.settledAtMs === undefined ? (status === 'OPEN' ? null : r.startedAtMs + 1_000) : r.settledAtMs;
  await db.query(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, play, bet_minor,
       win_minor, valid_bet_minor, status, started_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $13::timestamptz)`,
    [
      merchantId,
      r.vendor,
      r.roundId,
      r.memberId,
      r.gameCode,
      r.currency ?? 'USD',
      r.play ?? false,
      r.betMinor,
      r.winMinor ?? 0n,
      r.validBetMinor ?? r.betMinor,
      status,
      new Date(r.startedAtMs).toISOString(),
      settledAtMs === null ? null : new Date(settledAtMs).toISOString(),
    ],
  );
};

/** `count` settled rounds of one member and game, one a second back from `fromMs`, each bet 1.00 and won 0.50. */
export const insertManyRounds = async (
  db: Database,
  merchantId: number,
  r: { vendor: string; memberId: bigint; gameCode: string; count: number; fromMs: number; prefix: string },
): Promise<void> => {
  await db.query(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT $1, $2, $3::text || i, $4, $5, 'USD', 100, 50, 100, 'SETTLED',
       $6::timestamptz - i * interval '1 second', $6::timestamptz - i * interval '1 second'
     FROM generate_series(1, $7::int) AS i`,
    [merchantId, r.vendor, r.prefix, r.memberId, r.gameCode, new Date(r.fromMs).toISOString(), r.count],
  );
};

export type TransactionFixture = {
  vendor: string;
  transactionId: string;
  kind: 'BET' | 'WIN' | 'ROLLBACK' | 'END_ROUND';
  memberId: bigint;
  roundId: string;
  betTransactionId?: string | null;
  amountMinor: bigint;
  currency?: string;
  status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' | 'TOMBSTONE' | 'DONE';
  atMs: number;
};

export const insertTransaction = async (db: Database, merchantId: number, t: TransactionFixture): Promise<void> => {
  await db.query(
    `INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, member_id, round_id,
       bet_transaction_id, amount_minor, currency, status, request_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz)`,
    [
      merchantId,
      t.vendor,
      t.transactionId,
      t.kind,
      t.memberId,
      t.roundId,
      t.betTransactionId ?? null,
      t.amountMinor,
      t.currency ?? 'USD',
      t.status,
      `hash-${t.transactionId}`,
      new Date(t.atMs).toISOString(),
    ],
  );
};

/** The instant the merchant's local day that contains `atMs` began (its midnight, in its time zone). */
export const localMidnightMs = async (db: Database, merchantId: number, atMs: number): Promise<number> => {
  const { rows } = await db.query<{ midnight: Date | string }>(
    `SELECT (date_trunc('day', $2::timestamptz AT TIME ZONE timezone) AT TIME ZONE timezone) AS midnight
     FROM merchants WHERE id = $1`,
    [merchantId, new Date(atMs).toISOString()],
  );
  const midnight = rows[0]?.midnight;
  if (midnight === undefined) throw new Error(`no merchant ${merchantId}`);
  return new Date(midnight).getTime();
};
