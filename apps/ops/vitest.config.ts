import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// As in apps/web: pin `react-router` and `react-router/dom` to one (ESM) build, else router hooks throw under Node.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/development',
);

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
    ],
  },
  test: {
    name: 'ops',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Whole sign-in flows typed key by key: slow on a busy 2-core machine, not a hang.
    testTimeout: 30_000,
  },
});
