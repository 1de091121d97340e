/**
 * Translation packs, one JSON file each, fetched on demand so a visitor downloads only the language in
 * use. A configured language without a pack of ours is shown with the EN pack.
 */
import type { PackPart } from './pack-parts';

export type PackId = 'en' | 'ty';
export type Pack = Record<string, unknown>;

const PACK_BY_CODE: Record<string, PackId> = { EN: 'en', TY: 'ty' };

type Loader = () => Promise<{ default: Pack }>;

const LOADERS: Record<PackId, Record<PackPart, Loader>> = {
  en: {
    startup: () => import('virtual:locale-pack/en/startup'),
    deferred: () => import('virtual:locale-pack/en/deferred'),
  },
  ty: {
    startup: () => import('virtual:locale-pack/ty/startup'),
    deferred: () => import('virtual:locale-pack/ty/deferred'),
  },
};

export const FALLBACK_PACK: PackId = 'en';

export const packFor = (code: string): PackId => PACK_BY_CODE[code.toUpperCase()] ?? FALLBACK_PACK;

/** One part of a pack (pack-parts.ts): the start-up part before the first render, the deferred part after. */
export const loadPack = async (id: PackId, part: PackPart = 'startup'): Promise<Pack> =>
  (await LOADERS[id][part]()).default;

/** Locales of our packs, used before the configuration (which carries the real locales) is known. */
export const BUILT_IN_LANGUAGES = [
  { code: 'EN', locale: 'en-US', label: 'English' },
  { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
] as const;
