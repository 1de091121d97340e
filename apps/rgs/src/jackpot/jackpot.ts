import { JACKPOT_SHARE_E4 } from '@platform/game-math';
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../lib/clock';

/**
 * The progressive jackpot of the video slot: JACKPOT_SHARE_E4 (1%) of every paid slot bet feeds the pool of its
 * currency and mode (play money never feeds or wins a real pool); a trigger (a game-math float of the spin,
 * independent of the bet) pays the whole pool as an extra credit and resets it to its seed amount (the vendor's).
 * Contributions are kept exactly: the pool shows whole minor units and carries the 1/10,000ths left over.
 */
export const JACKPOT_POOL_NAME = 'Lucky Lanterns Grand';
export const DEFAULT_JACKPOT_SEED_MINOR = 100_000n; // 1,000.00

export type PoolKey = { currency: string; mode: 'real' | 'play' };
export type Pool = PoolKey & { amountMinor: bigint };

type PoolRow = { currency: string; mode: 'real' | 'play'; amount_minor: bigint; carry_e4: number };

export const jackpotFactory = (deps: { db: Database; clock: Clock; seedMinor?: bigint }) => {
  const { db, clock } = deps;
  const seedMinor = deps.seedMinor ?? DEFAULT_JACKPOT_SEED_MINOR;

  const ensure = async (tx: Queryable, key: PoolKey): Promise<void> => {
    await tx.query(
      `INSERT INTO jackpot_pools (currency, mode, amount_minor, carry_e4, seed_minor, updated_at)
       VALUES ($1, $2, $3, 0, $3, $4) ON CONFLICT (currency, mode) DO NOTHING`,
      [key.currency, key.mode, seedMinor, new Date(clock.now())],
    );
  };

  const locked = async (tx: Queryable, key: PoolKey): Promise<PoolRow> => {
    await ensure(tx, key);
    const { rows } = await tx.query<PoolRow>(
      'SELECT currency, mode, amount_minor, carry_e4 FROM jackpot_pools WHERE currency = $1 AND mode = $2 FOR UPDATE',
      [key.currency, key.mode],
    );
    if (rows[0] === undefined) throw new Error('jackpot pool vanished');
    return rows[0];
  };

  return {
    seedMinor,
    /** Adds the round's share of its bet to the pool, in the round's transaction. */
    contribute: async (tx: Queryable, key: PoolKey, roundId: string, betMinor: bigint): Promise<void> => {
      const shareE4 = betMinor * BigInt(JACKPOT_SHARE_E4);
      const pool = await locked(tx, key);
      const total = BigInt(pool.carry_e4) + shareE4;
      await tx.query(
        `UPDATE jackpot_pools SET amount_minor = amount_minor + $3, carry_e4 = $4, updated_at = $5
         WHERE currency = $1 AND mode = $2`,
        [key.currency, key.mode, total / 10_000n, Number(total % 10_000n), new Date(clock.now())],
      );
      await tx.query(
        `INSERT INTO jackpot_contributions (round_id, currency, mode, amount_e4, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [roundId, key.currency, key.mode, shareE4, new Date(clock.now())],
      );
    },
    /** Empties the pool into the round's win and resets it to the seed amount; returns what was won. */
    win: async (tx: Queryable, key: PoolKey, roundId: string, transactionId: string): Promise<bigint> => {
      const pool = await locked(tx, key);
      if (pool.amount_minor <= 0n) return 0n;
      await tx.query(
        'UPDATE jackpot_pools SET amount_minor = seed_minor, updated_at = $3 WHERE currency = $1 AND mode = $2',
        [key.currency, key.mode, new Date(clock.now())],
      );
      await tx.query(
        `INSERT INTO jackpot_wins (round_id, currency, mode, amount_minor, transaction_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [roundId, key.currency, key.mode, pool.amount_minor, transactionId, new Date(clock.now())],
      );
      return pool.amount_minor;
    },
    /** The pool of one currency and mode (created at its seed amount on first sight). */
    pool: async (key: PoolKey): Promise<Pool> => {
      await ensure(db, key);
      const { rows } = await db.query<PoolRow>(
        'SELECT currency, mode, amount_minor, carry_e4 FROM jackpot_pools WHERE currency = $1 AND mode = $2',
        [key.currency, key.mode],
      );
      return { ...key, amountMinor: rows[0]?.amount_minor ?? seedMinor };
    },
    /** Every pool of a mode, for the public feed (bounded: one row per currency). */
    pools: async (mode: 'real' | 'play'): Promise<Pool[]> => {
      const { rows } = await db.query<PoolRow>(
        'SELECT currency, mode, amount_minor, carry_e4 FROM jackpot_pools WHERE mode = $1 ORDER BY currency LIMIT 200',
        [mode],
      );
      return rows.map((row) => ({ currency: row.currency, mode: row.mode, amountMinor: row.amount_minor }));
    },
  };
};
export type Jackpot = ReturnType<typeof jackpotFactory>;
