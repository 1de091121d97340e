import { ROUTES } from '@platform/contracts';

/**
 * The game page (`/seamless`, issue 6) and the features that open it agree here. The address bar holds only the game's
 * node id (`?game=`), so a reload can launch the game again; the launch URL travels in router state because it carries
 * a one-use game session token, and the page drops it from the history entry once the frame has it.
 */
export type SeamlessState = {
  /** The vendor's launch URL: present only on the navigation that follows a launch. */
  url?: string;
  nodeId: string;
  name: string;
  /** Where "back to lobby" returns: the page the game was started from. */
  from?: string;
};

export const SEAMLESS_GAME_PARAM = 'game';
/** `demo=1`: the game's free trial (play money); a reload launches the demo again, never the real-money game. */
export const SEAMLESS_DEMO_PARAM = 'demo';

export const seamlessPath = (nodeId: string, options: { demo?: boolean } = {}): string =>
  `${ROUTES.seamless}?${new URLSearchParams({
    [SEAMLESS_GAME_PARAM]: nodeId,
    ...(options.demo === true ? { [SEAMLESS_DEMO_PARAM]: '1' } : {}),
  }).toString()}`;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Router state is whatever the history entry holds: read it by shape. */
export const readSeamlessState = (value: unknown): SeamlessState | null => {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Record<string, unknown>;
  if (!isText(state.nodeId)) return null;
  return {
    nodeId: state.nodeId,
    name: isText(state.name) ? state.name : '',
    ...(isText(state.url) ? { url: state.url } : {}),
    ...(isText(state.from) ? { from: state.from } : {}),
  };
};
