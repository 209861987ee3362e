import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real harness CLIs: `npm run test:e2e` (vitest.e2e.config.ts).
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    setupFiles: ['test/helpers/no-group-kill.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most time goes to spawned processes and waits, not this process: two workers even on a two-core machine.
    maxWorkers: 2,
  },
});
