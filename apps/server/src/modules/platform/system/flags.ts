import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** 3:2 SVG flags shipped by the country-flag-icons package, one file per ISO 3166-1 alpha-2 code. */
const FLAGS_DIR = join(dirname(require.resolve('country-flag-icons/package.json')), '3x2');

/** Bounded by construction: at most 26 × 26 two-letter codes, each a few kilobytes. */
const cache = new Map<string, Buffer | null>();

/** The SVG of a flag, or undefined when the package has none. `code` must already match ^[A-Z]{2}$. */
export const loadFlagSvg = async (code: string): Promise<Buffer | undefined> => {
  const cached = cache.get(code);
  if (cached !== undefined) return cached ?? undefined;
  try {
    const svg = await readFile(join(FLAGS_DIR, `${code}.svg`));
    cache.set(code, svg);
    return svg;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    cache.set(code, null);
    return undefined;
  }
};
