// Mail sent while gated stop hooks run, with the built binary and the built gate as `baton init` wires them: every
// message reaches the session exactly once, at the latest at the first turn boundary after its send returned.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { spawnTracked } from '../helpers/processes.js';
import { BIN, baton, cleanEnv, testdir } from '../helpers/testdir.js';
import { GATE } from '../wiring/harness-files.js';

const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
const SENDS = 12;

it('a send that lands while the gate runs is pushed at the next boundary, once', async () => {
  const root = testdir();
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project);
  mkdirSync(home);
  const env = cleanEnv({ HOME: home });
  expect(baton(['init', '--harness', 'claude'], { cwd: project, env: { HOME: home } }).code).toBe(0);
  const hook = (event: string, extra: Record<string, unknown> = {}) => {
    const input = JSON.stringify({ session_id: SESSION, cwd: project, ...extra });
    const result = spawnSync('/bin/sh', [GATE, process.execPath, BIN, 'hook', event, '--harness', 'claude'], {
      cwd: project,
      env,
      input,
      encoding: 'utf8',
    });
    expect({ code: result.status, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    return result.stdout;
  };
  hook('session-start', { source: 'startup' });
  const seen: string[] = [];
  const stop = () => {
    const out = hook('stop', { stop_hook_active: false, last_assistant_message: 'done' });
    for (const match of out.matchAll(/\\u2502 race (\d+)|│ race (\d+)/g)) seen.push(match[1] ?? match[2]!);
  };
  // The sender: one `baton send` after another, each returned before the next starts.
  const returned: string[] = [];
  const sender = spawnTracked(
    '/bin/sh',
    [
      '-c',
      `i=1; while [ $i -le ${SENDS} ]; do "$0" "$1" send --as bob --to claude@project --body "race $i" >/dev/null || exit 1; echo $i; i=$((i+1)); done`,
      process.execPath,
      BIN,
    ],
    { cwd: project, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  sender.stdout?.setEncoding('utf8');
  sender.stdout?.on('data', (chunk: string) => returned.push(...chunk.split('\n').filter(Boolean)));
  const done = new Promise<number | null>((resolve) => sender.on('exit', resolve));
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  while (!finished) {
    // Everything whose send had returned before this boundary began must be out after it.
    const before = [...returned];
    stop();
    for (const i of before) expect(seen).toContain(i);
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await done).toBe(0);
  stop();
  expect(seen.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: SENDS }, (_, i) => i + 1));
});

it('a session the gate hands over is anchored to its caller, as without the gate (no temporary file left)', () => {
  const root = testdir();
  const project = join(root, 'project');
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  mkdirSync(project);
  mkdirSync(home);
  mkdirSync(tmp);
  expect(baton(['init'], { cwd: project, env: { HOME: home } }).code).toBe(0);
  // The caller stays alive after the hook (as a harness does), then lists the sessions.
  const script = `printf '%s' '{"session_id":"${SESSION}","cwd":"${project}"}' | /bin/sh "$0" "$1" "$2" hook session-start --harness claude; "$1" "$2" sessions --json`;
  const result = spawnSync('/bin/bash', ['-c', script, GATE, process.execPath, BIN], {
    cwd: project,
    env: cleanEnv({ HOME: home, TMPDIR: tmp }),
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  const { sessions } = JSON.parse(result.stdout) as { sessions: { id: string; live: boolean }[] };
  expect(sessions.find((session) => session.id === SESSION)).toMatchObject({ live: true });
  expect(readdirSync(tmp)).toEqual([]);
});
