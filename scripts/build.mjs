// Bundles dist/: the full CLI (one lazily loaded chunk per command), the library entry, and one self-contained
// file per hot-path command (no shared chunks: each module file costs start-up time).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

rmSync('dist', { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: { cli: 'src/cli/run.ts', index: 'src/index.ts' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  }),
  build({
    ...common,
    entryPoints: {
      'hot/poll': 'src/cli/hot/poll.ts',
      'hot/send': 'src/cli/hot/send.ts',
      'hot/inbox': 'src/cli/hot/inbox.ts',
    },
    splitting: false,
  }),
]);
