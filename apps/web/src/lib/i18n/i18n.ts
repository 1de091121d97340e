import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { API, STORAGE_KEYS, type LanguageChangeSchema, type LanguageOption } from '@platform/contracts';
import type { z } from 'zod';
import { apiRequest } from '../api-client';
import { local, type KeyValueStore } from '../storage';
import { resolveStartLanguage, storeLanguage } from './language-storage';
import { BUILT_IN_LANGUAGES, FALLBACK_PACK, loadPack, packFor, type PackId } from './packs';

/** Our own instance: tests and the app never share hidden global i18next state with a library. */
export const i18n = i18next.createInstance();

export type LanguageSettings = { default: string; supported: readonly LanguageOption[] };

type LanguageState = { code: string; options: readonly LanguageOption[] };

let state: LanguageState = { code: 'EN', options: BUILT_IN_LANGUAGES };
const listeners = new Set<() => void>();

const setState = (next: LanguageState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** The BCP 47 locale of a language code (EN -> en-US), from the configured options, else the built-in ones. */
export const localeOf = (code: string, options: readonly LanguageOption[]): string =>
  options.find((option) => option.code === code)?.locale ??
  BUILT_IN_LANGUAGES.find((option) => option.code === code)?.locale ??
  'en-US';

let markStarted: () => void = () => undefined;
/** Resolves once initI18n has activated the first language. */
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/** Packs whose start-up part has been added. */
const startupParts = new Set<PackId>();

/** The deferred part of each pack (pack-parts.ts), added once it arrives; a failed download is tried again later. */
const deferredParts = new Map<PackId, Promise<void>>();
const loadDeferredPart = (packId: PackId): Promise<void> => {
  let loading = deferredParts.get(packId);
  if (!loading) {
    loading = loadPack(packId, 'deferred').then(
      (strings) => {
        i18n.addResourceBundle(packId, 'translation', strings, true, true);
      },
      (error: unknown) => {
        deferredParts.delete(packId);
        throw error;
      },
    );
    deferredParts.set(packId, loading);
  }
  return loading;
};

/**
 * Resolves once the whole pack of the language in use is there: pages wait for it before they
 * render, so they never show a key instead of its text. Rejects when a download fails (the route shows its error).
 */
export const fullPackReady = async (): Promise<void> => {
  // A page chunk may be prefetched before start-up has set the language up (start.tsx): wait for that first.
  await started;
  const packId = packFor(state.code);
  await loadDeferredPart(packId);
};

const activate = async (code: string, options: readonly LanguageOption[]) => {
  const packId = packFor(code);
  // Tracked by part: a bundle that holds only the deferred part must still get its start-up part.
  if (!startupParts.has(packId)) {
    i18n.addResourceBundle(packId, 'translation', await loadPack(packId), true, true);
    startupParts.add(packId);
  }
  // Not awaited: the first render needs only the start-up part.
  loadDeferredPart(packId).catch(() => undefined);
  await i18n.changeLanguage(packId);
  document.documentElement.lang = localeOf(code, options);
  setState({ code, options });
};

/**
 * Starts translations with the stored or default language (spec §4). Missing keys fall back silently:
 * no debug logger, no missing-key handler, and the EN pack as fallback.
 */
export async function initI18n(settings: LanguageSettings, store: KeyValueStore = local): Promise<void> {
  const supported = settings.supported.length > 0 ? settings.supported : BUILT_IN_LANGUAGES;
  const code = resolveStartLanguage(
    supported.map((option) => option.code),
    settings.default,
    store,
  );
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      lng: packFor(code),
      fallbackLng: FALLBACK_PACK,
      interpolation: { escapeValue: false }, // React escapes.
      // 'added': components render again when the deferred part of a pack arrives.
      react: { useSuspense: false, bindI18nStore: 'added' },
      showSupportNotice: false,
      debug: false,
      saveMissing: false,
    });
  }
  await activate(code, supported);
  markStarted();
}

/**
 * Starts downloading the pack of the remembered language while the configuration loads; initI18n later
 * gets it from the module cache. A wrong guess costs one small download, never correctness.
 */
export const prefetchStoredPack = (store: KeyValueStore = local) => {
  const stored = store.getItem(STORAGE_KEYS.language) ?? store.getItem(STORAGE_KEYS.historyLanguage) ?? 'EN';
  loadPack(packFor(stored)).catch(() => undefined);
};

/** A user's choice: stored, applied without a reload, and told to the server (failure is harmless). */
export async function changeLanguage(code: string, store: KeyValueStore = local): Promise<void> {
  if (!state.options.some((option) => option.code === code)) return;
  storeLanguage(code, store);
  // Typed by the contract; the code is one the configuration listed, so it already fits the schema.
  const body: z.infer<typeof LanguageChangeSchema> = { lang: code };
  // The server only records the preference; the UI never waits for it or fails because of it.
  apiRequest(API.system.language, { method: 'PUT', body }).catch(() => undefined);
  await activate(code, state.options);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The language in use, outside React (see useLanguage). */
export const languageState = (): LanguageState => state;

/** The configured language code in use (EN, TY, ...) and the supported options. */
export const useLanguage = (): LanguageState => useSyncExternalStore(subscribe, languageState, languageState);
