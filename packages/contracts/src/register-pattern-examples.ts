import type { RegisterPatternId } from './register-patterns';

/**
 * One passing and one failing value per message family (spec §5), for the tests of every side that enforces
 * REGISTER_PATTERNS: the contracts, the server's registration, and the web app's forms.
 */
export const REGISTER_PATTERN_EXAMPLES: Record<RegisterPatternId, { valid: string; invalid: string }> = {
  LENGTH_ONLY: { valid: 'anything at all!', invalid: '' },
  LETTERS_ONLY: { valid: 'Maria', invalid: 'Maria1' },
  LETTER_THEN_ALNUM: { valid: 'player007', invalid: '007player' },
  KANJI_AND_DIGITS: { valid: '山田２３', invalid: 'やまだ' },
  CHINESE_AND_DIGITS: { valid: '张伟88', invalid: 'Zhang Wei' },
  EMAIL: { valid: 'ana@example.com', invalid: 'ana@example' },
  ALNUM: { valid: 'Abc123', invalid: 'Abc-123' },
  LETTERS_AND_DIGITS_REQUIRED: { valid: 'abc123', invalid: 'abcdef' },
  DIGITS_ONLY: { valid: '9171234567', invalid: '917-123' },
  ALNUM_WITH_CAPITAL: { valid: 'Player1', invalid: 'player1' },
  UPPERCASE_REQUIRED: { valid: 'hello World', invalid: 'hello world' },
  LETTERS_AND_SPACES: { valid: 'Juan Dela Cruz', invalid: 'Juan D3la Cruz' },
  NO_SPACES: { valid: 'line_id.99', invalid: 'line id' },
  CHINESE_AND_PUNCTUATION: { valid: '阿凡提·买买提', invalid: '阿凡提 买买提' },
  DATE: { valid: '1990-12-31', invalid: '1990-13-01' },
  KOREAN_ONLY: { valid: '김민준', invalid: '김민준A' },
  THAI_ONLY: { valid: 'สมชาย', invalid: 'สมชาย ใจดี' },
  THAI_OR_ENGLISH: { valid: 'สมชาย Jaidee', invalid: 'สมชาย 99' },
  UPPERCASE_AND_SPACES: { valid: 'JUAN DELA CRUZ', invalid: 'Juan Dela Cruz' },
  LETTERS_DIGITS_SYMBOLS: { valid: 'a1!b2@c3#', invalid: 'a1! b2' },
  FULL_NAME: { valid: 'Maria Santos', invalid: 'Maria' },
  FULL_WIDTH_JAPANESE: { valid: 'ヤマダ　タロウ', invalid: 'ﾔﾏﾀﾞ' },
  UPPERCASE_ONLY: { valid: 'ABC', invalid: 'ABc' },
  PASSWORD: { valid: 'Str0ng#Pass', invalid: 'Str0ngPass' },
  PLAIN_TEXT: { valid: 'Unit 4, 12 Rizal St. (Makati)', invalid: '<b>Bold</b>' },
  TELEGRAM: { valid: '@juan_dc', invalid: '@juan-dc' },
};
