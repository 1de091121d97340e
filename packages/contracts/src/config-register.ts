import { z } from 'zod';
import { refineUnique } from './config-fields';
import {
  REGISTER_PATTERN_IDS,
  REGISTER_PATTERNS,
  compileRegisterPattern,
  expandPatternWildcards,
  type RegisterPatternId,
} from './register-patterns';

/**
 * The register settings area of the site configuration (config-ops.ts): which fields the registration form shows,
 * which it requires, their order, lengths, pattern and message; and the check that keeps a staff-written pattern from
 * being a slow expression.
 */

/** Longer patterns are refused: nobody types one by hand, and length is where slow expressions hide. */
export const REGISTER_PATTERN_MAX_LENGTH = 200;
/** The database and the web form never accept more than this for a field (merchant_register_fields). */
export const REGISTER_FIELD_MAX_LENGTH = 255;
/** Fields the registration form always shows and requires (identity registration.rules: username, password). */
export const ALWAYS_REQUIRED_REGISTER_FIELDS = ['username', 'password', 'confirmPassword'] as const;

const REGISTER_PATTERN_ID_VALUES = Object.values(REGISTER_PATTERN_IDS) as [RegisterPatternId, ...RegisterPatternId[]];
const CANONICAL_PATTERNS = new Set<string>(Object.values(REGISTER_PATTERNS));

type Quantifier = { max: number; length: number };

/** The quantifier at `at` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy), or null. */
const quantifierAt = (source: string, at: number): Quantifier | null => {
  const char = source[at];
  let max: number;
  let length: number;
  if (char === '*' || char === '+') [max, length] = [Infinity, 1];
  else if (char === '?') [max, length] = [1, 1];
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (match === null) return null;
    const [whole, low = '0', comma, high] = match;
    max = comma === undefined ? Number(low) : high === undefined || high === '' ? Infinity : Number(high);
    length = whole.length;
  } else return null;
  return { max, length: source[at + length] === '?' ? length + 1 : length };
};

type Frame = { repeats: boolean; alternates: boolean };

/**
 * Finds what makes a backtracking engine slow: a repeated group whose body repeats or has alternatives (`(a+)+`,
 * `(\w+\s?)*`, `(a|a)*`: star height above one), which can take exponential time on a near-miss. Back-references
 * are refused too (matching them is NP-hard in general). A heuristic that errs on the safe side: some harmless
 * expressions are refused, and the message says how to write them instead.
 */
const slowPatternProblem = (source: string): string | null => {
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  const top = (): Frame => stack[stack.length - 1] ?? { repeats: false, alternates: false };
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    let group: Frame | null = null;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'must not use back-references';
      // \p{…}, \P{…} and \u{…} carry braces that are not a quantifier.
      if ((next === 'p' || next === 'P' || next === 'u') && source[i + 2] === '{') {
        const end = source.indexOf('}', i + 2);
        i = end < 0 ? source.length : end + 1;
      } else i += 2;
    } else if (char === '[') {
      i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (char === '(') {
      const prefix = /^\(\?(?:[:=!]|<[=!]|<[A-Za-z_][A-Za-z0-9_]*>)?/.exec(source.slice(i));
      i += prefix?.[0].length ?? 1;
      stack.push({ repeats: false, alternates: false });
      continue;
    } else if (char === ')') {
      group = stack.length > 1 ? (stack.pop() ?? null) : null;
      i += 1;
    } else if (char === '|') {
      top().alternates = true;
      i += 1;
      continue;
    } else i += 1;
    const quantifier = quantifierAt(source, i);
    const repeated = quantifier !== null && quantifier.max > 1;
    if (quantifier !== null) i += quantifier.length;
    if (group !== null && repeated && (group.repeats || group.alternates)) {
      return 'must not repeat a group that itself repeats or has alternatives, e.g. (a+)+ or (a|b)* (it can take very long to check); use a character class such as [ab]+ or one of the standard patterns';
    }
    if (group !== null) {
      top().repeats ||= group.repeats;
      top().alternates ||= group.alternates;
    }
    if (repeated) top().repeats = true;
  }
  return null;
};

/**
 * Why a merchant's `acceptedPattern` cannot be stored, or null when it can: too long, not a valid expression (as the
 * client and the server compile it: wildcards expanded, anchored, Unicode), or prone to catastrophic backtracking.
 * The standard patterns of the message families (REGISTER_PATTERNS) are always accepted.
 */
export const registerPatternProblem = (pattern: string): string | null => {
  if (CANONICAL_PATTERNS.has(pattern)) return null;
  if (pattern.length > REGISTER_PATTERN_MAX_LENGTH) {
    return `must be at most ${REGISTER_PATTERN_MAX_LENGTH} characters`;
  }
  if (compileRegisterPattern(pattern) === null) return 'is not a valid regular expression';
  return slowPatternProblem(expandPatternWildcards(pattern));
};

export const OpsRegisterFieldSchema = z
  .object({
    field: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, 'must be a field name such as email'),
    /** Shown on the form. */
    enabled: z.boolean(),
    required: z.boolean(),
    /** null: lengths only. `*` stands for `.*` (spec §3). */
    acceptedPattern: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.string().nullable(),
    ),
    /** Picks the translated message the form shows when the pattern fails (spec §5). */
    patternId: z.enum(REGISTER_PATTERN_ID_VALUES, 'must be one of the message families').nullable(),
    minLength: z.number().int().min(0).max(REGISTER_FIELD_MAX_LENGTH),
    maxLength: z.number().int().min(1).max(REGISTER_FIELD_MAX_LENGTH),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.required && !field.enabled) {
      ctx.addIssue({ code: 'custom', message: 'a hidden field cannot be required', path: ['required'] });
    }
    if (field.minLength > field.maxLength) {
      ctx.addIssue({ code: 'custom', message: 'must not be below the minimum length', path: ['maxLength'] });
    }
    if ((ALWAYS_REQUIRED_REGISTER_FIELDS as readonly string[]).includes(field.field) && !field.required) {
      ctx.addIssue({ code: 'custom', message: 'this field is always shown and required', path: ['required'] });
    }
    if (field.acceptedPattern !== null) {
      const problem = registerPatternProblem(field.acceptedPattern);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['acceptedPattern'] });
    }
  });
export type OpsRegisterField = z.infer<typeof OpsRegisterFieldSchema>;

/** PUT /wps/ops/config/register: every field of the merchant, in form order (fields are not added or removed). */
export const OpsRegisterSettingsUpdateSchema = z
  .object({
    fields: z.array(OpsRegisterFieldSchema).min(1).max(50).superRefine(refineUnique('field', 'is listed twice')),
  })
  .strict();
export type OpsRegisterSettingsUpdate = z.infer<typeof OpsRegisterSettingsUpdateSchema>;

/** GET /wps/ops/config/register: the stored rows as they are, in form order. */
export const OpsRegisterSettingsSchema = z.object({
  fields: z.array(
    z.object({
      field: z.string(),
      enabled: z.boolean(),
      required: z.boolean(),
      acceptedPattern: z.string().nullable(),
      patternId: z.string().nullable(),
      minLength: z.number().int(),
      maxLength: z.number().int(),
    }),
  ),
});
export type OpsRegisterSettings = z.infer<typeof OpsRegisterSettingsSchema>;
