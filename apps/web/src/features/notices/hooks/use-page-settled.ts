import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * True once the page has loaded and the browser is idle: what is not the page itself (the automatic announcement
 * popup and its dialog code) waits for it, instead of competing with the first paint for the network and the main
 * thread.
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const win = window as IdleWindow;
    let idle: number | undefined;
    let timer: number | undefined;
    const whenIdle = () => {
      if (win.requestIdleCallback) idle = win.requestIdleCallback(() => setSettled(true), { timeout: IDLE_TIMEOUT_MS });
      else timer = window.setTimeout(() => setSettled(true), 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) win.cancelIdleCallback?.(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return settled;
}
