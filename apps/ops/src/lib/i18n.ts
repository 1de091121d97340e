import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import en from '@/locales/en.json';
import ty from '@/locales/ty.json';
import { local, OPS_STORAGE_KEYS } from './storage';

/**
 * The back office's languages: EN and TY (Filipino, fil-PH). Both packs are bundled: the back office is not under the
 * player app's first-page budget, and a staff member switching language mid-task should not wait for a download.
 */
export const OPS_LANGUAGES = [
  { code: 'EN', locale: 'en-US', label: 'English' },
  { code: 'TY', locale: 'fil-PH', label: 'Filipino' },
] as const;
export type OpsLanguage = (typeof OPS_LANGUAGES)[number]['code'];

const isLanguage = (value: unknown): value is OpsLanguage => OPS_LANGUAGES.some((option) => option.code === value);

/** Our own instance: tests and the app never share hidden global i18next state with a library. */
export const i18n = i18next.createInstance();

let current: OpsLanguage = 'EN';
const listeners = new Set<() => void>();

const apply = async (code: OpsLanguage) => {
  current = code;
  await i18n.changeLanguage(code);
  document.documentElement.lang = OPS_LANGUAGES.find((option) => option.code === code)?.locale ?? 'en-US';
  listeners.forEach((listener) => listener());
};

/** Starts translations with the remembered language (EN by default). Missing keys fall back to EN silently. */
export async function initI18n(): Promise<void> {
  const stored = local.getItem(OPS_STORAGE_KEYS.language);
  const code = isLanguage(stored) ? stored : 'EN';
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { EN: { translation: en }, TY: { translation: ty } },
      lng: code,
      fallbackLng: 'EN',
      interpolation: { escapeValue: false }, // React escapes.
      react: { useSuspense: false },
      showSupportNotice: false,
      debug: false,
      saveMissing: false,
    });
  }
  await apply(code);
}

/** A staff member's choice: remembered in this browser and applied without a reload. */
export async function changeLanguage(code: OpsLanguage): Promise<void> {
  local.setItem(OPS_STORAGE_KEYS.language, code);
  await apply(code);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => current;

export const useLanguage = (): OpsLanguage => useSyncExternalStore(subscribe, get, get);

/** The locale of the language in use, for dates and numbers (Intl). */
export const currentLocale = (): string => OPS_LANGUAGES.find((option) => option.code === current)?.locale ?? 'en-US';
