import type { GameType } from '@platform/contracts';
import { AppError } from '../../../lib/app-error';

/** The game a launcher opens. */
export type LaunchGame = { id: bigint; vendorCode: string; gameType: GameType; gameCode: string };

/** What a launcher gets: who plays what, with which money, in which language. */
export type LaunchInput = {
  merchantId: number;
  /** The merchant's code (vendors know the merchant by it). */
  merchantCode: string;
  memberId: bigint;
  game: LaunchGame;
  currency: string;
  play: boolean;
  /** One of the merchant's language codes (EN, TY...), chosen by the player. */
  language: string;
  /** The player's theme (the merchant's default when the lobby did not say). */
  theme: 'dark' | 'light';
};

/**
 * Opens a vendor's game client for a member. `play` is true for a trial member, who plays with play money in
 * `currency` (the merchant's play currency).
 */
export interface GameLauncher {
  readonly vendorCode: string;
  launch(input: LaunchInput): Promise<{ url: string }>;
  /**
   * Why the vendor cannot launch at all (no credentials, no launch address), or null when it has what a launch needs.
   * The connection check (vendor-connection.ts) asks it; a launcher without it is taken as ready.
   */
  readiness?(vendor: { merchantId: number; merchantCode: string; vendorCode: string }): Promise<string | null>;
}

/**
 * A launch the vendor's side cannot make: the player reads that the game cannot open now; `reason` is for staff (the
 * vendor's last launch error in the back office). Never a secret or a token in it.
 */
export class LaunchRefused extends AppError {
  constructor(readonly reason: string) {
    super('GAME_UNAVAILABLE', 503, 'This game cannot be opened right now. Please try again later', {
      retryAfterSeconds: 60,
    });
  }
}

/**
 * The launchers by vendor code, and a fallback for every other vendor (issue 6: the launcher of vendors with a
 * launch_url, which answers GAME_UNAVAILABLE for a vendor without one). No launcher at all: GAME_UNAVAILABLE.
 */
export type LauncherRegistry = {
  get(vendorCode: string): GameLauncher | undefined;
  /** Adds or replaces the vendor's launcher. */
  register(launcher: GameLauncher): void;
  /** The launcher of vendors that have none of their own. */
  setFallback(launcher: GameLauncher): void;
};

export const createLauncherRegistry = (initial: readonly GameLauncher[] = []): LauncherRegistry => {
  const launchers = new Map(initial.map((launcher) => [launcher.vendorCode, launcher]));
  let fallback: GameLauncher | undefined;
  return {
    get: (vendorCode) => launchers.get(vendorCode) ?? fallback,
    register: (launcher) => {
      launchers.set(launcher.vendorCode, launcher);
    },
    setFallback: (launcher) => {
      fallback = launcher;
    },
  };
};
