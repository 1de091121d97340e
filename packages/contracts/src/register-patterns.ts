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
} as const;
export type RegisterPatternId = (typeof REGISTER_PATTERN_IDS)[keyof typeof REGISTER_PATTERN_IDS];
