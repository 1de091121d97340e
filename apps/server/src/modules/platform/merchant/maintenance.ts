import type { MaintenanceMessageRow, Merchant, MerchantLanguage } from './merchant.types';

/** Whether players get the maintenance page now: switched on, and inside the planned window when there is one. */
export const isMaintenanceActive = (merchant: Merchant, nowMs: number): boolean =>
  merchant.maintenanceEnabled &&
  (merchant.maintenanceStartsAt === null || merchant.maintenanceStartsAt.getTime() <= nowMs) &&
  (merchant.maintenanceEndsAt === null || nowMs < merchant.maintenanceEndsAt.getTime());

/** Bounds the work on a hostile header: a real browser sends a handful of tags. */
const MAX_HEADER_LENGTH = 500;
const MAX_TAGS = 12;

/** The language tags of an Accept-Language header, most wanted first (RFC 9110 §12.5.4); q=0 means "not this". */
export const acceptedLanguageTags = (header: string | undefined): string[] => {
  if (header === undefined || header === '') return [];
  const tags: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.slice(0, MAX_HEADER_LENGTH).split(',').slice(0, MAX_TAGS).entries()) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0) tags.push({ tag: tag.toLowerCase(), q, at });
  }
  return tags.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
};

/** The merchant language a tag asks for: by locale (fil-PH), by code (TY), or by the locale's primary subtag (fil). */
const languageFor = (tag: string, languages: readonly MerchantLanguage[]): MerchantLanguage | undefined =>
  languages.find((language) => language.locale.toLowerCase() === tag || language.code.toLowerCase() === tag) ??
  languages.find((language) => language.locale.toLowerCase().split('-')[0] === tag.split('-')[0]);

/**
 * The maintenance message a visitor reads: the one in the first language of their Accept-Language that has one, else
 * the default language's, else the merchant's general message (null: the page shows its own generic text). The
 * permission call comes before the web app knows the visitor's stored choice, so the browser's languages decide.
 */
export const maintenanceMessageFor = (
  merchant: Merchant,
  messages: readonly MaintenanceMessageRow[],
  languages: readonly MerchantLanguage[],
  acceptLanguage: string | undefined,
): string | null => {
  const byLang = new Map(messages.map((row) => [row.lang, row.message]));
  for (const tag of acceptedLanguageTags(acceptLanguage)) {
    const language = languageFor(tag, languages);
    const message = language === undefined ? undefined : byLang.get(language.code);
    if (message !== undefined) return message;
  }
  return byLang.get(merchant.defaultLanguage) ?? merchant.maintenanceMessage;
};
