/**
 * Translation packs, one JSON file each, fetched on demand so a visitor downloads only the language in
 * use. A configured language without a pack of ours is shown with the EN pack.
 */
export type PackId = 'en' | 'ty';
export type Pack = Record<string, unknown>;

const PACK_BY_CODE: Record<string, PackId> = { EN: 'en', TY: 'ty' };

const LOADERS: Record<PackId, () => Promise<{ default: Pack }>> = {
  en: () => import('../../locales/en.json'),
  ty: () => import('../../locales/ty.json'),
};

export const FALLBACK_PACK: PackId = 'en';

export const packFor = (code: string): PackId => PACK_BY_CODE[code.toUpperCase()] ?? FALLBACK_PACK;

export const loadPack = async (id: PackId): Promise<Pack> => (await LOADERS[id]()).default;

/** Locales of our packs, used before the configuration (which carries the real locales) is known. */
export const BUILT_IN_LANGUAGES = [
  { code: 'EN', locale: 'en-US', label: 'English' },
  { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
] as const;
