import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    reporters: process.env.CI
      ? ['verbose', new URL('../scripts/slowest-files-reporter.ts', import.meta.url).pathname]
      : ['default'],
    // The platform's database is booted once per run (migrations, demo seed); each file's platform starts on a copy.
    globalSetup: ['./support/global-setup.ts'],
    // One browser and one platform per file, two files at a time: one file's browser renders while the other's
    // platform answers, which keeps both cores busy without starving either.
    fileParallelism: true,
    maxWorkers: 2,
    // Two files share the cores, so a test takes up to twice as long as alone (the notices' longest: 51 s alone on a
    // busy machine).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's default second is too short for a loaded machine (a lazy route's chunk, a cold catalogue call):
    // a poll waits up to 15 s, as the suites' own `eventually` does.
    expect: { poll: { timeout: 15_000 } },
  },
});
