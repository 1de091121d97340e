/**
 * Import rules that need resolved paths (DESIGN.md §2, STYLE.md convention 1): `npm run lint` runs them after ESLint.
 * dependency-cruiser resolves every import (relative paths, workspace packages, TypeScript's `import type` included),
 * so `../ledger/ledger.repository` is caught as surely as `@platform/server`.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: two files that need each other are one responsibility.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "A server module (modules/<domain>/<module>/) reaches another module only through that module's index.ts.",
      from: { path: '^apps/server/src/modules/([^/]+/[^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'server-outside-modules-through-index',
      severity: 'error',
      comment: 'The app, its plugins and jobs reach a module only through its index.ts (tests may reach further).',
      from: { path: '^apps/server/src/(?!modules/)', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/[^/]+/index[.]ts$',
      },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'Web features do not import each other; they meet in src/app.',
      from: { path: '^apps/(web|ops)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      comment: 'No app imports another app; packages import no app. Shared code lives in packages/.',
      from: { path: '^(apps/([^/]+)|packages)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$2/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
