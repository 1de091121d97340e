/**
 * Milliseconds since the epoch. Everything that expires (sessions, captchas, codes, rate limits) reads time through
 * a Clock handed to it, so tests can move time instead of waiting.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock a test moves by hand; it starts at the real time, close to the database's now(). */
export const manualClock = (startMs = Date.now()) => {
  let nowMs = startMs;
  const clock: Clock = () => nowMs;
  return {
    clock,
    now: clock,
    advance: (ms: number) => {
      nowMs += ms;
    },
    set: (ms: number) => {
      nowMs = ms;
    },
  };
};

export const toIso = (ms: number): string => new Date(ms).toISOString();
