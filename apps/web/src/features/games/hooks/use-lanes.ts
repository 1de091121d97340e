import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/lib/i18n/i18n';
import { lanesQuery } from '@/lib/lanes';

/** The vendor lanes of the language in use (the query is shared with the header dropdown: lib/lanes.ts). */
export function useLanes() {
  const { code: language } = useLanguage();
  return useQuery(lanesQuery(language));
}
