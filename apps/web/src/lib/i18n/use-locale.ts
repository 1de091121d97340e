import { useLanguage } from './i18n';

/** The BCP 47 locale of the language in use (EN -> en-US, TY -> fil-PH), for dates and numbers. */
export function useLocale(): string {
  const { code, options } = useLanguage();
  return options.find((option) => option.code === code)?.locale ?? 'en-US';
}

type DateTimeStyle = Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and style, kept: building one costs milliseconds on a phone, and a list that
 * built one per row (as Date.toLocaleString does) made the announcement popup a long task.
 */
export const dateTimeFormat = (locale: string, style: DateTimeStyle): Intl.DateTimeFormat => {
  const key = `${locale}|${style.dateStyle ?? ''}|${style.timeStyle ?? ''}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, style);
    formatters.set(key, format);
  }
  return format;
};

export const formatDateTime = (iso: string, locale: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
