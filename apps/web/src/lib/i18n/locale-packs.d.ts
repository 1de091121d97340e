/** Parts of the language packs, made by the locale-packs build plugin (apps/web/locale-packs.ts). */
declare module 'virtual:locale-pack/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
