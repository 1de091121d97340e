import { config } from 'zod';

/**
 * zod compiles parsers with `new Function` when it can, deciding when each schema is built. The platform's CSP
 * forbids eval (script-src 'self'), so zod's probe for it would be reported as a CSP violation. The entry imports this
 * module first, before any chunk that builds schemas, so every schema is built without eval; our payloads are small.
 */
config({ jitless: true });
