import { config } from 'zod/v4';

/**
 * Every `import ... from 'zod'` of the back office, the contracts' included, resolves to this module (the alias in
 * vite.config.ts), as in apps/web: zod probes `new Function` to compile parsers, and the platform's CSP forbids eval
 * (script-src 'self'), so the probe would be reported as a CSP violation. ES modules run their dependencies first, so
 * this runs before any module that builds a schema.
 */
config({ jitless: true });

export * from 'zod/v4';
