import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localePacks } from './locale-packs';

// Under Node, `react-router` and `react-router/dom` can resolve to different builds (CJS and ESM), each
// with its own router contexts, and every router hook then throws. Pin both to the ESM build.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/development',
);

export default defineProject({
  plugins: [react(), localePacks()],
  resolve: {
    alias: [
      // Same alias as vite.config.ts.
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
