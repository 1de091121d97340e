import {
  crashPointE2,
  diceQuote,
  GameInputError,
  hashServerSeed,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  PLINKO_ROWS_MAX,
  PLINKO_ROWS_MIN,
  verifyRound,
  type DiceResult,
  type FairInput,
  type MinesReveal,
  type PlinkoResult,
  type SlotRound,
} from '@platform/game-math';
import { betMinorOf, type VerifyForm } from './verify-form';

/** Translation keys under `verify.errors`, per field: the form shows each under its input. */
export type FieldErrors = Partial<Record<keyof VerifyForm, string>>;

export type VerifyOutcome =
  | { family: 'slot'; round: SlotRound; lineBetMinor: bigint }
  | { family: 'dice'; result: DiceResult; target: number; over: boolean }
  | { family: 'mines'; reveal: MinesReveal; picks: number[]; mineCount: number; payoutMinor: bigint }
  | { family: 'plinko'; result: PlinkoResult; rows: number; risk: VerifyForm['risk'] }
  | { family: 'crash'; pointE2: number };

export type HashCheck = { computed: string; expected: string | null; match: boolean | null };

export type Verification = {
  errors: FieldErrors;
  /** The engine refused the inputs for a reason the form does not check itself (its message, in English). */
  engineError: string | null;
  outcome: VerifyOutcome | null;
  /** The revealed server seed against the hash committed before play (seeded families only). */
  hash: HashCheck | null;
};

const HEX_64 = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;
const WHOLE = /^\d{1,15}$/;
const TARGET = /^\d{1,2}(\.\d{1,2})?$/;

const wholeOf = (value: string): number | null => (WHOLE.test(value.trim()) ? Number(value.trim()) : null);

/** "3, 12 7" → [3, 12, 7]; null when any entry is not a tile number. */
const picksOf = (value: string): number[] | null => {
  const parts = value.split(/[\s,;]+/).filter(Boolean);
  const picks = parts.map((part) => wholeOf(part));
  return picks.every((pick): pick is number => pick !== null && pick < MINES_TILES) ? picks : null;
};

/** "50.5" → 5050 hundredths. */
const targetOf = (value: string): number | null => {
  const trimmed = value.trim();
  if (!TARGET.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

const seedErrors = (form: VerifyForm): FieldErrors => {
  const errors: FieldErrors = {};
  if (!HEX_64.test(form.serverSeed.trim())) errors.serverSeed = 'serverSeed';
  if (!CLIENT_SEED.test(form.clientSeed)) errors.clientSeed = 'clientSeed';
  if (wholeOf(form.nonce) === null) errors.nonce = 'nonce';
  return errors;
};

const hashCheck = (form: VerifyForm): HashCheck | null => {
  const seed = form.serverSeed.trim();
  if (!HEX_64.test(seed)) return null;
  const computed = hashServerSeed(seed);
  const expected = form.serverSeedHash.trim().toLowerCase() || null;
  return { computed, expected, match: expected === null ? null : expected === computed };
};

type Outcome = { errors: FieldErrors; outcome: (() => VerifyOutcome) | null };

const seededOutcome = (form: VerifyForm, input: FairInput, scale: number): Outcome => {
  const errors: FieldErrors = {};
  const bet = betMinorOf(form.bet, scale);
  switch (form.family) {
    case 'slot': {
      const lineBetMinor = betMinorOf(form.lineBet, scale);
      if (lineBetMinor === null) return { errors: { lineBet: 'amount' }, outcome: null };
      return {
        errors,
        outcome: () => ({ family: 'slot', round: verifyRound('slot', input, { lineBetMinor }), lineBetMinor }),
      };
    }
    case 'dice': {
      const target = targetOf(form.target);
      if (target === null || target < 1 || target > 9999) errors.target = 'target';
      if (bet === null) errors.bet = 'amount';
      if (target === null || bet === null || errors.target) return { errors, outcome: null };
      const { over } = form;
      return {
        errors,
        outcome: () => {
          diceQuote({ target, over });
          return { family: 'dice', result: verifyRound('dice', input, { betMinor: bet, target, over }), target, over };
        },
      };
    }
    case 'mines': {
      const mineCount = wholeOf(form.mineCount);
      const picks = picksOf(form.picks);
      if (mineCount === null || mineCount < MINES_MIN || mineCount > MINES_MAX) errors.mineCount = 'mineCount';
      if (picks === null || new Set(picks).size !== picks.length) errors.picks = 'picks';
      if (bet === null) errors.bet = 'amount';
      if (mineCount === null || picks === null || bet === null || Object.keys(errors).length > 0) {
        return { errors, outcome: null };
      }
      return {
        errors,
        outcome: () => {
          const reveal = verifyRound('mines', input, { mineCount, picks });
          return { family: 'mines', reveal, picks, mineCount, payoutMinor: reveal.payoutMinor(bet) };
        },
      };
    }
    case 'plinko': {
      const rows = wholeOf(form.rows);
      if (rows === null || rows < PLINKO_ROWS_MIN || rows > PLINKO_ROWS_MAX) errors.rows = 'rows';
      if (bet === null) errors.bet = 'amount';
      if (rows === null || bet === null || errors.rows) return { errors, outcome: null };
      const { risk } = form;
      return {
        errors,
        outcome: () => ({
          family: 'plinko',
          result: verifyRound('plinko', input, { betMinor: bet, rows, risk }),
          rows,
          risk,
        }),
      };
    }
    default:
      return { errors, outcome: null };
  }
};

const engineRun = (run: () => VerifyOutcome): { outcome: VerifyOutcome | null; engineError: string | null } => {
  try {
    return { outcome: run(), engineError: null };
  } catch (error) {
    if (error instanceof GameInputError) return { outcome: null, engineError: error.message };
    throw error;
  }
};

/**
 * Recomputes a round with @platform/game-math, the engines the game server runs: the same inputs give the same
 * outcome. Inputs are checked here first so each field can say what is wrong in the player's language.
 */
export const runVerify = (form: VerifyForm, scale: number): Verification => {
  if (form.family === 'crash') {
    const errors: FieldErrors = {};
    const roundHash = form.roundHash.trim().toLowerCase();
    if (!HEX_64.test(roundHash)) errors.roundHash = 'hash';
    if (form.salt.length < 1 || form.salt.length > 256) errors.salt = 'salt';
    const terminating = form.terminatingHash.trim().toLowerCase();
    if (terminating !== '' && !HEX_64.test(terminating)) errors.terminatingHash = 'hash';
    if (errors.roundHash || errors.salt) return { errors, engineError: null, outcome: null, hash: null };
    return {
      errors,
      hash: null,
      ...engineRun(() => ({ family: 'crash', pointE2: crashPointE2(roundHash, form.salt) })),
    };
  }
  const hash = hashCheck(form);
  const errors = seedErrors(form);
  const input: FairInput = {
    serverSeed: form.serverSeed.trim(),
    clientSeed: form.clientSeed,
    nonce: wholeOf(form.nonce) ?? 0,
  };
  const game = seededOutcome(form, input, scale);
  const allErrors = { ...errors, ...game.errors };
  if (Object.keys(allErrors).length > 0 || game.outcome === null) {
    return { errors: allErrors, engineError: null, outcome: null, hash };
  }
  return { errors: allErrors, hash, ...engineRun(game.outcome) };
};
