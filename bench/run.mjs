// `npm run bench`: measures bare `node -e 0`, runs every section module, prints one table of ratios (SPEC §7).
//
// A section is `bench/<name>.mjs` exporting `default async function (ctx)` that returns rows
// `{ name, value, target, ok, ratio? }` (`ok: null` = informational). A missing or crashing section is
// reported and skipped. Missed targets are printed as MISSED but do not fail the run; only a crash here does.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir as osTmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SECTIONS = [
  'messaging',
  'hooks',
  'redaction',
  'mcp',
  'transcripts',
  'notes',
  'index',
  'gc',
  'web',
  'search',
  'web-timeline',
  'web-rss',
  'web-views',
  'markdown',
  'remote',
  'sync',
  'harness-runs',
];
const BASELINE_RUNS = 15;
const DEFAULT_RUNS = 15;
const WARMUP_RUNS = 3;

/** Median and 95th percentile of a list of durations. */
function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mid = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { medianMs, p95Ms: at(0.95), minMs: sorted[0], runs: sorted.length };
}

// The bench's own BATON_* settings must not leak into the boards it measures.
function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('BATON_')) env[key] = value;
  return { ...env, ...extra };
}

// Wall time of whole child processes, spawned one at a time, as a hook or a shell would run them.
// `paired: true` alternates every run with a `node -e 0` run (order flipped each time), so the ratio it returns
// compares samples taken under the same machine load — on a small, busy box the load drifts within seconds.
// `against: [...node args]` pairs with that command instead of `node -e 0`. `program` runs that executable with
// `args` instead of node (the hook gate: /bin/sh); the partner is still node.
function timeSpawn(args, options = {}) {
  const { env, cwd = ROOT, runs = DEFAULT_RUNS, warmup = WARMUP_RUNS, input, before } = options;
  const program = options.program ?? process.execPath;
  const partner = options.against ?? ['-e', '0'];
  const paired = options.paired === true || options.against !== undefined;
  // `input` (a hook's JSON, or a function of the run's number giving it) goes to the measured command's stdin only.
  const once = (argv, stdin, command = process.execPath) => {
    const started = performance.now();
    // Output is read whole, as a pager would read it: a timeline of 10,000 notes is more than spawnSync's 1 MB.
    const result = spawnSync(command, argv, {
      env: cleanEnv(env),
      cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      input: stdin,
    });
    const elapsed = performance.now() - started;
    if (result.error || result.status !== 0) {
      const why = result.error?.message ?? `exit ${result.status}: ${result.stderr.trim().slice(0, 500)}`;
      const name = command === process.execPath ? 'node' : command;
      throw new Error(`\`${name} ${argv.join(' ')}\` failed (${why})`);
    }
    return { elapsed, result };
  };
  const samples = [];
  const bare = [];
  let last;
  for (let i = 0; i < warmup + runs; i++) {
    const flip = paired && i % 2 === 1;
    if (flip) bare.push(once(partner).elapsed);
    before?.();
    const run = once(args, typeof input === 'function' ? input(i) : input, program);
    last = run.result;
    samples.push(run.elapsed);
    if (paired && !flip) bare.push(once(partner).elapsed);
  }
  const timing = { ...summarize(samples.slice(warmup)), stdout: last.stdout, stderr: last.stderr };
  if (!paired) return timing;
  const base = summarize(bare.slice(warmup));
  // The ratio of minimums is shown beside the official one (medians): under load it is the steadier estimate.
  return {
    ...timing,
    baselineMs: base.medianMs,
    ratio: timing.medianMs / base.medianMs,
    minRatio: timing.minMs / base.minMs,
  };
}

// Other engineers rebuild dist/ (rm -rf, then write) while the bench runs, so the bench measures its own copy,
// kept beside the repository so bare imports still resolve from its node_modules. A copy taken mid-rebuild is
// caught by checking that every relative import inside it resolves, and taken again.
async function snapshotBuild(dir) {
  for (let attempt = 1; ; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    try {
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
      cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
      // The package's root, as `baton init` finds it (beside bin/baton.js): hooks it wires run this copy.
      cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
      const broken = brokenImports(join(dir, 'dist'));
      if (broken.length === 0) return;
      if (attempt >= 20) throw new Error(`dist/ stays inconsistent (${broken[0]}) — run \`npm run build\``);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function brokenImports(dist) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.js')) files.push(join(dir, entry.name));
    }
  };
  walk(dist);
  if (!files.includes(join(dist, 'cli.js')) || !files.includes(join(dist, 'index.js')))
    return ['no cli.js/index.js'];
  const broken = [];
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /(?:from\s*|import\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      const target = join(dirname(file), match[1]);
      if (!existsSync(target)) broken.push(`${file} imports ${match[1]}`);
    }
  }
  return broken;
}

function fmtRatio(ratio) {
  return typeof ratio === 'number' && Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '';
}

function okCell(ok) {
  if (ok === true) return 'ok';
  if (ok === false) return 'MISSED';
  return 'info';
}

function printTable(rows) {
  const header = ['section', 'measure', 'value', 'ratio vs node -e 0', 'target', 'ok'];
  const cells = rows.map((r) => [
    r.section,
    r.name,
    String(r.value),
    fmtRatio(r.ratio),
    r.target ?? '',
    okCell(r.ok),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

async function main() {
  const scratch = mkdtempSync(join(osTmpdir(), 'baton-bench-'));
  const build = join(ROOT, '.bench', `build-${process.pid}`);
  let made = 0;
  const started = performance.now();
  const rows = [];
  const notes = [];
  try {
    await snapshotBuild(build);
    const bin = join(build, 'bin', 'baton.js');
    // NODE_EXTRA_CA_CERTS makes every node process read and parse those certificates as it starts (tens of
    // milliseconds): a cost of this machine's setup, not of a user's, that would pad every ratio's denominator and
    // every harness run alike. Nothing measured here leaves 127.0.0.1: it is dropped for every measurement.
    if (process.env.NODE_EXTRA_CA_CERTS) {
      const padded = timeSpawn(['-e', '0'], { runs: BASELINE_RUNS });
      delete process.env.NODE_EXTRA_CA_CERTS;
      rows.push({
        section: 'baseline',
        name: 'node -e 0 with this environment’s NODE_EXTRA_CA_CERTS (dropped for every measurement below)',
        value: `${padded.medianMs.toFixed(1)} ms`,
        target: 'info',
        ok: null,
      });
    }
    const baseline = timeSpawn(['-e', '0'], { runs: BASELINE_RUNS });
    const baselineMs = baseline.medianMs;
    rows.push({
      section: 'baseline',
      name: 'node -e 0 (median)',
      value: `${baselineMs.toFixed(1)} ms (p95 ${baseline.p95Ms.toFixed(1)})`,
      ratio: 1,
      target: '',
      ok: null,
    });
    console.error(`bench: node ${process.version}, node -e 0 median ${baselineMs.toFixed(1)} ms`);

    const ctx = {
      root: ROOT,
      baselineMs,
      bin,
      /** The measured build's dist/ folder (a snapshot of the repository's, see snapshotBuild). */
      dist: join(build, 'dist'),
      tmpdir() {
        const dir = join(scratch, String(++made));
        mkdirSync(dir);
        return dir;
      },
      /**
       * Times `node bin/baton.js ...args`. Options: env, cwd, runs, warmup, paired, against, input, before (a
       * function run, unmeasured, before each timed run) — see timeSpawn.
       * Returns medianMs, p95Ms, minMs, stdout, stderr; when paired also baselineMs and ratio.
       */
      timeCommand(args, options = {}) {
        return timeSpawn([bin, ...args], options);
      },
      timeNode(args, options = {}) {
        return timeSpawn(args, options);
      },
      /** Times `program ...args` (not node: e.g. `/bin/sh dist/hook-gate.sh ...`), same options as timeCommand. */
      timeProgram(program, args, options = {}) {
        return timeSpawn(args, { ...options, program });
      },
      log(message) {
        console.error(`bench: ${message}`);
      },
    };

    // `node bench/run.mjs notes mcp` runs only those sections.
    const only = process.argv.slice(2);
    for (const name of SECTIONS.filter((section) => only.length === 0 || only.includes(section))) {
      const file = join(ROOT, 'bench', `${name}.mjs`);
      if (!existsSync(file)) {
        notes.push(`section ${name}: skipped (bench/${name}.mjs does not exist yet)`);
        continue;
      }
      const sectionStart = performance.now();
      try {
        const section = await import(pathToFileURL(file).href);
        if (typeof section.default !== 'function') throw new Error('no default export function');
        const result = await section.default(ctx);
        for (const row of result ?? []) rows.push({ section: name, ...row });
        const seconds = ((performance.now() - sectionStart) / 1000).toFixed(1);
        console.error(`bench: section ${name} done in ${seconds} s`);
      } catch (error) {
        notes.push(`section ${name}: skipped, it threw: ${error?.stack ?? error}`);
      }
    }

    // A second baseline shows whether the machine's load drifted while the sections ran.
    const after = timeSpawn(['-e', '0'], { runs: BASELINE_RUNS });
    const drift = after.medianMs / baselineMs;
    rows.push({
      section: 'baseline',
      name: 'node -e 0 again, at the end',
      value: `${after.medianMs.toFixed(1)} ms`,
      ratio: drift,
      target: '',
      ok: null,
    });
    if (Math.abs(drift - 1) > 0.15)
      notes.push(
        `baseline drifted ${fmtRatio(drift)} during the run: the machine was busy, ratios are noisy`,
      );
  } finally {
    // BENCH_KEEP=1 keeps the boards and the build measured, to look at or profile afterwards.
    if (process.env.BENCH_KEEP) console.error(`bench: kept ${scratch} and ${build}`);
    else {
      rmSync(scratch, { recursive: true, force: true });
      rmSync(build, { recursive: true, force: true });
    }
  }

  console.log('');
  printTable(rows);
  const missed = rows.filter((r) => r.ok === false);
  console.log('');
  for (const note of notes) console.log(`note: ${note}`);
  if (missed.length === 0) console.log('all targets met');
  else
    console.log(
      `MISSED ${missed.length} target(s): ${missed.map((r) => `${r.section}/${r.name}`).join('; ')}`,
    );
  const seconds = (performance.now() - started) / 1000;
  console.log(`total ${seconds.toFixed(0)} s`);

  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    seconds,
    rows,
    notes,
    missed: missed.length,
  };
  writeFileSync(join(ROOT, '.bench', 'last.json'), `${JSON.stringify(report, null, 2)}\n`);
}

try {
  await main();
} catch (error) {
  console.error(`bench crashed: ${error?.stack ?? error}`);
  process.exit(1);
}
