import { config } from 'zod/v4';

/**
 * Every `import ... from 'zod'` of the web bundle, the contracts' included, resolves to this module (the alias in
 * vite.config.ts). zod compiles parsers with `new Function` when it can, deciding when each schema is built; the
 * platform's CSP forbids eval (script-src 'self'), so its probe would be reported as a CSP violation. ES modules run
 * their dependencies first, so this runs before any module that builds a schema, in whichever chunk that module lands,
 * and zod stays out of the first page until a page that validates is loaded (ADR 0008).
 */
config({ jitless: true });

export * from 'zod/v4';
