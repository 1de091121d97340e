import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'game-math', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
