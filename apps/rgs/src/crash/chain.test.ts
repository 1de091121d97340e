import { crashChain, crashRoundHash, verifyCrashHash } from '@platform/game-math';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, CrashChain } from './chain';

describe('crash hash chain', () => {
  const seed = '5f'.repeat(32);
  const length = 2 * CHECKPOINT_EVERY + 345;
  const reference = crashChain(seed, length);
  const chain = CrashChain.fromSeed(1, seed, length, 'salt');

  it('should give every round the hash game-math defines, walking from its checkpoints', () => {
    expect(chain.terminatingHash).toBe(reference[length - 1]);
    for (const round of [1, 2, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 1_999, length - 1]) {
      expect(chain.hashOf(round)).toBe(crashRoundHash(reference, round));
    }
  });

  it('should give hashes that a player verifies against the published terminating hash', () => {
    expect(verifyCrashHash(chain.hashOf(42), chain.terminatingHash, 100)).toBe(42);
  });

  it('should refuse a stored chain that does not lead to its published hash, and rounds past its end', () => {
    expect(() => CrashChain.fromSeed(1, seed, length, 'salt', '0'.repeat(64))).toThrow(/terminating hash/);
    expect(() => chain.hashOf(length)).toThrow(RangeError);
    expect(() => chain.hashOf(0)).toThrow(RangeError);
  });
});
