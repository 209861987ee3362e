import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most time goes to spawned processes and waits, not this process: two workers even on a two-core machine.
    maxWorkers: 2,
  },
});
