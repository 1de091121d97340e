/**
 * Game-name search ignores case and accents (issue 5): games.search_text holds every name and the game code through
 * this normaliser, and the query goes through it too, so "CAFE" and "cafe" both find "Café Fortuna".
 */
export const normalizeSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** games.search_text of a game: its names in every language and its code. */
export const searchTextOf = (names: Readonly<Record<string, string>>, gameCode: string): string =>
  normalizeSearch([...Object.values(names), gameCode].join(' '));

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (used with ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
