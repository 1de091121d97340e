import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { endQuietTest, startCleanTest } from '@platform/ui/testing';
import { closeAppDialog } from '@/lib/app-dialogs';
import { closeAuthDialog } from '@/lib/auth-dialog';
import { clearToasts } from '@/lib/toast';
import { sockets } from './fake-socket';

// A page is a lazily loaded chunk and its data renders in a background render: under CI's load (every test file at
// once) the first find of a test sometimes needed more than testing-library's 1 s default. A missing element still
// fails, after 5 s; the back office's tests wait the same (apps/ops/src/testing/setup.ts).
configure({ asyncUtilTimeout: 5000 });

// No real sockets in jsdom: the realtime client is the fake, which tests drive (fake-socket.ts).
vi.mock('socket.io-client', () => import('./fake-socket'));

/**
 * Every test starts with empty storage and a desktop-less jsdom, and fails if the app wrote to the
 * console: "no console errors or warnings in normal operation" is a requirement, not a nicety.
 */
beforeEach(() => {
  startCleanTest();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  sockets.length = 0;
});

afterEach(() => {
  cleanup();
  // Module state outlives a test; dialogs and toasts must not leak into the next one.
  closeAuthDialog();
  closeAppDialog();
  clearToasts();
  endQuietTest();
});
