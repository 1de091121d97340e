import { expect, vi } from 'vitest';

/**
 * Both apps' tests start with empty storage and fail if the app wrote to the console: "no console errors or warnings
 * in normal operation" is a requirement, not a nicety. Call `startCleanTest` in the setup file's beforeEach and
 * `endQuietTest` at the end of its afterEach (after the app's own clean-up).
 */
export const startCleanTest = () => {
  // One jsdom serves a worker's test files one after another (isolate: false): nothing a test left in the page
  // (a portal outside React's tree, a modal's `pointer-events: none` on the body) may reach the next.
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.spyOn(console, 'error');
  vi.spyOn(console, 'warn');
};

export const endQuietTest = () => {
  const errors = vi.mocked(console.error).mock.calls;
  const warnings = vi.mocked(console.warn).mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  expect(errors, 'console.error was called').toEqual([]);
  expect(warnings, 'console.warn was called').toEqual([]);
};
