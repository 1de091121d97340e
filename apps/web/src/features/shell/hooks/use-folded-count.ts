import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many of a row's items fit beside its "more" control (priority+ navigation). Every item stays rendered so it can
 * be measured; the caller hides the items from `count` on (out of the flow, invisible, out of the tab order) and
 * lists them in the "more" menu instead. The row's own width must not depend on its items (a flex child with
 * `flex: 1; min-width: 0`), so hiding an item never changes the width it was measured against.
 *
 * Items are the row's children marked `[data-fold-item]`, the control is `[data-fold-more]`; a ResizeObserver on the
 * row and on each item recounts when the window or a label (another language) changes width.
 */
export function useFoldedCount(rowRef: RefObject<HTMLElement | null>, itemCount: number): number {
  const [count, setCount] = useState(itemCount);

  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const measure = () => {
      const items = [...row.querySelectorAll<HTMLElement>('[data-fold-item]')];
      const more = row.querySelector<HTMLElement>('[data-fold-more]');
      const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
      const available = row.clientWidth;
      const widths = items.map((item) => item.offsetWidth);
      const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(widths.length - 1, 0);
      if (total <= available) {
        setCount(items.length);
        return;
      }
      // Room for the "more" control first, then as many items as fit in order.
      let used = (more?.offsetWidth ?? 0) + gap;
      let fits = 0;
      for (const width of widths) {
        if (used + width > available) break;
        used += width + gap;
        fits += 1;
      }
      setCount(fits);
    };
    measure();
    // Without ResizeObserver (an old browser, a test DOM) the first count stands.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    row.querySelectorAll('[data-fold-item], [data-fold-more]').forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [rowRef, itemCount]);

  return Math.min(count, itemCount);
}
