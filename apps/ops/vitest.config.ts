import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { spaTestConfig } from '../../packages/ui/config/spa-config'; // by path: Node loads a config's package imports untranspiled

export default defineProject(
  spaTestConfig(import.meta.url, 'ops', {
    plugins: [react()],
    // Whole sign-in flows typed key by key: slow on a busy 2-core machine, not a hang.
    test: { testTimeout: 30_000 },
  }),
);
