import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeConfig, type UserConfig } from 'vite';

/**
 * The build and test settings both single-page apps (apps/web, apps/ops) share; each app's vite.config.ts and
 * vitest.config.ts pass their own URL (`import.meta.url`) and merge in what is theirs (plugins, proxy, chunks).
 */

const reactRouterDist = (build: 'production' | 'development') =>
  join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', build);

const routerAliases = (build: 'production' | 'development') => [
  { find: /^react-router$/, replacement: join(reactRouterDist(build), 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist(build), 'dom-export.mjs') },
];

/** The app's `src` folder, from the URL of a config file beside it. */
const srcOf = (configUrl: string) => fileURLToPath(new URL('./src', configUrl));

/**
 * The shared part of an app's vite.config.ts. `command` is Vite's ('serve' or 'build').
 *
 * React Router's production build for builds: its package exports only `dist/development` (remix-run/react-router
 * #12532, #14102), whose development checks and warnings would then ship; a build takes `dist/production` instead,
 * `react-router` and `react-router/dom` alike, so both share one set of router contexts.
 */
export const spaViteConfig = (configUrl: string, command: string, own: UserConfig): UserConfig =>
  mergeConfig(
    {
      resolve: {
        // `@/lib/...` rather than `../../../lib/...`: features may reach shared code but not each other, and
        // the ESLint boundary rule tells the two apart by path.
        alias: [
          { find: '@', replacement: srcOf(configUrl) },
          // zod without eval under the CSP, configured by the module every zod import resolves to (src/lib/zod.ts).
          { find: /^zod$/, replacement: join(srcOf(configUrl), 'lib/zod.ts') },
          ...(command === 'build' ? routerAliases('production') : []),
        ],
      },
      build: {
        target: 'es2022',
        // One stylesheet for the whole app (the player app's performance budget allows one render-blocking CSS file).
        cssCodeSplit: false,
        sourcemap: false,
        rolldownOptions: {
          treeshake: {
            // The contracts package only declares schemas and constants: importing a constant must not drag
            // every zod schema (and zod) into the app's JavaScript.
            moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
          },
        },
      },
    } satisfies UserConfig,
    own,
  );

/**
 * The shared part of an app's vitest project: jsdom, the app's tests and setup file, the `@/` alias.
 *
 * Under Node, `react-router` and `react-router/dom` can resolve to different builds (CJS and ESM), each with its own
 * router contexts, and every router hook then throws: both are pinned to the ESM build.
 */
export const spaTestConfig = (configUrl: string, name: string, own: UserConfig & { test?: object }): UserConfig =>
  mergeConfig(
    {
      resolve: {
        alias: [{ find: /^@\//, replacement: `${srcOf(configUrl)}/` }, ...routerAliases('development')],
      },
      test: {
        name,
        environment: 'jsdom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['./src/testing/setup.ts'],
        // One jsdom and one module graph per worker for all its files, rather than a new one per file (which cost
        // most of the phase): the setup file cleans the DOM, storage, query cache and mocks after every test, and
        // the few module mocks are hoisted into their own files' imports.
        isolate: false,
        // A whole page rendered and clicked through on a busy two-core machine: slow, not a hang.
        testTimeout: 15_000,
      },
    },
    own,
  );
