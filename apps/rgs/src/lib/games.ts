/** The in-house games (PROTOCOL.md "Names") and the provably fair family each belongs to. */
export const RGS_GAMES = {
  'rgs-lucky-lanterns': 'slot',
  'rgs-dice': 'dice',
  'rgs-mines': 'mines',
  'rgs-plinko': 'plinko',
  'rgs-crash': 'crash',
} as const;
export type RgsGameCode = keyof typeof RGS_GAMES;
export type RgsFamily = (typeof RGS_GAMES)[RgsGameCode];
export type SeededFamily = Exclude<RgsFamily, 'crash'>;

export const isGameCode = (code: string): code is RgsGameCode => Object.hasOwn(RGS_GAMES, code);
export const GAME_CODE_OF: Record<RgsFamily, RgsGameCode> = {
  slot: 'rgs-lucky-lanterns',
  dice: 'rgs-dice',
  mines: 'rgs-mines',
  plinko: 'rgs-plinko',
  crash: 'rgs-crash',
};
