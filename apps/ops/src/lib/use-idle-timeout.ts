import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once after `idleMs` without keyboard, pointer or scroll activity (StaffProfile.idleTimeoutMs, the
 * server's own idle limit): the back office signs out of an unattended screen instead of leaving it open.
 */
export function useIdleTimeout(idleMs: number, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  useEffect(() => {
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const quiet = Date.now() - last;
      if (quiet >= idleMs) onIdleRef.current();
      else timer = setTimeout(check, idleMs - quiet);
    };
    const activity = () => {
      last = Date.now();
    };
    timer = setTimeout(check, idleMs);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, activity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, activity, { capture: true });
    };
  }, [idleMs]);
}
