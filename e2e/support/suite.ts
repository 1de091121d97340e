import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
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
  afterAll(async () => {
    await suite.browser?.close();
    await suite.platform?.stop();
  });
  return suite as Suite;
};
