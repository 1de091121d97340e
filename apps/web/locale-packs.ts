import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pickPart, type PackPart } from './src/lib/i18n/pack-parts';

const PREFIX = 'virtual:locale-pack/';
const localesDir = fileURLToPath(new URL('./src/locales/', import.meta.url));

/**
 * `virtual:locale-pack/<pack>/<part>`: one part of src/locales/<pack>.json (src/lib/i18n/pack-parts.ts), so the first
 * page downloads only the strings it can show. The JSON files stay whole: they are what translators and tests read.
 */
export const localePacks = (): Plugin => ({
  name: 'locale-packs',
  resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
  load(id) {
    if (!id.startsWith(`\0${PREFIX}`)) return null;
    const [pack, part] = id.slice(PREFIX.length + 1).split('/');
    if (!pack || !/^[a-z]{2,3}$/.test(pack) || (part !== 'startup' && part !== 'deferred')) {
      this.error(`unknown locale pack ${id}`);
    }
    const file = `${localesDir}${pack}.json`;
    this.addWatchFile(file);
    const strings = pickPart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part as PackPart);
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(strings))});`;
  },
});
