// Bundles dist/: the full CLI (ESM, one lazily loaded chunk per command), the library entry, and one
// self-contained CommonJS file per hot-path command (no shared chunks, no ESM loader: both cost start-up time).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  outdir: 'dist',
  bundle: true,
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
    format: 'esm',
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
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // The sources are ESM; the one use of import.meta (a lazy require of `yaml`) gets the CommonJS equivalent.
    define: { 'import.meta.url': '__baton_module_url' },
    banner: { js: 'const __baton_module_url = require("node:url").pathToFileURL(__filename).href;' },
  }),
]);
