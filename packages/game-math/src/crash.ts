import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { assertBetMinor, GameInputError } from './errors';
import { sha256Hex } from './rng';

/**
 * Crash: shared rounds from a published hash chain (DESIGN.md §6), so no round can depend on the bets placed.
 * chain[0] = seed, chain[i] = sha256Hex(chain[i-1]) (each hash taken over the previous one's 64 hex characters as
 * text). chain[length-1] is published before the first round; round r (1-based) uses chain[length-1-r], so rounds
 * walk the chain backwards and each revealed hash, hashed r times, gives the published one.
 */
export const CRASH_EDGE_E4 = 100;
export const CRASH_RTP_E4 = 10_000 - CRASH_EDGE_E4;
/** A limit on everything: one call builds at most a million hashes (a server keeps longer chains in segments). */
export const CRASH_CHAIN_MAX = 1_000_000;
/** Crash points are capped at 1,000,000.00x: an integer the curve reaches in under 4 minutes. */
export const CRASH_MAX_E2 = 100_000_000;
/** The growth curve: multiplier = e^(rate × ms), 1.00x at 0 ms, 2.00x after 11.55 s, 10x after 38.4 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;

const HEX_64 = /^[0-9a-f]{64}$/;
const TWO_POW_52 = 2n ** 52n;

export const crashChain = (seedHex: string, length: number): string[] => {
  if (!HEX_64.test(seedHex)) throw new GameInputError('seedHex must be 64 lowercase hex characters');
  if (!Number.isInteger(length) || length < 2 || length > CRASH_CHAIN_MAX) {
    throw new GameInputError(`length must be an integer in 2..${CRASH_CHAIN_MAX}`);
  }
  const chain = [seedHex];
  for (let i = 1; i < length; i += 1) chain.push(sha256Hex(chain[i - 1]!));
  return chain;
};

/** The hash of round r (1-based) of a chain of `length` hashes: chain[length-1-r]. */
export const crashRoundHash = (chain: readonly string[], round: number): string => {
  if (!Number.isInteger(round) || round < 1 || round > chain.length - 1) {
    throw new GameInputError(`round must be an integer in 1..${chain.length - 1}`);
  }
  return chain[chain.length - 1 - round]!;
};

/** Hashes `hash` up to maxSteps times; the number of steps that reaches `terminating` is the round number. */
export const verifyCrashHash = (hash: string, terminating: string, maxSteps: number): number | null => {
  if (!HEX_64.test(hash) || !HEX_64.test(terminating)) return null;
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > CRASH_CHAIN_MAX) {
    throw new GameInputError(`maxSteps must be an integer in 1..${CRASH_CHAIN_MAX}`);
  }
  let current = hash;
  for (let step = 1; step <= maxSteps; step += 1) {
    current = sha256Hex(current);
    if (current === terminating) return step;
  }
  return null;
};

/**
 * HMAC-SHA256(key = roundHash, message = salt), both as UTF-8 text; h = the first 52 bits (13 hex digits).
 * Instant crash: h % 100 === 0 → 1.00x (1 round in 100, the house edge). Otherwise point = floor(100 × 2^52 /
 * (2^52 − h)) hundredths, capped at CRASH_MAX_E2. For a cash-out at T hundredths, P(point ≥ T) = 0.99 × 100 / T,
 * so every cash-out target returns 99%; with the curve's own points below 1.01x, about 1.98% of rounds end at 1.00x
 * (= 1 − 0.99 × 100/101). The salt (e.g. a public block hash chosen after the chain was published)
 * keeps the operator from picking a favourable chain.
 */
export const crashPointE2 = (roundHash: string, salt: string): number => {
  if (!HEX_64.test(roundHash)) throw new GameInputError('roundHash must be 64 lowercase hex characters');
  if (salt.length < 1 || salt.length > 256) throw new GameInputError('salt must be 1..256 characters');
  const digest = bytesToHex(hmac(sha256, utf8ToBytes(roundHash), utf8ToBytes(salt)));
  const h = BigInt(`0x${digest.slice(0, 13)}`);
  if (h % 100n === 0n) return 100;
  const point = (100n * TWO_POW_52) / (TWO_POW_52 - h);
  return point > BigInt(CRASH_MAX_E2) ? CRASH_MAX_E2 : Number(point);
};

/** floor(100 × e^(0.00006 × ms)): the multiplier shown elapsedMs after the round started. */
export const crashMultiplierAtE2 = (elapsedMs: number): number => {
  if (!Number.isFinite(elapsedMs) || elapsedMs < 0) throw new GameInputError('elapsedMs must be >= 0');
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
};

/**
 * The first whole millisecond at which the curve reaches pointE2: the round ends then. The logarithm gives a first
 * guess; the loop settles it against crashMultiplierAtE2 itself, so the two functions always agree.
 */
export const crashElapsedForE2 = (pointE2: number): number => {
  if (!Number.isInteger(pointE2) || pointE2 < 100 || pointE2 > CRASH_MAX_E2) {
    throw new GameInputError(`pointE2 must be an integer in 100..${CRASH_MAX_E2}`);
  }
  let ms = Math.max(0, Math.ceil(Math.log(pointE2 / 100) / CRASH_GROWTH_PER_MS));
  while (ms > 0 && crashMultiplierAtE2(ms - 1) >= pointE2) ms -= 1;
  while (crashMultiplierAtE2(ms) < pointE2) ms += 1;
  return ms;
};

/** Cash-outs start at 1.01x: a 1.00x cash-out would be a refund, and an instant crash (1.00x) beats every bet. */
export const CRASH_CASHOUT_MIN_E2 = 101;

const assertCashout = (cashoutE2: number): void => {
  if (!Number.isInteger(cashoutE2) || cashoutE2 < CRASH_CASHOUT_MIN_E2 || cashoutE2 > CRASH_MAX_E2) {
    throw new GameInputError(`cashoutE2 must be an integer in ${CRASH_CASHOUT_MIN_E2}..${CRASH_MAX_E2}`);
  }
};

/** A cash-out at cashoutE2 wins when the round had not crashed yet: cashoutE2 ≤ pointE2. */
export const crashCashoutWins = (pointE2: number, cashoutE2: number): boolean => {
  assertCashout(cashoutE2);
  return cashoutE2 <= pointE2;
};

/** A winning cash-out at cashoutE2 (hundredths) pays bet × cashoutE2 / 100, rounded down. */
export const crashPayoutMinor = (betMinor: bigint, cashoutE2: number): bigint => {
  assertBetMinor(betMinor);
  assertCashout(cashoutE2);
  return (betMinor * BigInt(cashoutE2)) / 100n;
};
