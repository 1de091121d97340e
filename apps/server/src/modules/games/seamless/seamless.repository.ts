import type { SeamlessOp } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { decodeSqlError } from '../../../lib/sql-errors';

/** A vendor as the protocols see it: one row of the catalogue's vendor_directory view. */
export type VendorRow = {
  merchantId: number;
  code: string;
  status: 'ACTIVE' | 'MAINTENANCE' | 'DISABLED';
  supportDemo: boolean;
  apiUrl: string | null;
  launchUrl: string | null;
  allowedSources: string[];
  replayUrl: string | null;
};

/**
 * A game session issued at launch. Only `ended_at` ever changes (the member's session ended: ADR 0019), and it is read
 * in the statement of each call, never from this row: a node may keep this row in memory.
 */
export type GameSessionRow = {
  merchantId: number;
  memberId: bigint;
  playerId: string;
  vendorCode: string;
  gameId: bigint;
  gameCode: string;
  currency: string;
  play: boolean;
  expiresAt: Date;
};

export type NewGameSession = Omit<GameSessionRow, 'expiresAt'> & { tokenHash: string; expiresAtMs: number };

/**
 * One money call as seamless_call(p jsonb) takes it (sql/seamless-call.sql, where each field is described). Ids and
 * amounts travel as decimal strings: JSON numbers would lose bigint precision.
 */
export type SeamlessCallInput = {
  op: Exclude<SeamlessOp, 'balance'>;
  merchant: number;
  vendor: string;
  tx: string;
  member: string;
  round: string;
  game: string;
  currency: string;
  play: boolean;
  /** Minor units; null for a call without an amount (rollback, endRound). */
  amount: string | null;
  /** The bet a credit or rollback names. */
  bet: string | null;
  endRound: boolean;
  sessionExpired: boolean;
  /** The game session's token hash: seamless_session_checked reads whether it was ended since. */
  session: string;
  hash: string;
  source: string;
  /** The member's CASH or PLAY account, and the merchant's HOUSE:<vendor> account. */
  account: string;
  house: string;
};

/** What seamless_call() (sql/seamless-call.sql) answers. Amounts are minor units as decimal text. */
export type CallOutcome = {
  duplicate: boolean;
  balance: string;
  settled: boolean;
  betMinor?: string;
  winMinor?: string;
  game?: string;
  /** A bonus grant of the member that may convert now (bonus wallet): the caller converts it after the commit. */
  bonusReady?: string | null;
};

/** deadlock_detected and serialization_failure: the statement was rolled back whole, running it again is safe. */
const MAX_ATTEMPTS = 3;

/** A call refused inside a batch: the protocol's code and seamless_refuse's detail (the balance, for funds). */
export type CallRefusal = { refused: string; detail: string };

const VENDOR_COLUMNS = `v.merchant_id AS "merchantId", v.code, v.status, v.support_demo AS "supportDemo",
  v.api_url AS "apiUrl", v.launch_url AS "launchUrl", v.allowed_sources AS "allowedSources",
  v.replay_url AS "replayUrl"`;

/** SQL only (STYLE.md). Every statement names the merchant. */
export const seamlessRepository = (db: Queryable) => ({
  vendorByCodes: async (merchantCode: string, vendorCode: string): Promise<VendorRow | undefined> =>
    (
      await db.query<VendorRow>(
        `SELECT ${VENDOR_COLUMNS} FROM vendor_directory v JOIN merchant_directory m ON m.id = v.merchant_id
         WHERE m.code = $1 AND v.code = $2`,
        [merchantCode, vendorCode],
      )
    ).rows[0],

  vendor: async (merchantId: number, vendorCode: string): Promise<VendorRow | undefined> =>
    (
      await db.query<VendorRow>(
        `SELECT ${VENDOR_COLUMNS} FROM vendor_directory v WHERE v.merchant_id = $1 AND v.code = $2`,
        [merchantId, vendorCode],
      )
    ).rows[0],

  insertSession: async (session: NewGameSession): Promise<void> => {
    await db.query(
      `INSERT INTO game_sessions (merchant_id, token_hash, member_id, player_id, vendor_code, game_id, game_code,
         currency, play, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz)`,
      [
        session.merchantId,
        session.tokenHash,
        session.memberId,
        session.playerId,
        session.vendorCode,
        session.gameId,
        session.gameCode,
        session.currency,
        session.play,
        new Date(session.expiresAtMs).toISOString(),
      ],
    );
  },

  session: async (merchantId: number, tokenHash: string): Promise<GameSessionRow | undefined> =>
    (
      await db.query<GameSessionRow>(
        `SELECT merchant_id AS "merchantId", member_id AS "memberId", player_id AS "playerId",
           vendor_code AS "vendorCode", game_id AS "gameId", game_code AS "gameCode", currency, play,
           expires_at AS "expiresAt"
         FROM game_sessions WHERE merchant_id = $1 AND token_hash = $2`,
        [merchantId, tokenHash],
      )
    ).rows[0],

  /** Whether the session was ended (logout, password change, lock), read now: the balance call's check. */
  sessionEnded: async (merchantId: number, tokenHash: string): Promise<boolean> =>
    (
      await db.query(
        'SELECT 1 FROM game_sessions WHERE merchant_id = $1 AND token_hash = $2 AND ended_at IS NOT NULL',
        [merchantId, tokenHash],
      )
    ).rows.length > 0,

  /** Ends every live game session of a member (in the caller's transaction); returns how many. */
  endMemberSessions: async (merchantId: number, memberId: bigint, nowMs: number): Promise<number> =>
    (
      await db.query(
        `UPDATE game_sessions SET ended_at = $3::timestamptz
         WHERE merchant_id = $1 AND member_id = $2 AND ended_at IS NULL RETURNING 1`,
        [merchantId, memberId, new Date(nowMs).toISOString()],
      )
    ).rows.length,

  /** How many rows (shards) an account has. */
  shardCount: async (merchantId: number, accountId: bigint): Promise<number> => {
    const { rows } = await db.query<{ shardCount: number }>(
      'SELECT shard_count AS "shardCount" FROM ledger_account_balances WHERE merchant_id = $1 AND id = $2 AND shard = 0',
      [merchantId, accountId],
    );
    const count = rows[0]?.shardCount;
    if (count === undefined) throw new Error(`no ledger account ${accountId}`);
    return count;
  },

  /** The member's status and the balance of one of its accounts (0 when the account was never opened). */
  memberBalance: async (
    merchantId: number,
    memberId: bigint,
    purpose: string,
    currency: string,
  ): Promise<{ status: string; balanceMinor: bigint } | undefined> =>
    (
      await db.query<{ status: string; balanceMinor: bigint }>(
        `SELECT m.status, (coalesce((SELECT a.balance_minor FROM ledger_account_balances a
             WHERE a.merchant_id = m.merchant_id AND a.owner_kind = 'MEMBER' AND a.owner_id = m.id
               AND a.purpose = $3 AND a.currency = $4 AND a.shard = 0), 0)
             + CASE WHEN $3 = 'CASH' THEN bonus_balance_of(m.merchant_id, m.id, $4) ELSE 0 END)::bigint AS "balanceMinor"
         FROM member_directory m WHERE m.merchant_id = $1 AND m.id = $2`,
        [merchantId, memberId, purpose, currency],
        { prepare: 'seamless_member_balance' },
      )
    ).rows[0],

  /**
   * One money call, all or nothing (seamless_call); refusals are thrown with SQLSTATE SW001. A call that PostgreSQL
   * aborted as a deadlock victim (two calls closing one round of several bets) was rolled back whole and runs again.
   */
  call: async (input: SeamlessCallInput): Promise<CallOutcome> => {
    const text = JSON.stringify(input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { rows } = await db.query<{ outcome: CallOutcome | string }>(
          // seamless_session_checked (sql/seamless-session.sql): a debit on an ended session is refused.
          'SELECT seamless_call(seamless_session_checked($1::jsonb)) AS outcome',
          [text],
          { prepare: 'seamless_call' },
        );
        const outcome = rows[0]?.outcome;
        if (outcome === undefined) throw new Error('seamless_call returned no row');
        return typeof outcome === 'string' ? (JSON.parse(outcome) as CallOutcome) : outcome;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || decodeSqlError(error).kind !== 'rolled-back') throw error;
      }
    }
  },

  /**
   * Several calls in one statement (seamless_calls): one transaction, each call in its own subtransaction. Answers one
   * entry per call, in order: its outcome, or its refusal. Throws when the batch failed whole (nothing was applied).
   */
  callBatch: async (inputs: readonly SeamlessCallInput[]): Promise<(CallOutcome | CallRefusal)[]> => {
    const { rows } = await db.query<{ outcomes: (CallOutcome | CallRefusal)[] | string }>(
      'SELECT seamless_calls(seamless_sessions_checked($1::jsonb)) AS outcomes',
      [JSON.stringify(inputs)],
      { prepare: 'seamless_calls' },
    );
    const outcomes = rows[0]?.outcomes;
    const list = typeof outcomes === 'string' ? (JSON.parse(outcomes) as (CallOutcome | CallRefusal)[]) : outcomes;
    if (list?.length !== inputs.length) throw new Error('seamless_calls answered another number of calls');
    return list;
  },

  /**
   * The batch call's statement (seamless_batch, sql/seamless-batch.sql): credits and endRounds of one vendor in one
   * transaction, answered per item like callBatch. A statement rolled back whole (a deadlock) runs again.
   */
  callMany: async (inputs: readonly SeamlessCallInput[]): Promise<(CallOutcome | CallRefusal)[]> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { rows } = await db.query<{ outcomes: (CallOutcome | CallRefusal)[] | string }>(
          'SELECT seamless_batch($1::jsonb) AS outcomes',
          [JSON.stringify(inputs)],
          { prepare: 'seamless_batch' },
        );
        const outcomes = rows[0]?.outcomes;
        const list = typeof outcomes === 'string' ? (JSON.parse(outcomes) as (CallOutcome | CallRefusal)[]) : outcomes;
        if (list?.length !== inputs.length) throw new Error('seamless_batch answered another number of items');
        return list;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || decodeSqlError(error).kind !== 'rolled-back') throw error;
      }
    }
  },

  /** Deletes up to `batch` sessions that expired before `beforeMs`. Returns how many. */
  purgeSessions: async (beforeMs: number, batch: number): Promise<number> =>
    (
      await db.query(
        `DELETE FROM game_sessions WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM game_sessions WHERE expires_at < $1::timestamptz LIMIT $2)) RETURNING 1`,
        [new Date(beforeMs).toISOString(), batch],
      )
    ).rows.length,
});

export type SeamlessRepository = ReturnType<typeof seamlessRepository>;
