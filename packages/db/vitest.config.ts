import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Database suites open their own in-memory PGlite or PostgreSQL schema, so files can run in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
