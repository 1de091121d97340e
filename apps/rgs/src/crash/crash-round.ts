import { z } from 'zod';
import { toWire } from '../lib/money';
import type { PageSession } from '../sessions/sessions';
import type { CrashChain } from './chain';

/**
 * A crash round and its bets (engine.ts runs them): the state the engine keeps, and what clients see of it (the round
 * events, the bet views, the bet request).
 */

export type CrashPhase = 'BETTING' | 'RUNNING' | 'CRASHED';

export type CrashBetView = {
  player: string;
  amount: string;
  currency: string;
  autoCashoutE2: number | null;
  cashoutE2: number | null;
  win: string | null;
};

/** What a client needs to draw the round: times are server milliseconds since the epoch. */
export type CrashRoundEvent = {
  chainId: number;
  roundNo: number;
  phase: CrashPhase;
  bettingAt: number;
  startAt: number;
  serverNow: number;
  /** Revealed once the round crashed. */
  crashE2: number | null;
  hash: string | null;
  crashedAt: number | null;
};
export type CrashSnapshot = CrashRoundEvent & {
  bets: CrashBetView[];
  history: { roundNo: number; crashE2: number; hash: string }[];
  terminatingHash: string;
  salt: string;
};

export type CrashEvent =
  | { type: 'round'; round: CrashRoundEvent }
  | { type: 'bet'; roundNo: number; bet: CrashBetView }
  | { type: 'cashout'; roundNo: number; bet: CrashBetView };

export const CrashBetSchema = z.strictObject({
  amount: z.string().max(20),
  /** Auto cash-out as a decimal multiplier ("2.00"); omitted: cash out by hand. */
  autoCashout: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a multiplier such as 2.00')
    .optional(),
});

export type BetState = 'DEBITING' | 'ACTIVE' | 'CASHED' | 'LOST' | 'LATE';
export type Bet = {
  key: string;
  session: PageSession;
  roundId?: string;
  betTransactionId?: string;
  betMinor: bigint;
  autoCashoutE2: number | null;
  cashoutE2: number | null;
  winMinor: bigint | null;
  state: BetState;
};
export type Round = {
  chain: CrashChain;
  roundNo: number;
  hash: string;
  crashE2: number;
  bettingAt: number;
  startAt: number;
  crashAt: number;
  phase: CrashPhase;
  crashedAt: number | null;
  bets: Map<string, Bet>;
};

/** Crashed rounds a client is shown. */
export const HISTORY_SIZE = 20;
export const playerKey = (session: PageSession): string => `${session.operator}|${session.playerId}`;
/** Other players see a masked name. */
export const maskPlayer = (playerId: string): string => `${playerId.slice(0, 2)}***${playerId.slice(-1)}`;

/** "2.5" → 250. */
export const parseMultiplierE2 = (text: string): number => {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** A bet as every player of the round sees it (the name masked). */
export const betView = (bet: Bet): CrashBetView => ({
  player: maskPlayer(bet.session.playerId),
  amount: toWire(bet.betMinor),
  currency: bet.session.currency,
  autoCashoutE2: bet.autoCashoutE2,
  cashoutE2: bet.cashoutE2,
  win: bet.winMinor === null ? null : toWire(bet.winMinor),
});

/** The round as a client draws it; the point and hash only once it crashed. */
export const roundEvent = (round: Round, serverNow: number): CrashRoundEvent => ({
  chainId: round.chain.id,
  roundNo: round.roundNo,
  phase: round.phase,
  bettingAt: round.bettingAt,
  startAt: round.startAt,
  serverNow,
  crashE2: round.phase === 'CRASHED' ? round.crashE2 : null,
  hash: round.phase === 'CRASHED' ? round.hash : null,
  crashedAt: round.crashedAt,
});
