import { randomInt } from 'node:crypto';

/**
 * The text alternative to the captcha picture (ADR 0021), for people who cannot see it: digits spelled out in the
 * player's language, to be typed as digits. A screen reader reads it like any text; a script that understands
 * the words answers it too, which is why a merchant turns it on deliberately, and why the same single use, expiry
 * and rate limits bound it as they bound the picture. 10^5 digit strings times the phrasings of each language.
 */
export const QUESTION_DIGITS = 5;

type Language = { digits: readonly string[]; phrasings: readonly ((words: string) => string)[] };

const LANGUAGES: Record<'en' | 'ty', Language> = {
  en: {
    digits: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
    phrasings: [
      (words) => `Type these numbers as digits: ${words}.`,
      (words) => `Enter the digits for ${words}.`,
      (words) => `Write ${words} using digits only.`,
    ],
  },
  // Tagalog number words, the ones a Filipino screen reader user hears in everyday speech.
  ty: {
    digits: ['sero', 'isa', 'dalawa', 'tatlo', 'apat', 'lima', 'anim', 'pito', 'walo', 'siyam'],
    phrasings: [
      (words) => `I-type ang mga numerong ito bilang digit: ${words}.`,
      (words) => `Ilagay ang mga digit ng ${words}.`,
      (words) => `Isulat ang ${words} gamit lamang ang mga digit.`,
    ],
  },
};

/** The app's language code (en, ty, or a locale such as en-PH); anything else is asked in English. */
const languageOf = (lang: string | undefined): Language => {
  const code = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  return code === 'ty' || code === 'tl' || code === 'fil' ? LANGUAGES.ty : LANGUAGES.en;
};

export type CaptchaQuestion = { question: string; answer: string };

export const randomCaptchaQuestion = (
  lang: string | undefined,
  pick: (max: number) => number = randomInt,
): CaptchaQuestion => {
  const language = languageOf(lang);
  const digits = Array.from({ length: QUESTION_DIGITS }, () => pick(10));
  const words = digits.map((digit) => language.digits[digit]).join(', ');
  const phrasing = language.phrasings[pick(language.phrasings.length)] ?? language.phrasings[0]!;
  return { question: phrasing(words), answer: digits.join('') };
};
