import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { endQuietTest, startCleanTest } from '@platform/ui/testing';
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
  startCleanTest();
  resetSessionForTests();
});

afterEach(() => {
  cleanup();
  clearToasts();
  endQuietTest();
});
