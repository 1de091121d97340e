import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

const subscribe = (listener: () => void) => {
  const list = media();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
};

const get = () => media()?.matches === true;

/** The user asked for less motion: no autoplay, no scrolling marquee (WCAG 2.2.2, 2.3.3). */
export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, get, () => false);
