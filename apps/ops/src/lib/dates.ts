import { currentLocale } from './i18n';

/** "21 Nov 2026, 16:42" in the language in use and the browser's time zone; '' for null, the text for a bad date. */
export const formatDateTime = (iso: string | null, locale = currentLocale()): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
