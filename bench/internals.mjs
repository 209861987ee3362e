// What the sections' board seeders need from baton's internals — ids and the front matter of a record, to write
// thousands of notes or messages straight into a board folder — which the library does not export. Built once per
// bench run from src/ with esbuild (as scripts/build.mjs builds dist/), beside the measured build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

let loading;

/** `{ newId, idTime, isId, formatRecord, parseRecord }` from src/core/store. ctx: bench/run.mjs's. */
export function internals(ctx) {
  loading ??= bundleFromSource(ctx.root, join(ctx.dist, '..', 'bench-internals.mjs'), [
    "export { idTime, isId, newId } from './src/core/store/ids.js';",
    "export { formatRecord, parseRecord } from './src/core/store/front-matter.js';",
  ]);
  return loading;
}

/** Bundles `lines` (re-exports from src/, relative to `root`) into `outfile` and imports it. */
export async function bundleFromSource(root, outfile, lines) {
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}
