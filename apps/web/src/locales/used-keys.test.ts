import { describe, expect, it } from 'vitest';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

// pack-parts.ts names namespaces of the packs (e.g. 'errors.codes'), not keys.
const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/lib/i18n/pack-parts.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const hasKey = (key: string) => {
  let node: string | Tree | undefined = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return typeof node === 'string';
};

/**
 * Keys written literally in the source: `t('a.b')` calls, and quoted strings that start with a pack
 * section (`'pages.sports'` in the route table, `'member.pages.securityCenter'` in a registry).
 * Template keys (`languages.${key}`) are covered by the language-label test.
 */
const usedKeys = (): Map<string, string> => {
  const sections = Object.keys(en).join('|');
  const patterns = [/\bt\(\s*['"]([^'"]+)['"]/g, new RegExp(`['"]((?:${sections})\\.[A-Za-z0-9_.-]+)['"]`, 'g')];
  const found = new Map<string, string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) if (match[1]) found.set(match[1], file);
    }
  }
  return found;
};

describe('translation keys used in the source', () => {
  const used = usedKeys();

  it('should find the keys the app uses (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(80);
    expect(used.has('errors.chunkTimeout')).toBe(true);
    expect(used.has('pages.vnLottery')).toBe(true);
  });

  it('should all exist in the packs', () => {
    const missing = [...used].filter(([key]) => !hasKey(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
