/**
 * The player's theme, as the platform's launch carries it (`theme`): the game page looks like the lobby it was opened
 * from. Dark unless the launch says light (links from before the parameter existed stay as they were).
 */
export type Theme = 'dark' | 'light';

export const asTheme = (value: string | null | undefined): Theme => (value === 'light' ? 'light' : 'dark');
