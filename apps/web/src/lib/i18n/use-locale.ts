import { nextTask } from '../next-task';
import { languageState, localeOf, useLanguage } from './i18n';

/** The BCP 47 locale of the language in use (EN -> en-US, TY -> fil-PH), for dates and numbers. */
export function useLocale(): string {
  const { code, options } = useLanguage();
  return localeOf(code, options);
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

const DATE_TIME: DateTimeStyle = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Builds formatDateTime's format for the language in use in a task of its own, and resolves after it. A page's first
 * Intl.DateTimeFormat loads the locale's calendar and time-zone data (12-25 ms measured on a desktop, about four times
 * that on a mid-range phone): a view that opens by itself with dates in it (the announcement popup) waits for this, so
 * its first render is not one long task with it.
 */
export const prepareDateTimeFormat = async (): Promise<void> => {
  await nextTask();
  const { code, options } = languageState();
  dateTimeFormat(localeOf(code, options), DATE_TIME);
};

export const formatDateTime = (iso: string, locale: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(locale, DATE_TIME).format(date);
};
