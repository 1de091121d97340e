import { describe, expect, it } from 'vitest';
import { resolveStartLanguage } from './language-storage';

const SUPPORTED = ['EN', 'TY'];

const memoryStore = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
};

describe('language storage (spec §4 language change)', () => {
  it('should store the default under hisLang and lang when nothing was stored', () => {
    const store = memoryStore();
    expect(resolveStartLanguage(SUPPORTED, 'EN', store)).toBe('EN');
    expect(store.data.get('hisLang')).toBe('EN');
    expect(store.data.get('lang')).toBe('EN');
  });

  it('should replace an unsupported stored language by the default, under both keys', () => {
    const store = memoryStore({ lang: 'ZH', hisLang: 'ZH' });
    expect(resolveStartLanguage(SUPPORTED, 'EN', store)).toBe('EN');
    expect(store.data.get('hisLang')).toBe('EN');
    expect(store.data.get('lang')).toBe('EN');
  });

  it('should keep a supported stored language and write it under both keys', () => {
    const store = memoryStore({ lang: 'TY' });
    expect(resolveStartLanguage(SUPPORTED, 'EN', store)).toBe('TY');
    expect(store.data.get('hisLang')).toBe('TY');
  });

  it('should accept a stored code in another letter case, storing the configured spelling', () => {
    const store = memoryStore({ lang: 'ty' });
    expect(resolveStartLanguage(SUPPORTED, 'EN', store)).toBe('TY');
    expect(store.data.get('lang')).toBe('TY');
  });

  it('should fall back to hisLang when lang is missing', () => {
    const store = memoryStore({ hisLang: 'TY' });
    expect(resolveStartLanguage(SUPPORTED, 'EN', store)).toBe('TY');
    expect(store.data.get('lang')).toBe('TY');
  });

  it('should use the configured default, even when it is not EN', () => {
    const store = memoryStore({ lang: 'FR' });
    expect(resolveStartLanguage(SUPPORTED, 'TY', store)).toBe('TY');
  });
});
