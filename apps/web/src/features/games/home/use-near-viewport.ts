import { useEffect, useState, type RefObject } from 'react';

/** How far below the fold a section starts loading, so it is usually ready when it scrolls into view. */
const LOAD_AHEAD = '400px 0px';

/**
 * True once the element has come near the viewport (and from then on). Sections below the fold (other games, winner
 * board) wait for it, so the first paint of `/` makes only the requests it shows. Without IntersectionObserver it is
 * true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
