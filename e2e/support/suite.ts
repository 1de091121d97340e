import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './browser';
import { startPlatform, type Platform, type PlatformOptions } from './platform';

export type Suite = { readonly platform: Platform; readonly browser: Browser };

/**
 * One platform (on a copy of the run's template database) and one browser for the calling test file: started before
 * its tests, stopped after them. Call it at
 * the top level of the file and read `platform` and `browser` inside tests and hooks (they are set by then).
 */
export const usePlatformAndBrowser = (options: PlatformOptions = {}): Suite => {
  const suite: { platform?: Platform; browser?: Browser } = {};
  beforeAll(async () => {
    suite.platform = await startPlatform({ template: inject('platformTemplate'), ...options });
    suite.browser = await launchBrowser();
  });
  // A test's pages are closed when it ends: left open, each kept running its timers, polls and animations (a notice
  // marquee, a banner carousel) beside every later test's pages, on a machine that paints frames on the CPU. Pages a
  // file opens in beforeAll, for all its tests, stay open.
  let before = new Set<BrowserContext>();
  beforeEach(() => {
    before = new Set(suite.browser?.contexts());
  });
  afterEach(async () => {
    const opened = suite.browser?.contexts().filter((context) => !before.has(context)) ?? [];
    await Promise.all(opened.map((context) => context.close()));
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.platform?.stop();
  });
  return suite as Suite;
};
