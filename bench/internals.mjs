// What the sections' board seeders need from baton's internals — ids and the front matter of a record, to write
// thousands of notes or messages straight into a board folder — which the library does not export. Built once per
// bench run from src/ with esbuild (as scripts/build.mjs builds dist/), beside the measured build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

let loading;

/** `{ newId, idTime, isId, formatRecord, parseRecord }` from src/core/store. ctx: bench/run.mjs's. */
export function internals(ctx) {
  loading ??= (async () => {
    const outfile = join(ctx.dist, '..', 'bench-internals.mjs');
    await build({
      stdin: {
        contents: [
          "export { idTime, isId, newId } from './src/core/store/ids.js';",
          "export { formatRecord, parseRecord } from './src/core/store/front-matter.js';",
        ].join('\n'),
        resolveDir: ctx.root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'silent',
    });
    return import(pathToFileURL(outfile).href);
  })();
  return loading;
}
