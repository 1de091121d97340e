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
      // The test machine has no outside network: other hosts (social links, live chat, CDNs of the demo data) fail at
      // once instead of waiting on DNS. Not a route: intercepting requests turns the browser's HTTP cache off, and
      // every page then fetched and compiled the app's scripts again (a tenth of the suites' time).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });

export type WatchedPage = { page: Page; consoleErrors: string[] };

/**
 * A page that records every console error and uncaught exception, so a test can assert the console stayed clean.
 * Requests to hosts other than the platform fail at once (launchBrowser's resolver rule): the test machine has no
 * outside network, and a failed external load is not an error of the app, so it is not recorded.
 */
export const openPage = async (
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
  { announcementPopup = false }: { announcementPopup?: boolean } = {},
): Promise<WatchedPage> => {
  // Players who ask for reduced motion get a still page (spec's accessibility; the marquee and the skeletons stop).
  // Suites start as such a player unless they test motion itself (notices.e2e.ts): on a machine without a GPU every
  // frame of an endless animation is painted by the CPU, and the marquee alone made the suites a third slower.
  const context = await browser.newContext({ baseURL: baseUrl, reducedMotion: 'reduce', ...options });
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
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    // A resource of another host failing to load is the missing network, not an error of the app.
    const from = msg.location().url;
    const external = from !== '' && URL.canParse(from) && new URL(from).origin !== origin;
    if (msg.type() === 'error' && !(external && msg.text().startsWith('Failed to load resource'))) {
      consoleErrors.push(from === '' ? msg.text() : `${msg.text()} (${from})`);
    }
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { page, consoleErrors };
};
