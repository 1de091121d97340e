import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the #anchor of the URL once the content holding it is rendered (/help#term, spec §2). */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // Move focus too, so keyboard and screen-reader users land where sighted users do.
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
