import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real harness CLIs: `npm run test:e2e` (vitest.e2e.config.ts).
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    setupFiles: ['test/helpers/no-group-kill.ts'],
    // Hang guards, not speed targets (speed is `npm run bench`): a test's processes share two loaded cores with the
    // other worker, a second copy of the suite and whatever else runs; a test that needs longer says so itself.
    // A test that times out still has its processes killed (test/helpers/processes.ts).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // expect.poll waits for a condition; its default gives up after 1 s.
    expect: { poll: { timeout: 60_000 } },
    pool: 'forks',
    // Most time goes to spawned processes and waits, not this process: two workers even on a two-core machine. More
    // would only queue on the same cores; two copies of the suite side by side each keep their two.
    maxWorkers: 2,
  },
});
