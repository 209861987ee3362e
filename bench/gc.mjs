// Gc section of `npm run bench` (issue 11): `baton gc --dry-run` and a real `baton gc` over a board of 10,000 notes
// in one project, with the default settings (30 days, 500 per project), each as a ratio to `node -e 0`. No goal was
// set: the rows are informational.
//
// The notes are written straight into the board folder, their ids spread over the last 120 days, so about three in
// four are past the 30-day ttl and all but the newest 500 are over the cap: gc removes 9,500 of them. A real run is
// measured on a board re-seeded (unmeasured) before each run, so every run removes the same 9,500.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { internals } from './internals.mjs';

const NOTES = 10_000;
const KEPT = 500;
const SPAN_DAYS = 120;
const DRY_RUNS = 11;
const RUNS = 7;
const WARMUP = 1;
const DAY_MS = 86_400_000;
const PROJECT = 'home-me-src-shop';
const AGENTS = ['claude-3f2a9c', 'codex-77b1', 'alice'];

/** A fresh board under `dir` and the note files to (re)write into it: [path, text][]. */
function planBoard(baton, dir) {
  const board = join(dir, '.baton');
  mkdirSync(join(board, 'notes', PROJECT), { recursive: true });
  writeFileSync(
    join(board, 'board.json'),
    `${JSON.stringify({ name: 'bench', version: 1, createdAt: new Date().toISOString() })}\n`,
  );
  const now = Date.now();
  const files = [];
  for (let i = 0; i < NOTES; i++) {
    // Evenly spread, newest last; a minute of margin so the newest stay inside the ttl whatever the clock does.
    const at = now - 60_000 - Math.floor(((NOTES - i) / NOTES) * SPAN_DAYS * DAY_MS);
    const id = baton.newId('n', at);
    const fields = {
      id,
      kind: 'handoff',
      projectKey: PROJECT,
      session: `s-${i}`,
      parentSession: '',
      agent: AGENTS[i % AGENTS.length],
      harness: 'claude',
      createdAt: new Date(at).toISOString(),
      title: `Step ${i}`,
      status: 'ok',
      provenance: 'curated',
    };
    files.push([join(board, 'notes', PROJECT, `${id}.md`), baton.formatRecord(fields, '## Goal\nbench\n')]);
  }
  return { board, files };
}

function seed(files) {
  for (const [path, text] of files) writeFileSync(path, text);
}

/** The gc rows for bench/run.mjs. ctx: { tmpdir(), dist, timeCommand(), log? }. */
export default async function gcBench(ctx) {
  // The library, and the internals the seeders need (ids, front matter: bench/internals.mjs).
  const baton = {
    ...(await import(pathToFileURL(join(ctx.dist, 'index.js')).href)),
    ...(await internals(ctx)),
  };
  const log = ctx.log ?? (() => {});
  const dir = ctx.tmpdir();
  const { board, files } = planBoard(baton, dir);
  const started = performance.now();
  seed(files);
  log(
    `seeded ${NOTES.toLocaleString('en-US')} notes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const env = { BATON_DIR: board };
  const expected = NOTES - KEPT;
  const counted = (stdout, verb) => {
    const match = new RegExp(`^${verb} (\\d+) item\\(s\\)$`, 'm').exec(stdout);
    const count = match ? Number(match[1]) : Number.NaN;
    if (count !== expected) {
      throw new Error(`baton gc ${verb} ${count} items, expected ${expected}:\n${stdout.slice(-500)}`);
    }
    return count;
  };
  const row = (name, timing) => ({
    name,
    value: `${timing.medianMs.toFixed(1)} ms vs ${timing.baselineMs.toFixed(1)} ms (min ratio ${timing.minRatio.toFixed(2)}×)`,
    ratio: timing.ratio,
    target: '',
    ok: null,
  });
  const dry = ctx.timeCommand(['gc', '--dry-run'], { env, paired: true, runs: DRY_RUNS, warmup: WARMUP });
  const listed = counted(dry.stdout, 'would remove');
  const total = NOTES.toLocaleString('en-US');
  const rows = [row(`baton gc --dry-run, ${total} notes (lists ${listed.toLocaleString('en-US')})`, dry)];
  const real = ctx.timeCommand(['gc'], {
    env,
    paired: true,
    runs: RUNS,
    warmup: WARMUP,
    before: () => seed(files),
  });
  const removed = counted(real.stdout, 'removed');
  rows.push(row(`baton gc, ${total} notes (removes ${removed.toLocaleString('en-US')})`, real));
  return rows;
}
