import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import ty from '@/locales/ty.json';
import { DEFERRED_NAMESPACES, pickPart } from './pack-parts';

/** Every leaf of a pack as a dotted key path. */
const leaves = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('language pack parts', () => {
  it.each([
    ['en', en],
    ['ty', ty],
  ])('should split the %s pack into two parts that together hold every string once', (_name, pack) => {
    const startup = leaves(pickPart(pack, 'startup'));
    const deferred = leaves(pickPart(pack, 'deferred'));
    expect([...startup, ...deferred].sort()).toEqual(leaves(pack).sort());
    expect(startup.filter((key) => deferred.includes(key))).toEqual([]);
  });

  it('should keep the deferred namespaces out of the start-up part and the rest out of the deferred part', () => {
    const startup = leaves(pickPart(en, 'startup'));
    const deferred = leaves(pickPart(en, 'deferred'));
    expect(startup.some((key) => DEFERRED_NAMESPACES.some((ns) => key.startsWith(`${ns}.`)))).toBe(false);
    expect(deferred.every((key) => DEFERRED_NAMESPACES.some((ns) => key.startsWith(`${ns}.`)))).toBe(true);
    // A namespace split in two: its other keys stay at start-up (the network message shows before anything loads).
    expect(startup).toContain('errors.network');
    expect(deferred).toContain('errors.codes.INVALID_CREDENTIALS');
  });
});
