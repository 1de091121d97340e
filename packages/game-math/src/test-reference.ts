import { createHash, createHmac } from 'node:crypto';
import type { FairInput } from './rng';

/**
 * An independent implementation of the documented RNG on node:crypto, written from the README's description,
 * so the tests check the engines against the published rules and not against themselves.
 */
export const referenceHmac = (key: string, message: string): Buffer =>
  createHmac('sha256', key).update(message).digest();

export const referenceSha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export const referenceFloats = (input: FairInput, count: number): number[] => {
  const floats: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const block = referenceHmac(input.serverSeed, `${input.clientSeed}:${input.nonce}:${Math.floor(i / 8)}`);
    const offset = (i % 8) * 4;
    floats.push(
      block[offset]! / 256 +
        block[offset + 1]! / 256 ** 2 +
        block[offset + 2]! / 256 ** 3 +
        block[offset + 3]! / 256 ** 4,
    );
  }
  return floats;
};

export const SEED_A = '3f1c0e5a9b7d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4';
export const SEED_B = 'd2a84f4b8b650937ec8f73cd8be2c74add5a911ba64df27458ed8229da804a26';
