import { useEffect, useState } from 'react';
import { CRASH_CHAIN_MAX, sha256Hex } from '@platform/game-math';

/** Hashes per slice of work: a few milliseconds, so the page stays responsive while a long chain is walked. */
const STEPS_PER_SLICE = 2_000;
const HEX_64 = /^[0-9a-f]{64}$/;

export type ChainCheck =
  | { state: 'idle' }
  | { state: 'running'; steps: number; maxSteps: number }
  | { state: 'found'; round: number }
  | { state: 'notFound'; maxSteps: number };

/**
 * Walks the crash hash chain from a revealed round hash towards the published (terminating) hash, the same rule as
 * game-math's verifyCrashHash: hashing round r's hash r times gives the published one, so the number of steps is the
 * round number. Up to CRASH_CHAIN_MAX steps, in slices, with progress; a new input cancels the walk in flight.
 */
export function useChainCheck(roundHash: string, terminatingHash: string, maxSteps = CRASH_CHAIN_MAX): ChainCheck {
  const hash = roundHash.trim().toLowerCase();
  const terminating = terminatingHash.trim().toLowerCase();
  const ready = HEX_64.test(hash) && HEX_64.test(terminating);
  const [check, setCheck] = useState<{ key: string; value: ChainCheck }>({ key: '', value: { state: 'idle' } });
  const key = ready ? `${hash}:${terminating}:${maxSteps}` : '';

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    let current = hash;
    let steps = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      if (cancelled) return;
      const end = Math.min(steps + STEPS_PER_SLICE, maxSteps);
      while (steps < end) {
        current = sha256Hex(current);
        steps += 1;
        if (current === terminating) {
          setCheck({ key, value: { state: 'found', round: steps } });
          return;
        }
      }
      if (steps >= maxSteps) {
        setCheck({ key, value: { state: 'notFound', maxSteps } });
        return;
      }
      setCheck({ key, value: { state: 'running', steps, maxSteps } });
      timer = setTimeout(slice, 0);
    };
    setCheck({ key, value: { state: 'running', steps: 0, maxSteps } });
    timer = setTimeout(slice, 0);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, hash, terminating, maxSteps, key]);

  return ready && check.key === key ? check.value : { state: 'idle' };
}
