import { describe, expect, it } from 'vitest';
import { GameInputError } from './errors';
import {
  FAIR_FLOATS_MAX,
  FairFloatStream,
  fairBytes,
  fairFloats,
  fairInt,
  generateServerSeed,
  hashServerSeed,
  sha256Hex,
} from './rng';
import { referenceFloats, referenceHmac, referenceSha256Hex, SEED_A, SEED_B } from './test-reference';

const input = { serverSeed: SEED_A, clientSeed: 'lucky-player', nonce: 7 };

describe('provably fair RNG', () => {
  it('should compute HMAC-SHA256 with the server seed as key and clientSeed:nonce:cursor as message', () => {
    for (const cursor of [0, 1, 5]) {
      const expected = referenceHmac(SEED_A, `lucky-player:7:${cursor}`);
      expect(Buffer.from(fairBytes(input, cursor)).toString('hex')).toBe(expected.toString('hex'));
    }
  });

  it('should pin one published vector (README example)', () => {
    const example = { serverSeed: SEED_B, clientSeed: 'my-client-seed', nonce: 1 };
    const bytes = referenceHmac(SEED_B, 'my-client-seed:1:0');
    expect(Buffer.from(fairBytes(example, 0)).toString('hex')).toBe(bytes.toString('hex'));
    const [first] = fairFloats(example, 1);
    expect(first).toBe(bytes.readUInt32BE(0) / 2 ** 32);
  });

  it('should read floats in 4-byte groups across cursors 0, 1, 2, ...', () => {
    expect(fairFloats(input, 20)).toEqual(referenceFloats(input, 20));
    expect(fairFloats({ ...input, nonce: 0 }, 9)).toEqual(referenceFloats({ ...input, nonce: 0 }, 9));
  });

  it('should give the same floats when seeds alternate (the keyed HMAC memo never leaks between seeds)', () => {
    const other = { serverSeed: SEED_B, clientSeed: 'x', nonce: 3 };
    const a = new FairFloatStream(input);
    const b = new FairFloatStream(other);
    const drawn = [a.next(), b.next(), a.next(), b.next()];
    expect(drawn).toEqual([
      referenceFloats(input, 2)[0],
      referenceFloats(other, 2)[0],
      referenceFloats(input, 2)[1],
      referenceFloats(other, 2)[1],
    ]);
  });

  it('should commit to the server seed with sha256 of its text', () => {
    expect(hashServerSeed(SEED_A)).toBe(referenceSha256Hex(SEED_A));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('should build a server seed from the 32 bytes the caller supplies', () => {
    const seed = generateServerSeed((n) => Uint8Array.from({ length: n }, (_, i) => i));
    expect(seed).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(() => generateServerSeed(() => new Uint8Array(16))).toThrow(GameInputError);
  });

  it('should refuse malformed seeds, nonces and counts', () => {
    const bad = [
      { ...input, serverSeed: SEED_A.toUpperCase() },
      { ...input, serverSeed: SEED_A.slice(1) },
      { ...input, clientSeed: '' },
      { ...input, clientSeed: 'x'.repeat(65) },
      { ...input, clientSeed: 'tab\there' },
      { ...input, nonce: -1 },
      { ...input, nonce: 1.5 },
    ];
    for (const each of bad) expect(() => fairFloats(each, 1)).toThrow(GameInputError);
    expect(() => fairFloats(input, FAIR_FLOATS_MAX + 1)).toThrow(GameInputError);
    expect(() => fairBytes(input, -1)).toThrow(GameInputError);
  });

  it('should map a float to floor(float * n)', () => {
    expect(fairInt(0, 10)).toBe(0);
    expect(fairInt(0.99999, 10)).toBe(9);
    expect(fairInt(0.5, 10001)).toBe(5000);
    expect(() => fairInt(1, 10)).toThrow(GameInputError);
    expect(() => fairInt(0.5, 0)).toThrow(GameInputError);
  });
});
