import { useQuery } from '@tanstack/react-query';
import { API, HelpCentreSchema, HelpQuerySchema, type HelpCentre } from '@platform/contracts';
import { apiRequest } from '@/lib/api-client';

export const getHelpCentre = (lang: string): Promise<HelpCentre> =>
  apiRequest(API.system.help, { query: HelpQuerySchema.parse({ lang, device: 'WEB' }), schema: HelpCentreSchema });

/** Help centre content in the current language; a language switch fetches the other language. */
export const useHelpCentre = (lang: string) =>
  useQuery({ queryKey: ['help-centre', lang], queryFn: () => getHelpCentre(lang) });
