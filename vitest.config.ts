import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/game-math',
      'packages/ui',
      'apps/server',
      'apps/web',
      'apps/ops',
      'apps/rgs',
    ],
    // Two test files at a time (vitest's default on two cores is one): database suites wait on PostgreSQL and on
    // spawned processes often enough that the second worker keeps the machine busy. Each file has its own database.
    maxWorkers: 2,
    // CI lists every test, so its log shows each database suite running on [pglite] and on [postgres].
    reporters: process.env.CI
      ? ['verbose', new URL('./scripts/slowest-files-reporter.ts', import.meta.url).pathname]
      : ['default'],
  },
});
