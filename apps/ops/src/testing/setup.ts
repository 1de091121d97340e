import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { resetSessionForTests } from '@/lib/session';
import { clearToasts } from '@/lib/toast';

// A busy 2-core CI machine takes over a second for the first render of a route tree: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await initI18n();
});

/**
 * Every test starts signed out with empty storage, and fails if the app wrote to the console: "no console errors or
 * warnings in normal operation" is a requirement, not a nicety (as in apps/web).
 */
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  vi.spyOn(console, 'error');
  vi.spyOn(console, 'warn');
});

afterEach(() => {
  cleanup();
  clearToasts();
  const errors = vi.mocked(console.error).mock.calls;
  const warnings = vi.mocked(console.warn).mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  expect(errors, 'console.error was called').toEqual([]);
  expect(warnings, 'console.warn was called').toEqual([]);
});
