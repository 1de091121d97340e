import { isLotteryCode, lotteryOf } from '../lottery/catalogue';
import { RGS_VENDOR_CODE } from '../platform/vendor';

/** The in-house games (PROTOCOL.md "Names") and the provably fair family each belongs to. */
export const RGS_GAMES = {
  'rgs-lucky-lanterns': 'slot',
  'rgs-dice': 'dice',
  'rgs-mines': 'mines',
  'rgs-plinko': 'plinko',
  'rgs-crash': 'crash',
} as const;
export type RgsGameCode = keyof typeof RGS_GAMES;
/** Lottery games (lottery/catalogue.ts) are rounds of family 'lottery'; their outcome is an issue's draw. */
export type RgsFamily = (typeof RGS_GAMES)[RgsGameCode] | 'lottery';
export type SeededFamily = Exclude<RgsFamily, 'crash' | 'lottery'>;

export const isGameCode = (code: string): code is RgsGameCode => Object.hasOwn(RGS_GAMES, code);
/** A game a launch may name: an in-house game or a lottery of the gateway. */
export const isLaunchable = (code: string): boolean => isGameCode(code) || isLotteryCode(code);
export const familyOfGame = (code: string): RgsFamily => (isGameCode(code) ? RGS_GAMES[code] : 'lottery');
/** The vendor code the platform knows a game by: a lottery's own vendor (LOTT, TCG_SEA, TCG_LOTTO_VN), else RGS. */
export const vendorOfGame = (code: string): string => lotteryOf(code)?.vendor ?? RGS_VENDOR_CODE;

export const GAME_CODE_OF: Record<Exclude<RgsFamily, 'lottery'>, RgsGameCode> = {
  slot: 'rgs-lucky-lanterns',
  dice: 'rgs-dice',
  mines: 'rgs-mines',
  plinko: 'rgs-plinko',
  crash: 'rgs-crash',
};
