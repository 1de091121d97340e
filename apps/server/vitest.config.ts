import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Database suites create their own schema (PostgreSQL) or in-memory PGlite, so files can run in parallel.
    // One module graph per worker for all its files (no re-import of the app per file): the server's files share no
    // module state that a test changes (no mocks, no env stubs), and re-importing the app cost most of the phase.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
