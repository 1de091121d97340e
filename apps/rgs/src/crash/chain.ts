import { createHash } from 'node:crypto';
import { generateServerSeed } from '@platform/game-math';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';

/**
 * The crash hash chain (game-math crash.ts): chain[0] = seed, chain[i] = sha256Hex(chain[i-1]) over the previous
 * hash's 64 hex characters; chain[length-1] (the terminating hash) is published before round 1; round r uses
 * chain[length-1-r]. The server keeps only a checkpoint every CHECKPOINT_EVERY hashes and walks forward from the
 * nearest one, so a long chain costs little memory; node:crypto's SHA-256 (the same function as game-math's
 * sha256Hex on a hex string) keeps building it fast at boot.
 */
export const CHECKPOINT_EVERY = 1_000;
export const DEFAULT_CHAIN_LENGTH = 100_000;

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export type ChainRecord = { id: number; terminatingHash: string; salt: string; length: number; createdAt: Date };

export class CrashChain {
  private constructor(
    readonly id: number,
    readonly length: number,
    readonly terminatingHash: string,
    readonly salt: string,
    private readonly checkpoints: readonly string[],
  ) {}

  /** Walks the chain once from its seed, keeping checkpoints; returns them with the terminating hash. */
  static walk(seed: string, length: number): { checkpoints: string[]; terminatingHash: string } {
    const checkpoints: string[] = [];
    let hash = seed;
    for (let index = 0; index < length; index += 1) {
      if (index > 0) hash = sha256Hex(hash);
      if (index % CHECKPOINT_EVERY === 0) checkpoints.push(hash);
    }
    return { checkpoints, terminatingHash: hash };
  }

  static of(id: number, length: number, salt: string, walked: ReturnType<typeof CrashChain.walk>): CrashChain {
    return new CrashChain(id, length, walked.terminatingHash, salt, walked.checkpoints);
  }

  static fromSeed(id: number, seed: string, length: number, salt: string, expectedTerminating?: string): CrashChain {
    const { checkpoints, terminatingHash } = CrashChain.walk(seed, length);
    if (expectedTerminating !== undefined && expectedTerminating !== terminatingHash) {
      throw new Error(`crash chain ${id} does not lead to its published terminating hash`);
    }
    return new CrashChain(id, length, terminatingHash, salt, checkpoints);
  }

  /** Rounds this chain can play: 1 .. length - 1. */
  get lastRound(): number {
    return this.length - 1;
  }

  hashOf(round: number): string {
    if (!Number.isInteger(round) || round < 1 || round > this.lastRound) throw new RangeError(`round ${round}`);
    const index = this.length - 1 - round;
    let hash = this.checkpoints[Math.floor(index / CHECKPOINT_EVERY)]!;
    for (let step = 0; step < index % CHECKPOINT_EVERY; step += 1) hash = sha256Hex(hash);
    return hash;
  }
}

type ChainRow = { id: number; seed: string; length: number; terminating_hash: string; salt: string };

/** The chain in use (the newest not exhausted), created and published when there is none. */
export const loadOrCreateChain = async (deps: {
  db: Database;
  clock: Clock;
  randomBytes: (n: number) => Uint8Array;
  length: number;
}): Promise<CrashChain> => {
  const { rows } = await deps.db.query<ChainRow>(
    `SELECT id, seed, length, terminating_hash, salt FROM crash_chains WHERE exhausted_at IS NULL
     ORDER BY id DESC LIMIT 1`,
  );
  const row = rows[0];
  if (row !== undefined) return CrashChain.fromSeed(row.id, row.seed, row.length, row.salt, row.terminating_hash);
  return createChain(deps);
};

export const createChain = async (deps: {
  db: Database;
  clock: Clock;
  randomBytes: (n: number) => Uint8Array;
  length: number;
}): Promise<CrashChain> => {
  const seed = generateServerSeed(deps.randomBytes);
  const salt = Buffer.from(deps.randomBytes(16)).toString('hex');
  const walked = CrashChain.walk(seed, deps.length);
  const { rows } = await deps.db.query<{ id: number }>(
    `INSERT INTO crash_chains (seed, length, terminating_hash, salt, created_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [seed, deps.length, walked.terminatingHash, salt, new Date(deps.clock.now())],
  );
  return CrashChain.of(rows[0]!.id, deps.length, salt, walked);
};

export const listChains = async (db: Database, limit: number): Promise<ChainRecord[]> => {
  const { rows } = await db.query<{
    id: number;
    terminating_hash: string;
    salt: string;
    length: number;
    created_at: Date;
  }>('SELECT id, terminating_hash, salt, length, created_at FROM crash_chains ORDER BY id DESC LIMIT $1', [limit]);
  return rows.map((row) => ({
    id: row.id,
    terminatingHash: row.terminating_hash,
    salt: row.salt,
    length: row.length,
    createdAt: row.created_at,
  }));
};
