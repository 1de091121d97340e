import type { BrowserContextOptions, Page } from 'playwright-core';

/** A phone: touch, a device pixel ratio, and a layout viewport that grows when the page is wider than the screen. */
export const phone = (width: number, height = 844): BrowserContextOptions => ({
  viewport: { width, height },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
});

export type PageWidth = { scrollWidth: number; bodyScrollWidth: number; innerWidth: number; culprits: string[] };

/**
 * How wide the page is, and the elements that stick out past the screen's right edge without a scrolling box around
 * them (what made the page wider), for the failure message.
 */
export const widthOf = (page: Page): Promise<PageWidth> =>
  page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const culprits: string[] = [];
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const className = typeof element.className === 'string' ? element.className : '';
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}.${className}`;
    };
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= screenWidth + 0.5) continue;
      const parentBox = element.parentElement?.getBoundingClientRect();
      if (parentBox && parentBox.right > screenWidth + 0.5) continue;
      let ancestor = element.parentElement;
      let scrolls = false;
      while (ancestor && ancestor !== document.body && !scrolls) {
        scrolls = getComputedStyle(ancestor).overflowX !== 'visible';
        ancestor = ancestor.parentElement;
      }
      if (!scrolls) culprits.push(`${describe(element)} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
      innerWidth: window.innerWidth,
      culprits,
    };
  });
