import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { GameInputError } from './errors';

/**
 * Provably fair RNG (DESIGN.md §6: "HMAC-SHA256 with the argument order documented").
 * The server commits to sha256(serverSeed) before play; each round's randomness is
 * HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), read as 4-byte floats.
 * Both seeds are used as their UTF-8 text (the serverSeed's 64 hex characters, not the 32 bytes they spell),
 * so a verifier in any language reproduces a round from the three strings a player sees.
 */
export type FairInput = { serverSeed: string; clientSeed: string; nonce: number };

/** Game families whose rounds come from (serverSeed, clientSeed, nonce); crash uses the hash chain instead. */
export const FAMILIES = ['slot', 'dice', 'mines', 'plinko'] as const;
export type Family = (typeof FAMILIES)[number];

export const SERVER_SEED_BYTES = 32;
export const CLIENT_SEED_MAX_CHARS = 64;
/** A limit on everything: no game needs more than 256 floats per round (the slot's worst case). */
export const FAIR_FLOATS_MAX = 4096;

const FLOATS_PER_BLOCK = 8; // 32 HMAC bytes = 8 groups of 4 bytes
const TWO_POW_32 = 2 ** 32;
const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The commitment shown to the player before play. */
export const hashServerSeed = (serverSeed: string): string => sha256Hex(serverSeed);

/** The caller supplies the CSPRNG (node:crypto's randomBytes or crypto.getRandomValues), keeping this package pure. */
export const generateServerSeed = (randomBytes: (n: number) => Uint8Array): string => {
  const bytes = randomBytes(SERVER_SEED_BYTES);
  if (bytes.length !== SERVER_SEED_BYTES) throw new GameInputError('randomBytes returned the wrong length');
  return bytesToHex(bytes);
};

export const assertFairInput = (input: FairInput): void => {
  if (!SERVER_SEED_PATTERN.test(input.serverSeed)) {
    throw new GameInputError('serverSeed must be 64 lowercase hex characters');
  }
  if (!CLIENT_SEED_PATTERN.test(input.clientSeed)) {
    throw new GameInputError(`clientSeed must be 1..${CLIENT_SEED_MAX_CHARS} printable ASCII characters`);
  }
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new GameInputError('nonce must be an integer >= 0');
  }
};

/** HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`): 32 bytes. */
export const fairBytes = (input: FairInput, cursor: number): Uint8Array => {
  assertFairInput(input);
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new GameInputError('cursor must be an integer >= 0');
  return hmac(sha256, utf8ToBytes(input.serverSeed), utf8ToBytes(`${input.clientSeed}:${input.nonce}:${cursor}`));
};

/** b0/256 + b1/256^2 + b2/256^3 + b3/256^4, i.e. the big-endian uint32 over 2^32: exact in a double. */
export const bytesToFloat = (bytes: Uint8Array, offset: number): number =>
  (bytes[offset]! * 0x1000000 + bytes[offset + 1]! * 0x10000 + bytes[offset + 2]! * 0x100 + bytes[offset + 3]!) /
  TWO_POW_32;

// A server plays many rounds on one seed; keying the HMAC (two SHA-256 blocks) once per seed halves the work.
// The cached state is only ever cloned, never updated, so this is a pure memo.
let lastKey = '';
let lastKeyed: ReturnType<typeof hmac.create> | null = null;
const keyedHmac = (serverSeed: string): ReturnType<typeof hmac.create> => {
  if (lastKeyed === null || lastKey !== serverSeed) {
    lastKeyed = hmac.create(sha256, utf8ToBytes(serverSeed));
    lastKey = serverSeed;
  }
  return lastKeyed;
};

/**
 * Floats in order: cursor 0 gives floats 0..7, cursor 1 gives 8..15, and so on. Engines draw from one stream per
 * round, so the n-th float of a round is always the same whatever the game did with the earlier ones.
 */
export class FairFloatStream {
  private readonly keyed: ReturnType<typeof hmac.create>;
  private readonly prefix: string;
  private block = new Uint8Array(0);
  private cursor = -1;
  private index = FLOATS_PER_BLOCK;
  private drawn = 0;

  constructor(input: FairInput) {
    assertFairInput(input);
    this.keyed = keyedHmac(input.serverSeed);
    this.prefix = `${input.clientSeed}:${input.nonce}:`;
  }

  /** How many floats this stream has handed out so far. */
  get count(): number {
    return this.drawn;
  }

  next(): number {
    if (this.drawn >= FAIR_FLOATS_MAX) throw new GameInputError(`a round may draw at most ${FAIR_FLOATS_MAX} floats`);
    if (this.index === FLOATS_PER_BLOCK) {
      this.cursor += 1;
      this.block = this.keyed
        .clone()
        .update(utf8ToBytes(this.prefix + this.cursor))
        .digest();
      this.index = 0;
    }
    const float = bytesToFloat(this.block, this.index * 4);
    this.index += 1;
    this.drawn += 1;
    return float;
  }
}

export const fairFloats = (input: FairInput, count: number): number[] => {
  if (!Number.isSafeInteger(count) || count < 0 || count > FAIR_FLOATS_MAX) {
    throw new GameInputError(`count must be an integer in 0..${FAIR_FLOATS_MAX}`);
  }
  const stream = new FairFloatStream(input);
  return Array.from({ length: count }, () => stream.next());
};

/** floor(float * n): a uniform integer in 0..n-1 (the bias is below n / 2^32). */
export const fairInt = (float: number, n: number): number => {
  if (!Number.isSafeInteger(n) || n < 1) throw new GameInputError('n must be a positive integer');
  if (!(float >= 0 && float < 1)) throw new GameInputError('float must be in [0, 1)');
  return Math.floor(float * n);
};
