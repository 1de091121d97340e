import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { spaViteConfig } from '../../packages/ui/config/spa-config'; // by path: Node loads a config's package imports untranspiled

/** The platform server (apps/server) listens on 8080 in development; the staff API is proxied to it. */
const SERVER_URL = 'http://localhost:8080';

/**
 * The operator back office (issue 7), served by the platform under /ops (apps/server plugins/web-app.ts). It is not
 * under the player app's performance budget, but it shares its CSP (no eval) and its design tokens (packages/ui).
 */
export default defineConfig(({ command }) =>
  spaViteConfig(import.meta.url, command, {
    base: '/ops/',
    plugins: [react()],
    server: {
      port: 5174,
      proxy: { '/wps': SERVER_URL, '/health': SERVER_URL },
    },
    build: {
      // Staff on office connections, not players on mobile: one entry chunk with zod and the router is acceptable.
      chunkSizeWarningLimit: 800,
    },
  }),
);
