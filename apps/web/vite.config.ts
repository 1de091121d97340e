import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { spaViteConfig } from '../../packages/ui/config/spa-config'; // by path: Node loads a config's package imports untranspiled
import { localePacks } from './locale-packs';

/** The platform server (apps/server) listens on 8080 in development; the API, lottery gateway and health
 * checks are proxied so `npm run dev -w apps/web` hot-reloads against a real server. */
const SERVER_URL = 'http://localhost:8080';

export default defineConfig(({ command }) =>
  spaViteConfig(import.meta.url, command, {
    plugins: [
      react(),
      localePacks(),
      // Brotli and gzip copies next to each file, served by the platform as-is (no compression per request).
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|css|html|svg|json)$/,
        threshold: 512,
      }),
    ],
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
      // dist/.vite/manifest.json: the chunk graph, from which bench/lighthouse.mjs counts the start-up JavaScript.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // The app's start (src/app/start.tsx, imported by the entry after the first paint) and everything it
              // imports, in one chunk: left to the automatic split, the modules it shares with the lazy pages came out
              // as some thirty small chunks, 5 KB more to download (gzip) and thirty requests instead of one.
              // The dynamic-import helper, which the entry itself needs: kept out of the start chunk, or the entry would
              // import that chunk statically and run all of it before the first paint.
              { name: 'preload-helper', test: /preload-helper/, priority: 3 },
              // React itself, which the entry runs one task before the app, so neither is one long task (src/main.tsx).
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
              {
                name: 'start',
                test: /[\\/]src[\\/]app[\\/]start\.tsx$/,
                includeDependenciesRecursively: true,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  }),
);
