// Transcripts section of `npm run bench` (issue 9): `baton handoff draft` on a generated 50 MB transcript (time and
// peak memory) and a 200 MB one (peak memory: bounded whatever the size). The transcripts repeat the lines of the
// real Codex rollout in test/fixtures/transcripts (call ids made unique per copy), or synthetic lines of the same shape.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;
const TIME_TARGET_MS = 2000;
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
    "process.on('exit', () => require('fs').writeSync(2, 'maxrss ' + process.resourceUsage().maxRSS + '\\n'));\n",
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
