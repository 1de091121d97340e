import type { Clock } from '../lib/clock';

type Timer = { atMs: number; seq: number; fn: () => void; cancelled: boolean };

/**
 * A clock a test moves by hand, with timers on it. advance() fires due timers in time order and, between two
 * timers, awaits `settle` so the async work a timer started (database writes, platform calls) is done before time
 * moves on, as it would be in real time.
 */
export const manualClock = (startMs = Date.now()) => {
  let nowMs = startMs;
  let seq = 0;
  const timers: Timer[] = [];
  const clock: Clock = {
    now: () => nowMs,
    schedule: (fn, delayMs) => {
      const timer = { atMs: nowMs + Math.max(0, delayMs), seq: seq++, fn, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  const nextDue = (untilMs: number): Timer | undefined => {
    let best: Timer | undefined;
    for (const timer of timers) {
      if (timer.cancelled || timer.atMs > untilMs) continue;
      if (best === undefined || timer.atMs < best.atMs || (timer.atMs === best.atMs && timer.seq < best.seq))
        best = timer;
    }
    return best;
  };
  return {
    clock,
    now: () => nowMs,
    /** Moves time by ms, firing what falls due on the way. */
    advance: async (ms: number, settle: () => Promise<void> = async () => undefined): Promise<void> => {
      const targetMs = nowMs + ms;
      for (;;) {
        await settle();
        const timer = nextDue(targetMs);
        if (timer === undefined) break;
        timers.splice(timers.indexOf(timer), 1);
        nowMs = Math.max(nowMs, timer.atMs);
        timer.fn();
      }
      nowMs = targetMs;
      await settle();
    },
    /** Timers still waiting (not cancelled). */
    pending: () => timers.filter((timer) => !timer.cancelled).length,
  };
};
export type ManualClock = ReturnType<typeof manualClock>;
