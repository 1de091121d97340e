import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { localePacks } from './locale-packs';

/** The platform server (apps/server) listens on 8080 in development; the API, lottery gateway and health
 * checks are proxied so `npm run dev -w apps/web` hot-reloads against a real server. */
const SERVER_URL = 'http://localhost:8080';

/**
 * Start-up needs the default language pack before the first render, but it is a dynamic import, discovered only
 * once the entry has run. Preloading it from the HTML fetches it alongside the entry and saves a round trip on a
 * slow mobile link.
 */
const STARTUP_MODULES = [/^\0virtual:locale-pack\/en\/startup$/];

const preloadStartupChunks = (): Plugin => ({
  name: 'preload-startup-chunks',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        chunk.imports.forEach(add);
      };
      for (const chunk of Object.values(bundle)) {
        const id = chunk.type === 'chunk' ? chunk.facadeModuleId : null;
        if (chunk.type === 'chunk' && id && STARTUP_MODULES.some((pattern) => pattern.test(id))) add(chunk.fileName);
      }
      return [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
    },
  },
});

export default defineConfig({
  plugins: [
    react(),
    localePacks(),
    preloadStartupChunks(),
    // Brotli and gzip copies next to each file, served by the platform as-is (no compression per request).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 512,
    }),
  ],
  resolve: {
    // `@/lib/...` rather than `../../../lib/...`: features may reach shared code but not each other, and
    // the ESLint boundary rule tells the two apart by path.
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval under the CSP, configured by the module every zod import resolves to (src/lib/zod.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      // The realtime socket (REALTIME_PATH) upgrades to a WebSocket: listed before /wps so it is proxied with ws.
      '/wps/realtime': { target: SERVER_URL, ws: true },
      '/wps': SERVER_URL,
      '/lgw': SERVER_URL,
      '/health': SERVER_URL,
    },
  },
  build: {
    target: 'es2022',
    // One stylesheet for the whole app (the performance budget allows a single render-blocking CSS file).
    cssCodeSplit: false,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contracts package only declares schemas and constants: importing a constant must not drag
        // every zod schema (and zod) into the first page's JavaScript.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
