import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The platform server (apps/server) listens on 8080 in development; the staff API is proxied to it. */
const SERVER_URL = 'http://localhost:8080';

/** React Router's production build for builds, as in apps/web (its package exports only `dist/development`). */
const routerProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/**
 * The operator back office (issue 7), served by the platform under /ops (apps/server plugins/web-app.ts). It is not
 * under the player app's performance budget, but it shares its CSP (no eval) and its design tokens (packages/ui).
 */
export default defineConfig(({ command }) => ({
  base: '/ops/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval under the CSP (src/lib/zod.ts), as in apps/web.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(routerProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(routerProduction, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    port: 5174,
    proxy: { '/wps': SERVER_URL, '/health': SERVER_URL },
  },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    sourcemap: false,
    // Staff on office connections, not players on mobile: one entry chunk with zod and the router is acceptable.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // As in apps/web: the contracts only declare schemas and constants, so unused ones can be dropped.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
