import type { BrowserContextOptions, Page } from 'playwright-core';
import { OPS_API } from '@platform/contracts';
import type { Platform } from './platform';

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

/**
 * Gives demo_member what a player has after a few days, so the pages have rows to lay out: a real name (withdraw), two
 * credits by the cashier (account record), and three rounds of catalogue games today as a vendor's settlement writes them (betting
 * record), one still open.
 */
export const seedMemberActivity = async (platform: Platform): Promise<void> => {
  for (const [index, amount] of ['1234567.89', '250.00'].entries()) {
    const answer = await platform.staff('POST', OPS_API.adjustments, {
      username: 'demo_member',
      direction: 'CREDIT',
      amount,
      reason: 'Welcome bonus for the first deposit of the month, credited by the cashier desk',
      requestId: `layout-fund-${index}`,
    });
    if (answer.status !== 200) throw new Error(`funding failed: ${answer.status} ${answer.json.code}`);
  }
  // A real name on file, as a member sets it in the profile: the withdraw page then shows its accounts and form.
  await platform.sql(`UPDATE members SET payee_name = 'Maria Clara Santos dela Cruz' WHERE username = 'demo_member'`);
  await platform.sql(
    `INSERT INTO game_rounds (merchant_id, vendor_code, round_id, member_id, game_code, currency, bet_minor, win_minor,
       valid_bet_minor, status, started_at, settled_at)
     SELECT g.merchant_id, g.vendor_code, 'round-' || n || '-7f3a9c2e81d4b6a0', m.id, g.game_code, 'USD',
       125000 * n, 90000 * n, 125000 * n, CASE WHEN n = 3 THEN 'OPEN' ELSE 'SETTLED' END,
       now() - n * interval '1 minute', CASE WHEN n = 3 THEN NULL ELSE now() END
     FROM (SELECT merchant_id, vendor_code, game_code, row_number() OVER (ORDER BY vendor_code, game_code) AS n
           FROM games WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')) g
     JOIN members m ON m.merchant_id = g.merchant_id AND m.username = 'demo_member'
     WHERE g.n <= 3`,
  );
};
