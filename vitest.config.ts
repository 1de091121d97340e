import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/db',
      'packages/game-math',
      'apps/server',
      'apps/web',
      'apps/ops',
      'apps/rgs',
    ],
    // CI lists every test, so its log shows each database suite running on [pglite] and on [postgres].
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
