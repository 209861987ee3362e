// package.json `prepare`: builds dist/ (with the type declarations) in this checkout. npm runs it on `npm install` /
// `npm ci` here, on `npm pack`, and when a project installs this checkout (`npm install /path/to/checkout`). npm links
// such a folder and installs none of its dependencies, so the linked package would have neither the build tools nor
// what it imports at run time: when they are missing here, this installs the locked dependencies into the checkout
// (`npm ci`, from the npm registry or npm's cache; its own `prepare` builds) instead of failing on a missing esbuild.
// A packed tarball ships dist/ and runs no prepare: installing one needs only the runtime dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// What the build loads (scripts/build.mjs: esbuild, tsc with @types/node, the page's preact) and what dist/ imports.
const BUILD_TOOLS = ['esbuild', 'typescript', '@types/node', 'preact'];
const needed = [...Object.keys(manifest.dependencies ?? {}), ...BUILD_TOOLS];
const missing = needed.filter((name) => !existsSync(join(ROOT, 'node_modules', name, 'package.json')));

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (missing.length === 0) {
  run(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--types']);
} else if (process.env.BATON_PREPARE_INSTALLING) {
  console.error(`baton: prepare: still missing after npm ci in ${ROOT}: ${missing.join(', ')}`);
  process.exit(1);
} else {
  console.error(
    `baton: prepare: ${missing.join(', ')} not installed in ${ROOT}: running npm ci there to build it`,
  );
  // npm passes its configuration down as npm_config_* variables: the outer command's `--global`, `--omit=dev` or
  // `--production` must not reach this install of the checkout's own locked dependencies.
  const env = { ...process.env, BATON_PREPARE_INSTALLING: '1' };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(global|location|prefix|omit|production|only|include|save.*)$/i.test(key))
      delete env[key];
  }
  const npm = process.env.npm_execpath;
  const args = ['ci', '--include=dev', '--no-audit', '--no-fund'];
  if (npm?.endsWith('.js')) run(process.execPath, [npm, ...args], env);
  else run('npm', args, env);
}
