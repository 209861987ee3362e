// Transcripts section of `npm run bench` (issue 9): `baton handoff draft` on a generated 50 MB transcript (time and
// peak memory) and a 200 MB one (peak memory: bounded whatever the size). The transcripts repeat the lines of the
// real Codex rollout in test/fixtures/transcripts (call ids made unique per copy), or synthetic lines of the same shape.
// And Codex's SessionEnd hook on the 50 MB rollout (issue 23): Codex kills that hook after 3 s, so the hook must return
// well inside them; the raw draft is written by the detached process it hands the work to (its time and peak memory).
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { OWN_PEAK_KB } from './own-peak.mjs';

const MB = 1024 * 1024;
const TIME_TARGET_MS = 2000;
/** Codex clamps a SessionEnd hook's timeout to 3 s; the hook answers well inside (a busy machine is slower). */
const SESSION_END_TARGET_MS = 1000;
const MEMORY_TARGET_MB = 100;

/** Lines of a real rollout (748 KB, 386 lines), else synthetic ones in its shapes. */
function sourceLines(root) {
  const fixture = join(
    root,
    'test',
    'fixtures',
    'transcripts',
    'codex',
    'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
  );
  if (existsSync(fixture)) return readFileSync(fixture, 'utf8').trimEnd().split('\n');
  const at = '2026-05-11T08:27:17.490Z';
  const lines = [
    JSON.stringify({
      timestamp: at,
      type: 'session_meta',
      payload: { id: 'bench-session', cwd: '/w/bench', cli_version: '0.125.0' },
    }),
    JSON.stringify({
      timestamp: at,
      type: 'event_msg',
      payload: { type: 'user_message', message: 'Make the build pass' },
    }),
  ];
  const output = 'src/a.ts:1: const value = compute(input); // a line of search output\n'.repeat(200);
  for (let i = 0; i < 40; i++) {
    const call = `call_${i}`;
    lines.push(
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'exec_command',
          call_id: call,
          arguments: JSON.stringify({ cmd: `rg -n compute src/${i}` }),
        },
      }),
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          call_id: call,
          output: `Process exited with code 0\nOutput:\n${output}`,
        },
      }),
      JSON.stringify({
        timestamp: at,
        type: 'event_msg',
        payload: {
          type: 'exec_command_end',
          call_id: call,
          command: ['bash', '-lc', `rg -n compute src/${i}`],
          exit_code: 0,
          aggregated_output: output,
        },
      }),
      JSON.stringify({
        timestamp: at,
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: `Searched src/${i}.` }],
        },
      }),
    );
  }
  return lines;
}

/** Writes a transcript of at least `bytes`: the source lines again and again, each copy with its own call ids. */
function writeTranscript(path, lines, bytes) {
  const fd = openSync(path, 'w');
  let written = 0;
  for (let copy = 0; written < bytes; copy++) {
    const text = `${lines.join('\n')}\n`.replace(/call_/g, `call_${copy}_`);
    written += writeSync(fd, text);
  }
  closeSync(fd);
  return written;
}

export default async function transcripts(ctx) {
  const dir = ctx.tmpdir();
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  mkdirSync(home);
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const env = { HOME: home };
  const init = spawnSync(process.execPath, [ctx.bin, 'init'], {
    cwd: project,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`baton init failed: ${init.stderr}`);
  const preload = join(dir, 'rss.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeSync(2, 'maxrss ' + (${OWN_PEAK_KB}) + '\\n'));\n`,
  );

  /** Peak resident memory (MB) of one `handoff draft` of `transcript`. */
  const peak = (transcript) => {
    const result = spawnSync(
      process.execPath,
      ['--require', preload, ctx.bin, 'handoff', 'draft', '--transcript', transcript],
      {
        cwd: project,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`handoff draft failed: ${result.stderr.slice(0, 500)}`);
    return Number(/maxrss (\d+)/.exec(result.stderr)?.[1]) / 1024;
  };

  const lines = sourceLines(ctx.root);
  const fifty = join(dir, 'fifty.jsonl');
  const fiftyBytes = writeTranscript(fifty, lines, 50 * MB);
  ctx.log(`transcripts: ${(fiftyBytes / MB).toFixed(0)} MB transcript written`);
  const timing = ctx.timeCommand(['handoff', 'draft', '--transcript', fifty], {
    cwd: project,
    env,
    runs: 5,
    warmup: 1,
  });
  const fiftyPeak = peak(fifty);
  const end = sessionEnd(ctx, dir, project, env, fifty);
  rmSync(fifty);

  const big = join(dir, 'big.jsonl');
  const bigBytes = writeTranscript(big, lines, 200 * MB);
  ctx.log(`transcripts: ${(bigBytes / MB).toFixed(0)} MB transcript written`);
  const started = performance.now();
  const bigPeak = peak(big);
  const bigSeconds = (performance.now() - started) / 1000;
  rmSync(big);

  const size = (bytes) => `${(bytes / MB).toFixed(0)} MB`;
  return [
    {
      name: `hook session-end (Codex), ${size(fiftyBytes)} rollout: until the hook returns`,
      value: `${end.hookMs.toFixed(0)} ms`,
      target: `< ${SESSION_END_TARGET_MS} ms (Codex kills it at 3 s)`,
      ok: end.hookMs < SESSION_END_TARGET_MS,
    },
    {
      name: `hook session-end (Codex), ${size(fiftyBytes)} rollout: the detached draft, written (peak ${end.peakMb.toFixed(0)} MB)`,
      value: `${end.draftMs.toFixed(0)} ms`,
      target: `peak < ${MEMORY_TARGET_MB} MB`,
      ok: end.peakMb < MEMORY_TARGET_MB,
    },
    {
      name: `handoff draft, ${size(fiftyBytes)} transcript: time (median of 5)`,
      value: `${timing.medianMs.toFixed(0)} ms (p95 ${timing.p95Ms.toFixed(0)})`,
      target: `< ${TIME_TARGET_MS} ms`,
      ok: timing.medianMs < TIME_TARGET_MS,
    },
    {
      name: `handoff draft, ${size(fiftyBytes)} transcript: peak memory`,
      value: `${fiftyPeak.toFixed(0)} MB`,
      target: `< ${MEMORY_TARGET_MB} MB`,
      ok: fiftyPeak < MEMORY_TARGET_MB,
    },
    {
      name: `handoff draft, ${size(bigBytes)} transcript: peak memory (time ${bigSeconds.toFixed(1)} s)`,
      value: `${bigPeak.toFixed(0)} MB`,
      target: `< ${MEMORY_TARGET_MB} MB (bounded)`,
      ok: bigPeak < MEMORY_TARGET_MB,
    },
  ];
}

/**
 * Codex's SessionEnd hook on `transcript`: the time until the hook returns, the time until the detached process it
 * starts has written the raw draft (from the hook's start), and that process's peak memory (MB).
 */
function sessionEnd(ctx, dir, project, env, transcript) {
  const session = '01a20000-bbbb-7000-8000-000000000023';
  const hook = (event, input, extra = {}) =>
    spawnSync(process.execPath, [ctx.bin, 'hook', event, '--harness', 'codex'], {
      cwd: project,
      env: { ...process.env, ...env, BATON_AGENT: 'bench-codex', ...extra },
      input: JSON.stringify({ session_id: session, cwd: project, transcript_path: transcript, ...input }),
      encoding: 'utf8',
    });
  hook('session-start', { hook_event_name: 'SessionStart', source: 'startup', model: 'bench' });
  // Each process of the hook (the hook, then the detached one) leaves its peak memory in a file named by its pid.
  const peaks = join(dir, 'peaks');
  mkdirSync(peaks, { recursive: true });
  const preload = join(dir, 'rss-file.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(peaks)} + '/' + process.pid, String(${OWN_PEAK_KB})));\n`,
  );
  const log = join(project, '.baton', 'state', 'hooks.log');
  const drafted = () =>
    existsSync(log) && readFileSync(log, 'utf8').includes(`session-end ${session} raw handoff n-`);
  const started = performance.now();
  const result = hook(
    'session-end',
    { hook_event_name: 'SessionEnd', reason: 'other' },
    { NODE_OPTIONS: `--require ${preload}` },
  );
  const hookMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`hook session-end failed: ${result.stderr.slice(0, 500)}`);
  const until = Date.now() + 120_000;
  while (!drafted() && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  const draftMs = performance.now() - started;
  if (!drafted()) throw new Error('the detached session-end draft was not written within 120 s');
  // The detached process writes its peak as it exits, just after its log line.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  const peakMb =
    Math.max(...readdirSync(peaks).map((pid) => Number(readFileSync(join(peaks, pid), 'utf8')))) / 1024;
  return { hookMs, draftMs, peakMb };
}
