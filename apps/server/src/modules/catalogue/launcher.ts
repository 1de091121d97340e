import type { GameType } from '@platform/contracts';

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
