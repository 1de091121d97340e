import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'rgs',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Database suites open their own in-memory PGlite or PostgreSQL schema, so files can run in parallel.
    // One module graph per worker for all its files: the RGS's files mock nothing and change no module state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
