import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser (CI rule). */
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export type WatchedPage = { page: Page; consoleErrors: string[] };

/**
 * A page that records every console error and uncaught exception, so a test can assert the console stayed clean.
 * Requests to hosts other than the platform (social links, live chat, CDNs of the demo data) are answered locally:
 * the test machine has no outside network, and a failed external fetch is not an error of the app. A page gets a
 * small stand-in document, so a window the app opens (customer service) finishes its navigation.
 */
export const openPage = async (
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
  { announcementPopup = false }: { announcementPopup?: boolean } = {},
): Promise<WatchedPage> => {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  // The seeded notices open the announcement popup on the first page of a session (spec §2), over whatever a test
  // wants to click. Tests about something else start as a player who already closed it (guest and member); the
  // notices tests ask for the real first visit.
  if (!announcementPopup) {
    await context.addInitScript(() => {
      for (const key of ['ANONYMOUS', 'USER'])
        if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, 'closed');
    });
  }
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>External</title>' })
        : route.fulfill({ status: 204, body: '' }),
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { page, consoleErrors };
};
