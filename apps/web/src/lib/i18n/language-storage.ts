import { STORAGE_KEYS } from '@platform/contracts';
import { local, type KeyValueStore } from '../storage';

/** The choice is kept under both keys the spec names (§4 "stored locally (keys hisLang and lang)"). */
export const storeLanguage = (code: string, store: KeyValueStore = local) => {
  store.setItem(STORAGE_KEYS.historyLanguage, code);
  store.setItem(STORAGE_KEYS.language, code);
};

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The language to start with: the stored one when the configuration still supports it, otherwise the
 * configured default, which is then stored (spec §4: "If the stored value is missing or unsupported,
 * the default language is stored").
 */
export const resolveStartLanguage = (
  supported: readonly string[],
  defaultCode: string,
  store: KeyValueStore = local,
): string => {
  const stored = store.getItem(STORAGE_KEYS.language) ?? store.getItem(STORAGE_KEYS.historyLanguage);
  const match = stored ? supported.find((code) => sameCode(code, stored)) : undefined;
  const code = match ?? defaultCode;
  storeLanguage(code, store);
  return code;
};
