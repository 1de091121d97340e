import type { GameType } from '@platform/contracts';

/** The game a launcher opens. */
export type LaunchGame = { id: bigint; vendorCode: string; gameType: GameType; gameCode: string };

/**
 * Opens a vendor's game client for a member (issue 6 plugs the real vendors in). `play` is true for a trial member,
 * who plays with play money in `currency` (the merchant's play currency).
 */
export interface GameLauncher {
  readonly vendorCode: string;
  launch(input: {
    merchantId: number;
    memberId: bigint;
    game: LaunchGame;
    currency: string;
    play: boolean;
  }): Promise<{ url: string }>;
}

/** The launchers by vendor code. A vendor without one answers GAME_UNAVAILABLE. */
export type LauncherRegistry = {
  get(vendorCode: string): GameLauncher | undefined;
  /** Adds or replaces the vendor's launcher. */
  register(launcher: GameLauncher): void;
};

export const createLauncherRegistry = (initial: readonly GameLauncher[] = []): LauncherRegistry => {
  const launchers = new Map(initial.map((launcher) => [launcher.vendorCode, launcher]));
  return {
    get: (vendorCode) => launchers.get(vendorCode),
    register: (launcher) => {
      launchers.set(launcher.vendorCode, launcher);
    },
  };
};
