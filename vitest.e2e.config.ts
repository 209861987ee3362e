// `npm run test:e2e`: the real harness CLIs (installed by scripts/install-harnesses.mjs into .cache/harnesses),
// headless and offline against the scripted model server of test/e2e/model-server.ts. Kept out of `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    // A harness run is a few seconds to start plus one model round trip per turn; a scenario runs several.
    setupFiles: ['test/helpers/no-group-kill.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each harness file runs its CLI one run at a time; two files at once fill two cores.
    maxWorkers: 2,
  },
});
