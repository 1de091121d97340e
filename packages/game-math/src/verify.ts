import { crashPointE2, verifyCrashHash } from './crash';
import { playDice, type DiceBet, type DiceResult } from './dice';
import { GameInputError } from './errors';
import { revealMines, type MinesReveal } from './mines';
import { playPlinko, type PlinkoResult, type PlinkoRisk } from './plinko';
import { FAMILIES, type FairInput, type Family } from './rng';
import { playSlot, type SlotRound } from './slot';

/** What each family's round was played with (the bet and the player's choices). */
export type VerifyParams = {
  slot: { lineBetMinor: bigint };
  dice: DiceBet & { betMinor: bigint };
  mines: { mineCount: number; picks: number[] };
  plinko: { betMinor: bigint; rows: number; risk: PlinkoRisk };
};
export type VerifyOutcome = {
  slot: SlotRound;
  dice: DiceResult;
  mines: MinesReveal;
  plinko: PlinkoResult;
};

/**
 * Replays a revealed round: the same engine call the game made, so the outcome is the one the game produced.
 * Used by the web verifier page and by the RGS's round recall.
 */
export const verifyRound = <F extends Family>(
  family: F,
  input: FairInput,
  params: VerifyParams[F],
): VerifyOutcome[F] => {
  const replay: { [K in Family]: (p: VerifyParams[K]) => VerifyOutcome[K] } = {
    slot: (p) => playSlot(input, p),
    dice: (p) => playDice(input, p),
    mines: (p) => revealMines(input, p.mineCount, p.picks),
    plinko: (p) => playPlinko(input, p),
  };
  if (!FAMILIES.includes(family)) throw new GameInputError(`family must be one of ${FAMILIES.join(', ')}`);
  return replay[family](params);
};

export type CrashVerification = {
  /** The round number the hash belongs to in the published chain, or null when it does not lead to it. */
  round: number | null;
  pointE2: number;
};

/** Crash rounds come from the hash chain, not from seeds: check the hash against the chain, then its point. */
export const verifyCrashRound = (params: {
  roundHash: string;
  salt: string;
  terminatingHash: string;
  maxSteps: number;
}): CrashVerification => ({
  round: verifyCrashHash(params.roundHash, params.terminatingHash, params.maxSteps),
  pointE2: crashPointE2(params.roundHash, params.salt),
});
