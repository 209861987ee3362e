// Installs the harness CLIs the end-to-end tests drive (test/e2e), at the versions pinned in
// test/e2e/harness-versions.json, into a cache folder outside the package's node_modules:
// `<repo>/.cache/harnesses/<package>@<version>/` (BATON_HARNESS_CACHE moves it). A harness already installed there is
// skipped. npm runs without its dependencies' install scripts; then the CLI package's own install script runs alone
// (`npm rebuild <package>`): Claude Code's and opencode's put the native binary that npm installed as an optional
// dependency (a registry package, no other download) in place of their bin placeholder, and they do not start
// without it. Unattended: no prompt, no stdin. Prints where each binary is; exits 1 when any install failed.
//
//   node scripts/install-harnesses.mjs [name …]     (names from harness-versions.json; default: all)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pins = JSON.parse(readFileSync(join(repo, 'test/e2e/harness-versions.json'), 'utf8'));
const cache = resolve(process.env.BATON_HARNESS_CACHE || join(repo, '.cache/harnesses'));
const MARKER = '.baton-installed';

/** `@scope/name@1.2.3` as one folder name: `scope+name@1.2.3`. */
function folderName(pin) {
  return `${pin.package.replace(/^@/, '').replace('/', '+')}@${pin.version}`;
}

function run(command, args, options) {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => done({ code: -1, output: `${output}${error.message}` }));
    child.on('close', (code) => done({ code, output }));
  });
}

async function install(name) {
  const pin = pins[name];
  if (!pin) return { name, error: `unknown harness "${name}" (known: ${Object.keys(pins).join(', ')})` };
  const dir = join(cache, folderName(pin));
  const bin = join(dir, 'node_modules/.bin', pin.bin);
  if (existsSync(join(dir, MARKER)) && existsSync(bin)) return { name, bin, skipped: true, seconds: 0 };
  // Installed into a temporary folder and renamed when complete, so an interrupted install is never taken for a
  // finished one.
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, 'package.json'), '{"private":true}\n');
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(
    npm,
    [
      'install',
      '--prefix',
      temp,
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-save',
      '--loglevel=error',
      `${pin.package}@${pin.version}`,
    ],
    { cwd: temp, env: { ...process.env, CI: 'true', npm_config_yes: 'true' } },
  );
  if (result.code !== 0) {
    rmSync(temp, { recursive: true, force: true });
    return {
      name,
      error: `npm install ${pin.package}@${pin.version} failed (exit ${result.code}):\n${result.output}`,
    };
  }
  const own = await run(npm, ['rebuild', '--prefix', temp, '--loglevel=error', pin.package], {
    cwd: temp,
    env: { ...process.env, CI: 'true' },
  });
  if (own.code !== 0) {
    rmSync(temp, { recursive: true, force: true });
    return { name, error: `${pin.package}'s install script failed (exit ${own.code}):\n${own.output}` };
  }
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(join(temp, MARKER), `${pin.package}@${pin.version}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
  if (!existsSync(bin)) return { name, error: `${pin.package}@${pin.version} installed but has no ${bin}` };
  // A CLI that cannot print its version would fail every test that uses it: say so here, once.
  const home = mkdtempSync(join(tmpdir(), 'baton-harness-home-'));
  const version = await run(bin, ['--version'], { cwd: dir, env: { ...process.env, HOME: home } });
  rmSync(home, { recursive: true, force: true });
  if (version.code !== 0 || !version.output.includes(pin.version)) {
    return {
      name,
      error: `${bin} --version did not print ${pin.version} (exit ${version.code}):\n${version.output}`,
    };
  }
  return { name, bin, skipped: false, seconds };
}

/**
 * The npm packages a harness installs for itself on its first start in a fresh HOME or project (opencode: its
 * plugin SDK, for the config folders that hold plugins), installed once into `<install>/seed/` so the tests can put
 * them in place instead of waiting for that install in every test.
 */
async function seed(pin) {
  const dir = join(cache, folderName(pin), 'seed');
  const ready = join(dir, MARKER);
  if (existsSync(ready)) return { dir };
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, 'package.json'), `${JSON.stringify({ dependencies: pin.seed }, null, 2)}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(
    npm,
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    {
      cwd: temp,
      env: { ...process.env, CI: 'true' },
    },
  );
  if (result.code !== 0) {
    rmSync(temp, { recursive: true, force: true });
    return {
      error: `npm install of ${JSON.stringify(pin.seed)} failed (exit ${result.code}):\n${result.output}`,
    };
  }
  writeFileSync(join(temp, MARKER), `${JSON.stringify(pin.seed)}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
  return { dir };
}

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(pins);
mkdirSync(cache, { recursive: true });
const started = Date.now();
// In parallel: the time is mostly downloads, and npm's cache is safe for concurrent installs.
const results = await Promise.all(
  names.map(async (name) => {
    const result = await install(name);
    if (result.error || !pins[name].seed) return result;
    const seeded = await seed(pins[name]);
    return seeded.error ? { ...result, error: seeded.error } : { ...result, seed: seeded.dir };
  }),
);
let failed = 0;
for (const result of results) {
  if (result.error) {
    failed++;
    console.error(`${result.name}: ${result.error}`);
  } else {
    const how = result.skipped ? 'already installed' : `installed in ${result.seconds.toFixed(1)} s`;
    console.log(`${result.name}: ${result.bin} (${how})${result.seed ? `; seed ${result.seed}` : ''}`);
  }
}
console.log(
  `harnesses: ${names.length - failed} ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${cache})`,
);
process.exit(failed > 0 ? 1 : 0);
