import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Database suites create their own schema (PostgreSQL) or in-memory PGlite, so files can run in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
