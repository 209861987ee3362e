// Bundles dist/: the full CLI (ESM, one lazily loaded chunk per command), the library entry, and one
// self-contained CommonJS file per hot-path command (no shared chunks, no ESM loader: both cost start-up time);
// with `--types` (what `npm install` runs), also the library's type declarations in dist/types, with tsc (seconds,
// so the everyday build leaves the last ones in place).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import * as sdkTypes from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import { trainCodeCache } from './code-cache.mjs';

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

const withTypes = process.argv.includes('--types');
// Every hot bundle starts with this build's id, and so does its code cache (bin/load-hot.cjs).
const hotBanner = [
  `// baton-build ${randomBytes(16).toString('hex')}`,
  // The sources are ESM; their import.meta.url gets the CommonJS equivalent, worked out when first read (most runs
  // never read it: working it out at load costs every hook and `send` a little).
  'const __baton_meta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
].join('\n');
for (const part of ['cli.js', 'index.js', 'chunks', 'hot', 'web', ...(withTypes ? ['types'] : [])]) {
  rmSync(`dist/${part}`, { recursive: true, force: true });
}
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
      'hot/board': 'src/cli/hot/board.ts',
      'hot/index': 'src/cli/hot/index.ts',
      'hot/hook': 'src/cli/hot/hook.ts',
      'hot/hook-work': 'src/cli/hot/hook-work.ts',
      'hot/remote': 'src/cli/hot/remote.ts',
    },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__baton_meta.url' },
    banner: { js: hotBanner },
  }),
  // `baton mcp` (stdio), which a harness starts with every session: one file with the MCP SDK and zod inside.
  build({
    ...common,
    packages: undefined,
    // The search library is required only when `board` is asked a query (a lazy import), from node_modules.
    external: ['minisearch'],
    entryPoints: { 'hot/mcp': 'src/cli/hot/mcp.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__baton_meta.url' },
    banner: { js: hotBanner },
  }),
  // The web UI's page: one script and one stylesheet, served by `baton serve` (no inline script: the CSP forbids it).
  build({
    entryPoints: { app: 'src/web/page/main.tsx' },
    outdir: 'dist/web',
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'warning',
  }),
]);
// Every hot bundle in ASCII: esbuild escapes what is outside it in strings, not in comments or regular expressions.
// Node reads an ASCII file's text several times faster (a file with one character beyond it is decoded as UTF-8
// throughout: ~9 ms for `baton mcp`'s, at every start); a \uXXXX escape means the same in all three.
for (const name of readdirSync('dist/hot')) {
  if (!name.endsWith('.cjs')) continue;
  const path = `dist/hot/${name}`;
  const text = readFileSync(path, 'utf8');
  const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(path, ascii);
}
mkdirSync('dist/web', { recursive: true });
for (const file of ['index.html', 'style.css']) copyFileSync(`src/web/page/${file}`, `dist/web/${file}`);

// The hook gate (src/hooks/gate/script.ts): a POSIX sh script generated from the harness registry.
const gate = await build({
  ...common,
  entryPoints: ['src/hooks/gate/script.ts'],
  format: 'esm',
  write: false,
});
const { gateScript } = await import(
  `data:text/javascript;base64,${Buffer.from(gate.outputFiles[0].text).toString('base64')}`
);
writeFileSync('dist/hook-gate.sh', gateScript(), { mode: 0o755 });

// The MCP front (src/mcp/front/script.ts): a POSIX sh script answering the handshake as the `baton mcp` just built
// answers it (the build runs it once per tool profile to ask).
const front = await build({
  ...common,
  stdin: {
    contents: `export { captureAnswers } from './src/mcp/front/capture.ts';
export { frontScript } from './src/mcp/front/script.ts';`,
    resolveDir: '.',
    loader: 'ts',
  },
  format: 'esm',
  write: false,
});
const { captureAnswers, frontScript } = await import(
  `data:text/javascript;base64,${Buffer.from(front.outputFiles[0].text).toString('base64')}`
);
writeFileSync(
  'dist/mcp-front.sh',
  frontScript(await captureAnswers([process.execPath, resolve('bin/baton.js')], protocolVersions())),
  { mode: 0o755 },
);

// The protocol versions the SDK accepts as a client asks, the newest first (it answers any other with the newest).
function protocolVersions() {
  const { LATEST_PROTOCOL_VERSION: newest, SUPPORTED_PROTOCOL_VERSIONS: all } = sdkTypes;
  return [newest, ...all.filter((version) => version !== newest)];
}

// The hot bundles' code caches, made by running them (scripts/code-cache.mjs).
for (const problem of trainCodeCache()) console.error(`build: code cache: ${problem}`);

if (withTypes) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const types = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (types.status !== 0) process.exit(types.status ?? 1);
}
