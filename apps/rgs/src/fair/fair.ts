import { generateServerSeed, hashServerSeed, type FairInput } from '@platform/game-math';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../lib/clock';
import { RgsError } from '../lib/errors';
import type { SeededFamily } from '../lib/games';

/**
 * Provably fair seeds (DESIGN.md §6: commit-reveal). Per (operator, player, family) there is one current pair: a
 * secret server seed whose SHA-256 is shown before play, the player's client seed and the nonce of the next round.
 * Rotating (or changing the client seed, which rotates) reveals the old server seed and starts a new pair at nonce 0.
 */
export type FairKey = { operator: string; playerId: string; family: SeededFamily };
export type FairView = { family: SeededFamily; serverSeedHash: string; clientSeed: string; nonce: number };
export type RevealedSeed = { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
export type TakenSeed = FairInput & { seedId: bigint };

export const ClientSeedSchema = z
  .string()
  .regex(/^[\x20-\x7e]{1,64}$/, 'must be 1 to 64 printable characters')
  .refine((seed) => seed.trim() === seed, 'must not start or end with a space');

type SeedRow = {
  id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
};

const view = (family: SeededFamily, row: SeedRow): FairView => ({
  family,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: row.next_nonce,
});

export const fairFactory = (deps: { db: Database; clock: Clock; randomBytes: (n: number) => Uint8Array }) => {
  const { db, clock } = deps;
  const newClientSeed = (): string => Buffer.from(deps.randomBytes(8)).toString('hex');

  const insertPair = async (tx: Queryable, key: FairKey, clientSeed: string): Promise<void> => {
    const serverSeed = generateServerSeed(deps.randomBytes);
    await tx.query(
      `INSERT INTO fair_seeds (operator, player_id, family, server_seed, server_seed_hash, client_seed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (operator, player_id, family) WHERE revealed_at IS NULL DO NOTHING`,
      [
        key.operator,
        key.playerId,
        key.family,
        serverSeed,
        hashServerSeed(serverSeed),
        clientSeed,
        new Date(clock.now()),
      ],
    );
  };

  /** The current pair, created on first sight (a random client seed the player may change). */
  const current = async (tx: Queryable, key: FairKey, lock = false): Promise<SeedRow> => {
    const select = `SELECT id, server_seed, server_seed_hash, client_seed, next_nonce FROM fair_seeds
      WHERE operator = $1 AND player_id = $2 AND family = $3 AND revealed_at IS NULL${lock ? ' FOR UPDATE' : ''}`;
    const params = [key.operator, key.playerId, key.family];
    const found = await tx.query<SeedRow>(select, params);
    if (found.rows[0] !== undefined) return found.rows[0];
    await insertPair(tx, key, newClientSeed());
    const created = await tx.query<SeedRow>(select, params);
    if (created.rows[0] === undefined) throw new Error('the current seed pair vanished');
    return created.rows[0];
  };

  const rotate = (key: FairKey, clientSeed?: string): Promise<{ revealed: RevealedSeed; current: FairView }> =>
    db.transaction(async (tx) => {
      // A mines board in play is laid out by the current seed: revealing it would show where the mines are.
      const open = await tx.query(
        `SELECT 1 FROM rounds WHERE operator = $1 AND player_id = $2 AND family = $3 AND state IN ('DEBITING', 'OPEN')
         LIMIT 1`,
        [key.operator, key.playerId, key.family],
      );
      if (open.rows.length > 0) {
        throw new RgsError('ROUND_OPEN', 409, 'Finish the round in play before changing seeds');
      }
      const old = await current(tx, key, true);
      await tx.query('UPDATE fair_seeds SET revealed_at = $2 WHERE id = $1', [old.id, new Date(clock.now())]);
      await insertPair(tx, key, clientSeed ?? old.client_seed);
      const next = await current(tx, key);
      return {
        revealed: {
          serverSeed: old.server_seed,
          serverSeedHash: old.server_seed_hash,
          clientSeed: old.client_seed,
          rounds: old.next_nonce,
        },
        current: view(key.family, next),
      };
    });

  return {
    view: async (key: FairKey): Promise<FairView> => view(key.family, await current(db, key)),
    rotate,
    /** Takes the next nonce of the current pair, in the caller's transaction (the row is locked until it ends). */
    take: async (tx: Queryable, key: FairKey): Promise<TakenSeed> => {
      const row = await current(tx, key, true);
      await tx.query('UPDATE fair_seeds SET next_nonce = next_nonce + 1 WHERE id = $1', [row.id]);
      return { seedId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.next_nonce };
    },
    /** The seed a round used, for replays: the server seed only once it was revealed. */
    seedOf: async (tx: Queryable, seedId: bigint, nonce: number) => {
      const { rows } = await tx.query<SeedRow & { revealed_at: Date | null }>(
        'SELECT id, server_seed, server_seed_hash, client_seed, next_nonce, revealed_at FROM fair_seeds WHERE id = $1',
        [seedId],
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        serverSeed: row.revealed_at === null ? null : row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce,
      };
    },
  };
};
export type Fair = ReturnType<typeof fairFactory>;
