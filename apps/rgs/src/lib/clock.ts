/**
 * Time as the RGS sees it: milliseconds since the epoch and timers on the same clock. Everything that waits (crash
 * phases, credit retries) schedules through a Clock, so tests move time by hand instead of sleeping.
 */
export interface Clock {
  now(): number;
  /** Runs `fn` once after `delayMs` on this clock; returns a function that cancels it. */
  schedule(fn: () => void, delayMs: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule: (fn, delayMs) => {
    const timer = setTimeout(fn, Math.max(0, delayMs));
    // Timers never keep the process alive on their own: the HTTP server does, and close() cancels them.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
