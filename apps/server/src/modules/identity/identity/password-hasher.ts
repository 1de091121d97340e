import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash alike. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * argon2id at 64 MiB and 10 passes: about 180 ms per hash on the 2-core reference machine (DESIGN.md §7 wants 100 to
 * 500 ms; bench/login.mjs prints the current figure). One lane, so a login burst uses the thread pool's threads
 * rather than every core for each hash. Hashes carry their parameters, so raising these later keeps old hashes valid.
 */
export const PASSWORD_HASH_PARAMS: Argon2Params = { memoryCost: 65_536, timeCost: 10, parallelism: 1 };

/** For tests only: the same algorithm at the smallest cost, so suites do not spend minutes hashing. */
export const TEST_PASSWORD_HASH_PARAMS: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** @node-rs/argon2's Algorithm.Argon2id; a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;

export const argon2Hasher = (params: Argon2Params = PASSWORD_HASH_PARAMS): PasswordHasher => ({
  hash: (password) => hash(password, { algorithm: ARGON2ID, ...params }),
  verify: async (passwordHash, password) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
});

/** Counts every hash computation (hash and verify alike): the bench and the tests read it. */
export type HashMetrics = { passwordHashes: number };

export const countingHasher = (inner: PasswordHasher, metrics: HashMetrics): PasswordHasher => ({
  hash: (password) => {
    metrics.passwordHashes += 1;
    return inner.hash(password);
  },
  verify: (passwordHash, password) => {
    metrics.passwordHashes += 1;
    return inner.verify(passwordHash, password);
  },
});

/**
 * A hash of a random password, started at boot with the same parameters: an unknown username is verified against it,
 * so it costs the same time as a wrong password and the two cannot be told apart (enumeration safety). Started
 * eagerly (off the event loop, in the thread pool) so the first unknown username does not pay for it twice.
 */
export const dummyHashOf = (hasher: PasswordHasher): (() => Promise<string>) => {
  const dummy = hasher.hash(randomBytes(24).toString('base64url'));
  return () => dummy;
};
