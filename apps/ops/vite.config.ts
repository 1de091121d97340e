import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The platform server (apps/server) listens on 8080 in development; the staff API is proxied to it. */
const SERVER_URL = 'http://localhost:8080';

/**
 * The operator back office (issue 7), served by the platform under /ops (apps/server plugins/web-app.ts). It is not
 * under the player app's performance budget, but it shares its CSP (no eval) and its design tokens (packages/ui).
 */
export default defineConfig({
  base: '/ops/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval under the CSP (src/lib/zod.ts), as in apps/web.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
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
});
