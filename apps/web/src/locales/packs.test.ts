import { describe, expect, it } from 'vitest';
import en from './en.json';
import ty from './ty.json';
import { LANGUAGE_LABEL_KEYS } from '@/lib/i18n/language-labels';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a pack as a dotted key path. */
const keyPaths = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );

const leafValues = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leafValues(value)));

describe('language packs', () => {
  const enKeys = keyPaths(en);
  const tyKeys = keyPaths(ty);

  it('should have every EN key in the TY pack', () => {
    expect(enKeys.filter((key) => !tyKeys.includes(key))).toEqual([]);
  });

  it('should have every TY key in the EN pack', () => {
    expect(tyKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('should have no empty translations', () => {
    expect(leafValues(en).filter((value) => value.trim() === '')).toEqual([]);
    expect(leafValues(ty).filter((value) => value.trim() === '')).toEqual([]);
  });

  it('should be really translated: most TY strings differ from EN', () => {
    const pairs = enKeys.map((key) => [
      key,
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', en),
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', ty),
    ]);
    const translated = pairs.filter(([, a, b]) => a !== b).length;
    expect(translated / pairs.length).toBeGreaterThan(0.7);
  });

  it('should translate every string a player reads, but for the few that are the same in Filipino', () => {
    // "Menu" is the Filipino word too (and only read out: the button shows an icon); the rest are symbols and codes.
    const SAME_IN_BOTH = [
      'header.menu',
      'deposit.limits',
      'verify.slot.symbols.SEVEN',
      'verify.slot.symbols.A',
      'verify.slot.symbols.K',
      'verify.slot.symbols.Q',
      'verify.slot.symbols.J',
    ];
    const lookup = (tree: Tree, key: string) =>
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', tree);
    const untranslated = enKeys.filter(
      (key) => !SAME_IN_BOTH.includes(key) && !key.startsWith('languages.') && lookup(en, key) === lookup(ty, key),
    );
    expect(untranslated).toEqual([]);
  });

  it('should keep the same {{placeholders}} in both packs', () => {
    const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const lookup = (tree: Tree, key: string) =>
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] ?? '', tree) as string;
    const mismatched = enKeys.filter(
      (key) => placeholders(lookup(en, key)).join() !== placeholders(lookup(ty, key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('should name the ~40 labelled languages in both packs', () => {
    expect(LANGUAGE_LABEL_KEYS.length).toBeGreaterThanOrEqual(40);
    for (const key of LANGUAGE_LABEL_KEYS) {
      expect(en.languages, `EN languages.${key}`).toHaveProperty([key]);
      expect(ty.languages, `TY languages.${key}`).toHaveProperty([key]);
    }
  });
});
