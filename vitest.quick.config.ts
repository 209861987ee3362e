// `npm run test:quick`: the developer's inner loop, under a minute on two cores. It leaves out what takes the longest
// and proves the most exhaustive properties; `npm test` (and CI) runs every file.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        'test/**/*kill*.test.ts', // 1,000 SIGKILLs of writers; sends killed mid-write
        'test/cli/hostile-board.test.ts', // a link at every level of the layout, met by every command
        'test/package/**', // installs a fresh checkout (npm ci + build), type-checks consumers, regenerates docs/api
        'test/cli/process.test.ts', // signals, closed pipes, endless stdin
        'test/cli/which-board.test.ts', // racing first sends on a new board
        'test/core/sessions/touched.test.ts', // eight concurrent writers
        'test/cli/contract.test.ts', // every flag, exit code and --json error of every command
        'test/cli/continue.test.ts',
        'test/cli/card.test.ts', // the card CLI end to end (the core card tests stay)
      ],
    },
  }),
);
