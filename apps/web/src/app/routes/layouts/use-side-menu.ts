import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Wide screens show the menu beside the content; narrow ones open it over the content on demand. */
const WIDE_QUERY = '(min-width: 1024px)';

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;

export function useSideMenu() {
  // Decided before the first paint so the layout never jumps.
  const [open, setOpen] = useState(isWide);
  const { pathname } = useLocation();

  // On a narrow screen the menu covers the page: close it once the user has picked a destination.
  useEffect(() => {
    if (!isWide()) setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open || isWide()) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close };
}
