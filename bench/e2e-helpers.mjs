// The end-to-end tests' harness runners (test/e2e/harnesses.ts: a workspace per harness, its provider configuration,
// a headless run) and scripted model server (test/e2e/model-server.ts), for bench sections that run the real harness
// CLIs. They are TypeScript written for vitest: built once per bench run with esbuild (vitest's `afterEach`, which
// only cleans up after a test, stubbed), beside the measured build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

let loading;

/** `{ workspace, runHarness, harnessBin, harnessEnv, describeRun, MODEL, startModelServer }`. ctx: bench/run.mjs's. */
export function e2eHelpers(ctx) {
  loading ??= (async () => {
    const outfile = join(ctx.dist, '..', 'bench-e2e-helpers.mjs');
    const e2e = join(ctx.root, 'test', 'e2e');
    await build({
      stdin: {
        contents: [
          "export * from './harnesses.ts';",
          "export { startModelServer } from './model-server.ts';",
        ].join('\n'),
        resolveDir: e2e,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // harnesses.ts finds the repository from its own folder.
      define: { 'import.meta.dirname': JSON.stringify(e2e) },
      plugins: [
        {
          name: 'no-vitest',
          setup(on) {
            on.onResolve({ filter: /^vitest$/ }, () => ({ path: 'vitest', namespace: 'no-vitest' }));
            on.onLoad({ filter: /.*/, namespace: 'no-vitest' }, () => ({
              // The test helpers' hooks (teardown of their processes and folders) have no test to run around here.
              contents: ['afterEach', 'afterAll', 'beforeEach', 'beforeAll']
                .map((hook) => `export function ${hook}() {}`)
                .join('\n'),
              loader: 'js',
            }));
          },
        },
      ],
      outfile,
      logLevel: 'silent',
    });
    return import(pathToFileURL(outfile).href);
  })();
  return loading;
}
