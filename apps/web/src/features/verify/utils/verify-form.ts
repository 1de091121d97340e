import { formatMoney, parseMoney } from '@platform/contracts';
import { PLINKO_RISKS, PLINKO_ROWS_MAX, PLINKO_ROWS_MIN, type PlinkoRisk } from '@platform/game-math';

/**
 * The verifier's form, as text the player can edit, and how a link fills it:
 * `/verify?family=<family>&serverSeed=..&serverSeedHash=..&clientSeed=..&nonce=..&params=<json>`, where params holds
 * the round's choices in the engine's units (bets as decimal strings in the currency, or as `...Minor` integers):
 * - slot   `{ "lineBet": "0.10" }`
 * - dice   `{ "target": 5050, "over": true, "bet": "1.00" }` (target in hundredths, 50.50)
 * - mines  `{ "mineCount": 3, "picks": [0, 12, 7], "bet": "1.00" }` (tiles 0..24, row by row, in the order picked)
 * - plinko `{ "rows": 12, "risk": "medium", "bet": "1.00" }`
 * - crash  `{ "roundHash": "..", "salt": "..", "terminatingHash": ".." }` (no seeds: crash rounds come from a chain)
 */
export const VERIFY_FAMILIES = ['slot', 'dice', 'mines', 'plinko', 'crash'] as const;
export type VerifyFamily = (typeof VERIFY_FAMILIES)[number];

export type VerifyForm = {
  family: VerifyFamily;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** Slot: the line bet; the total bet is 20 lines × this. */
  lineBet: string;
  /** Dice, mines and plinko: the stake (payouts are shown for it). */
  bet: string;
  /** Dice: the target as a percentage with two decimals ("50.50"). */
  target: string;
  over: boolean;
  mineCount: string;
  /** Mines: tile numbers 0..24 in the order picked, separated by commas or spaces. */
  picks: string;
  rows: string;
  risk: PlinkoRisk;
  roundHash: string;
  salt: string;
  terminatingHash: string;
};

export const DEFAULT_FORM: VerifyForm = {
  family: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  lineBet: '1',
  bet: '1',
  target: '50.00',
  over: true,
  mineCount: '3',
  picks: '',
  rows: String(PLINKO_ROWS_MIN),
  risk: 'medium',
  roundHash: '',
  salt: '',
  terminatingHash: '',
};

type Json = Record<string, unknown>;

const readParams = (text: string | null): Json => {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** A decimal amount from `key` (decimal string) or `keyMinor` (integer minor units), in the currency's scale. */
const amountOf = (params: Json, key: string, scale: number): string | null => {
  const decimal = text(params[key]);
  if (decimal !== null) return decimal;
  const minor = text(params[`${key}Minor`]);
  if (minor === null || !/^\d{1,18}$/.test(minor)) return null;
  return formatMoney(BigInt(minor), scale);
};

/** Hundredths (5050) → "50.50". */
export const hundredthsText = (value: number): string =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

const isFamily = (value: string | null): value is VerifyFamily =>
  value !== null && (VERIFY_FAMILIES as readonly string[]).includes(value);

const isRisk = (value: unknown): value is PlinkoRisk =>
  typeof value === 'string' && (PLINKO_RISKS as readonly string[]).includes(value);

/** The form a verifier link describes; anything missing or malformed keeps its default (the form then says what). */
export const formFromQuery = (query: URLSearchParams, scale: number): VerifyForm => {
  const params = readParams(query.get('params'));
  const form: VerifyForm = { ...DEFAULT_FORM };
  const family = query.get('family');
  if (isFamily(family)) form.family = family;
  form.serverSeed = query.get('serverSeed') ?? '';
  // The RGS links a crash round with top-level hash, salt and terminatingHash (its chain, not a player's seeds).
  const crash = form.family === 'crash';
  form.serverSeedHash = query.get('serverSeedHash') ?? (crash ? null : query.get('hash')) ?? '';
  form.clientSeed = query.get('clientSeed') ?? '';
  form.nonce = query.get('nonce') ?? DEFAULT_FORM.nonce;
  form.lineBet = amountOf(params, 'lineBet', scale) ?? DEFAULT_FORM.lineBet;
  form.bet = amountOf(params, 'bet', scale) ?? DEFAULT_FORM.bet;
  if (typeof params.target === 'number' && Number.isInteger(params.target) && params.target >= 0) {
    form.target = hundredthsText(params.target);
  }
  if (typeof params.over === 'boolean') form.over = params.over;
  form.mineCount = text(params.mineCount) ?? DEFAULT_FORM.mineCount;
  if (Array.isArray(params.picks)) form.picks = params.picks.map((pick) => String(pick)).join(', ');
  const rows = text(params.rows);
  if (rows !== null) form.rows = rows;
  if (isRisk(params.risk)) form.risk = params.risk;
  form.roundHash = text(params.roundHash) ?? (crash ? query.get('hash') : null) ?? '';
  form.salt = text(params.salt) ?? query.get('salt') ?? '';
  form.terminatingHash = text(params.terminatingHash) ?? query.get('terminatingHash') ?? '';
  return form;
};

export const PLINKO_ROW_CHOICES = Array.from(
  { length: PLINKO_ROWS_MAX - PLINKO_ROWS_MIN + 1 },
  (_, index) => PLINKO_ROWS_MIN + index,
);

/** A bet in minor units, or null when the text is not a positive amount in the currency's scale. */
export const betMinorOf = (value: string, scale: number): bigint | null => {
  try {
    return parseMoney(value, scale);
  } catch {
    return null;
  }
};
