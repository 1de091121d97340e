/**
 * Pattern ids of registration fields (spec §5 "message families"): the server sends `patternId` with each
 * field's `acceptedPattern`, and the web app picks the translated error text by it, replacing (min) and
 * (max) with the field's bounds.
 */
export const REGISTER_PATTERN_IDS = {
  LENGTH_ONLY: 'LENGTH_ONLY',
  LETTERS_ONLY: 'LETTERS_ONLY',
  LETTER_THEN_ALNUM: 'LETTER_THEN_ALNUM',
  KANJI_AND_DIGITS: 'KANJI_AND_DIGITS',
  CHINESE_AND_DIGITS: 'CHINESE_AND_DIGITS',
  EMAIL: 'EMAIL',
  ALNUM: 'ALNUM',
  LETTERS_AND_DIGITS_REQUIRED: 'LETTERS_AND_DIGITS_REQUIRED',
  DIGITS_ONLY: 'DIGITS_ONLY',
  ALNUM_WITH_CAPITAL: 'ALNUM_WITH_CAPITAL',
  UPPERCASE_REQUIRED: 'UPPERCASE_REQUIRED',
  LETTERS_AND_SPACES: 'LETTERS_AND_SPACES',
  NO_SPACES: 'NO_SPACES',
  CHINESE_AND_PUNCTUATION: 'CHINESE_AND_PUNCTUATION',
  DATE: 'DATE',
  KOREAN_ONLY: 'KOREAN_ONLY',
  THAI_ONLY: 'THAI_ONLY',
  THAI_OR_ENGLISH: 'THAI_OR_ENGLISH',
  UPPERCASE_AND_SPACES: 'UPPERCASE_AND_SPACES',
  LETTERS_DIGITS_SYMBOLS: 'LETTERS_DIGITS_SYMBOLS',
  FULL_NAME: 'FULL_NAME',
  FULL_WIDTH_JAPANESE: 'FULL_WIDTH_JAPANESE',
  UPPERCASE_ONLY: 'UPPERCASE_ONLY',
  /** One uppercase, one lowercase, one digit and one special symbol (spec §5). */
  PASSWORD: 'PASSWORD',
  // Ours, not spec §5 families: the rules of profile fields that have no register field (BUILT_IN_PROFILE_RULES).
  /** Free text shown back in pages and emails: no control characters, no angle brackets. */
  PLAIN_TEXT: 'PLAIN_TEXT',
  /** A Telegram username, with or without its @. */
  TELEGRAM: 'TELEGRAM',
} as const;
export type RegisterPatternId = (typeof REGISTER_PATTERN_IDS)[keyof typeof REGISTER_PATTERN_IDS];

/**
 * The canonical pattern of each message family. Merchants may configure their own `acceptedPattern` per field;
 * these are what the seed and the back office offer, so the web app's message for a patternId and the rule behind
 * it agree. Written for the `u` flag (Unicode scripts) and checked anchored, see compileRegisterPattern.
 */
export const REGISTER_PATTERNS: Record<RegisterPatternId, string> = {
  LENGTH_ONLY: '*',
  LETTERS_ONLY: '^[A-Za-z]+$',
  LETTER_THEN_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  // Kanji as typed on Japanese keyboards, with ASCII or full-width digits.
  KANJI_AND_DIGITS: '^[\\p{Script=Han}0-9\\uFF10-\\uFF19]+$',
  CHINESE_AND_DIGITS: '^[\\p{Script=Han}0-9]+$',
  EMAIL: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  ALNUM: '^[A-Za-z0-9]+$',
  LETTERS_AND_DIGITS_REQUIRED: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  DIGITS_ONLY: '^[0-9]+$',
  ALNUM_WITH_CAPITAL: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  UPPERCASE_REQUIRED: '^(?=.*[A-Z]).+$',
  LETTERS_AND_SPACES: '^[A-Za-z]+(?: +[A-Za-z]+)*$',
  NO_SPACES: '^\\S+$',
  // Chinese names may carry the middle dot (·) and other punctuation.
  CHINESE_AND_PUNCTUATION: '^[\\p{Script=Han}\\p{P}]+$',
  DATE: '^(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])-[0-9]{4})$',
  KOREAN_ONLY: '^\\p{Script=Hangul}+$',
  THAI_ONLY: '^\\p{Script=Thai}+$',
  THAI_OR_ENGLISH: '^(?=.*[\\p{Script=Thai}A-Za-z])[\\p{Script=Thai}A-Za-z ]+$',
  UPPERCASE_AND_SPACES: '^(?=.*[A-Z])[A-Z ]+$',
  // Printable ASCII without spaces.
  LETTERS_DIGITS_SYMBOLS: '^[!-~]+$',
  FULL_NAME: "^[\\p{L}\\p{M}.'-]+(?: [\\p{L}\\p{M}.'-]+)+$",
  // Kanji, kana, the prolonged sound mark, full-width letters, digits and the ideographic space.
  FULL_WIDTH_JAPANESE:
    '^[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3000\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A]+$',
  UPPERCASE_ONLY: '^[A-Z]+$',
  PASSWORD: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
  PLAIN_TEXT: '^[^\\p{C}<>]+$',
  TELEGRAM: '^@?[A-Za-z0-9_]{5,32}$',
};

/** Characters after which a regular-expression `*` has nothing to repeat. */
const NOTHING_TO_REPEAT = new Set(['', '(', '|', '^']);

/**
 * Spec §3: "A * in a pattern becomes .*". Applied only where `*` cannot be a quantifier (the whole pattern, the start
 * of a pattern or group, after `|` or `^`), so real expressions such as `^[0-9]*$` or `[^*]` keep their meaning.
 */
export const expandPatternWildcards = (pattern: string): string => {
  let out = '';
  let previous = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '\\') {
      out += pattern.slice(i, i + 2);
      previous = 'escape';
      i += 1;
      continue;
    }
    if (inClass) {
      inClass = char !== ']';
    } else if (char === '[') {
      inClass = true;
    } else if (char === '*' && NOTHING_TO_REPEAT.has(previous)) {
      out += '.*';
      previous = '*';
      continue;
    } else if (char === '(' && pattern[i + 1] === '?') {
      // A group prefix such as (?: (?= (?! (?<= (?<! (?<name>: the group starts after it.
      const prefix = /^\(\?(?:[:=!]|<[=!]|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(pattern.slice(i));
      if (prefix) {
        out += prefix[0];
        i += prefix[0].length - 1;
        previous = '(';
        continue;
      }
    }
    out += char;
    previous = inClass ? 'class' : char;
  }
  return out;
};

const compiled = new Map<string, RegExp | null>();
const MAX_COMPILED = 500;

/**
 * The expression a field's `acceptedPattern` stands for: wildcards expanded, anchored to the whole value, Unicode
 * aware. Null when the merchant's pattern is not a valid expression; callers must then refuse every value (fail
 * closed), since a broken rule cannot say what it allows.
 */
export const compileRegisterPattern = (pattern: string): RegExp | null => {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let regex: RegExp | null;
  try {
    regex = new RegExp(`^(?:${expandPatternWildcards(pattern)})$`, 'u');
  } catch {
    regex = null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
};

/** A registration field rule as the server sends it (RegisterFieldSchema in system.ts). */
export type RegisterFieldRule = {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string | null;
  patternId: string | null;
  minLength: number;
  maxLength: number;
};

export type RegisterFieldReason = 'required' | 'length' | 'pattern' | 'not_accepted';

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export const textLength = (value: string): number => [...value].length;

/**
 * Checks one value against its field rule, exactly as client and server both do. An empty value passes unless the
 * field is enabled and required; the length is checked before the pattern, so a pattern never runs on unbounded
 * input. Returns the reason a value fails, or null.
 */
export const checkRegisterValue = (rule: RegisterFieldRule, value: string | undefined): RegisterFieldReason | null => {
  if (value === undefined || value === '') return rule.enabled && rule.required ? 'required' : null;
  const length = textLength(value);
  if (length < rule.minLength || length > rule.maxLength) return 'length';
  if (rule.acceptedPattern === null) return null;
  const regex = compileRegisterPattern(rule.acceptedPattern);
  return regex !== null && regex.test(value) ? null : 'pattern';
};
