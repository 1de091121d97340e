import { useLanguage } from './i18n';

/** The BCP 47 locale of the language in use (EN -> en-US, TY -> fil-PH), for dates and numbers. */
export function useLocale(): string {
  const { code, options } = useLanguage();
  return options.find((option) => option.code === code)?.locale ?? 'en-US';
}

export const formatDateTime = (iso: string, locale: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
};
