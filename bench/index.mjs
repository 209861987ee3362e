// Index section of `npm run bench` (issue 11): `baton index --budget 4000` over 1,000 and over 10,000 notes of one
// project, each as a ratio to `node -e 0` (goal ≤ 2×), and how flat it stays from one to the other. The notes are
// written straight into the board folder (front matter and a short body, as `baton result write` leaves them), with
// a few cards and some unread mail, so every part of the index has something to show.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { internals } from './internals.mjs';

const SIZES = [1_000, 10_000];
const BUDGET = 4000;
const RUNS = 15;
const WARMUP = 2;
const TARGET = 2;
/** The 10,000-note ratio over the 1,000-note one: "flat" allows noise, not growth. */
const FLAT = 1.15;
const START = Date.parse('2026-01-05T09:00:00.000Z');

function seed(baton, dir, projectKey, count) {
  const board = join(dir, '.baton');
  const folder = join(board, 'notes', projectKey);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(board, 'board.json'),
    `${JSON.stringify({ name: 'bench', version: 1, createdAt: new Date(START).toISOString() })}\n`,
  );
  for (let n = 0; n < count; n++) {
    const at = START + n * 600_000;
    const id = baton.newId('n', at);
    const fields = {
      id,
      kind: n % 4 === 0 ? 'result' : 'handoff',
      projectKey,
      session: `s-${n}`,
      parentSession: n % 4 === 0 ? `s-${n - 1}` : '',
      agent: 'alice',
      harness: 'claude',
      createdAt: new Date(at).toISOString(),
      title: `Login flake, step ${n}: time frozen per test, retries on real timers`,
      status: n % 20 === 0 ? 'error' : 'ok',
      conclusion: 'Frozen time per test; suite green 20/20 runs; the e2e suite was not run (staging down).',
      facts: ['vitest reuses workers', 'afterEach restores real timers'],
      files: ['test/login.spec.ts', 'test/setup.ts'],
      artifacts: [],
      provenance: 'curated',
    };
    writeFileSync(join(folder, `${id}.md`), baton.formatRecord(fields, '## Goal\nFix the flake.\n'));
  }
  return board;
}

/** The index rows for bench/run.mjs. ctx: { tmpdir(), bin, dist, timeCommand, log? }. */
export default async function indexBench(ctx) {
  // The library, and the internals the seeders need (ids, front matter: bench/internals.mjs).
  const baton = {
    ...(await import(pathToFileURL(join(ctx.dist, 'index.js')).href)),
    ...(await internals(ctx)),
  };
  const log = ctx.log ?? (() => {});
  const rows = [];
  const ratios = [];
  for (const count of SIZES) {
    const dir = ctx.tmpdir();
    const cwd = join(dir, 'shop');
    mkdirSync(cwd);
    const env = { BATON_DIR: join(dir, '.baton') };
    // The project key is baton's own (asked with --json on an empty board), so the index finds the notes.
    mkdirSync(env.BATON_DIR);
    writeFileSync(
      join(env.BATON_DIR, 'board.json'),
      '{"name":"b","version":1,"createdAt":"2026-01-01T00:00:00.000Z"}\n',
    );
    const asked = spawnSync(process.execPath, [ctx.bin, 'index', '--json'], {
      cwd,
      env: { ...cleanEnv(), ...env },
      encoding: 'utf8',
    });
    const projectKey = JSON.parse(asked.stdout).project;
    const started = performance.now();
    seed(baton, dir, projectKey, count);
    for (let i = 0; i < 5; i++) {
      spawnSync(process.execPath, [ctx.bin, 'card', 'new', `Card ${i}`, '--as', 'bob'], {
        cwd,
        env: { ...cleanEnv(), ...env },
      });
      spawnSync(process.execPath, [ctx.bin, 'send', '--as', 'bob', '--to', 'alice', '--body', `mail ${i}`], {
        cwd,
        env: { ...cleanEnv(), ...env },
      });
    }
    log(
      `index: seeded ${count.toLocaleString('en-US')} notes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const args = ['index', '--as', 'alice', '--budget', String(BUDGET)];
    const cold = ctx.timeCommand(args, { cwd, env, runs: 1, warmup: 0 });
    const timing = ctx.timeCommand(args, { cwd, env, paired: true, runs: RUNS, warmup: WARMUP });
    const text = timing.stdout;
    const handles = (text.match(/ note:n-/g) ?? []).length;
    if (text.length - 1 > BUDGET || handles !== 20 || !text.includes('mail: 5 unread')) {
      throw new Error(`baton index over ${count} notes is not the expected index:\n${text.slice(0, 600)}`);
    }
    ratios.push(timing.ratio);
    rows.push({
      name: `baton index --budget ${BUDGET}, ${count.toLocaleString('en-US')} notes`,
      value: `${timing.medianMs.toFixed(1)} ms vs ${timing.baselineMs.toFixed(1)} ms (min ratio ${timing.minRatio.toFixed(2)}×; ${text.length - 1} chars, ${handles} notes; first run ${cold.medianMs.toFixed(0)} ms)`,
      ratio: timing.ratio,
      target: `≤ ${TARGET}×`,
      ok: timing.ratio <= TARGET,
    });
  }
  const flat = ratios[1] / ratios[0];
  rows.push({
    name: 'index flatness: 10,000 notes over 1,000',
    value: `${ratios[1].toFixed(2)}× / ${ratios[0].toFixed(2)}×`,
    ratio: flat,
    target: `≤ ${FLAT}×`,
    ok: flat <= FLAT,
  });
  return rows;
}

function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BATON_')));
}
