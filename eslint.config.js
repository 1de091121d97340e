import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Boundaries (STYLE.md conventions 1 and DESIGN.md §2):
 * - apps never import other apps; packages never import apps;
 * - web features never import each other (they meet in src/app);
 * - server modules are reached only through their index.ts;
 * - process.env is read only in the server's env module.
 */
const noAppImports = {
  group: [
    '**/apps/*',
    '@platform/server',
    '@platform/server/*',
    '@platform/web',
    '@platform/web/*',
    '@platform/rgs',
    '@platform/ops',
  ],
  message: 'Apps do not import other apps; share code through packages/.',
};

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', '.e2e-data', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              // modules/<domain>/<module>/ (ADR 0027): its index, never a file inside it.
              group: ['**/modules/*/*/*', '!**/modules/*/*/index', '!**/modules/*/*/index.ts'],
              message: 'Import another module only through its index.ts.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/env.ts only.' },
      ],
    },
  },
  // The RGS reaches the platform only over HTTP (DESIGN.md §6): no app imports; configuration only in its env.ts.
  {
    files: ['apps/rgs/src/**/*.ts'],
    ignores: ['apps/rgs/src/env.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noAppImports] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from apps/rgs/src/env.ts only.' },
      ],
    },
  },
  // Its game clients run in the browser.
  {
    files: ['apps/rgs/src/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noAppImports] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Use import.meta.env in the web app.' },
      ],
    },
  },
  // The back office (issue 7) follows the web app's rules: browser code, no app imports, features apart.
  {
    files: ['apps/ops/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noAppImports] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Use import.meta.env in the browser apps.' },
      ],
    },
  },
  {
    files: ['apps/ops/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['**/features/*', '**/features/*/**', '../../*/**', '../../../features/**'],
              message: 'Features do not import each other; compose them in src/app.',
            },
          ],
        },
      ],
    },
  },
  // Web features do not import each other: one block per feature forbids reaching into any other feature.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['**/features/*', '**/features/*/**', '../../*/**', '../../../features/**'],
              message: 'Features do not import each other; compose them in src/app.',
            },
          ],
        },
      ],
    },
  },
);
