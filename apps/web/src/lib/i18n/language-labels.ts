/**
 * The ~40 language names the product labels (spec §1), as keys of the `languages` section of every pack.
 * Keyed by BCP 47 language tag so a configured locale finds its name: fil-PH -> languages.fil.
 */
export const LANGUAGE_LABEL_KEYS = [
  'zh',
  'en',
  'ja',
  'th',
  'vi',
  'fil',
  'ko',
  'id',
  'ms',
  'hi',
  'km',
  'lo',
  'my',
  'pt',
  'es',
  'fr',
  'de',
  'ru',
  'ar',
  'tr',
  'it',
  'nl',
  'pl',
  'bn',
  'ur',
  'ta',
  'te',
  'fa',
  'he',
  'el',
  'cs',
  'sv',
  'da',
  'no',
  'fi',
  'hu',
  'ro',
  'uk',
  'zh-Hant',
  'yue',
] as const;

export type LanguageLabelKey = (typeof LANGUAGE_LABEL_KEYS)[number];

const TRADITIONAL_CHINESE_REGIONS = new Set(['TW', 'HK', 'MO']);

/** The label key of a locale, or null when we have no name for it (the configured label is used then). */
export const labelKeyOf = (locale: string): LanguageLabelKey | null => {
  const [language = '', second = ''] = locale.split('-');
  const lower = language.toLowerCase();
  if (lower === 'zh' && (second === 'Hant' || TRADITIONAL_CHINESE_REGIONS.has(second.toUpperCase()))) {
    return 'zh-Hant';
  }
  if (lower === 'nb' || lower === 'nn') return 'no';
  if (lower === 'tl') return 'fil';
  return (LANGUAGE_LABEL_KEYS as readonly string[]).includes(lower) ? (lower as LanguageLabelKey) : null;
};
