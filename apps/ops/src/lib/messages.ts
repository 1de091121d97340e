import type { TFunction } from 'i18next';
import { i18n } from './i18n';

/**
 * The text of a validation message. Messages come from zod schemas (the contracts' own, shared with the server, are in
 * English) and from the server's `fields`. A message that is a locale key (`auth.codeFormat`: no spaces, a dot) is
 * translated as a key; an English sentence is looked up in the locale's `messages` table by its exact text
 * (`"messages": { "Enter your username": "Ilagay ang iyong username" }`), else shown as it is.
 */
export const translateMessage = (t: TFunction, message: string): string => {
  if (!/\s/.test(message) && message.includes('.')) return t(message, { defaultValue: message });
  const table = i18n.getResource(i18n.language, 'translation', 'messages') as Record<string, unknown> | undefined;
  const translated = table?.[message];
  return typeof translated === 'string' && translated !== '' ? translated : message;
};
