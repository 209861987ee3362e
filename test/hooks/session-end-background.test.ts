// A session's end, which the hook gate runs in the background (nothing the hook prints is read, so the harness is not
// kept waiting): the draft and the session's end land after the gate has returned — even once the caller's process
// group is killed, as the e2e runner does —, the marker that says an end is in flight goes, and a new session's start
// waits for it so its index holds the note. A marker left by a hook that died is not waited for.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { parseNote } from '../../src/core/notes/note.js';
import {
  clearEnding,
  ENDING_WAIT_MS,
  endingsInFlight,
  endingsSettled,
} from '../../src/core/sessions/ending.js';
import { readSession } from '../../src/core/sessions/session.js';
import { runHook } from '../../src/hooks/run.js';
import { endStdin, spawnTracked } from '../helpers/processes.js';
import { BIN, cleanEnv, filesUnder } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';
import { GATE } from '../wiring/harness-files.js';
import { hook, project, record, SESSION } from './helpers.js';

const OTHER = '9b1e0c22-1111-4222-8333-444455556666';
const TRANSCRIPT = resolve(
  import.meta.dirname,
  '../fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
);

const endingDir = (cwd: string) => join(cwd, '.baton', 'state', 'ending');
const hookLog = (cwd: string) => {
  const path = join(cwd, '.baton', 'state', 'hooks.log');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
};

/** The gate as `baton init` wires it, at a session's end, in a process group of its own; resolves when it exited. */
function endThroughGate(cwd: string, transcript: string): Promise<{ code: number | null; pid: number }> {
  const child = spawnTracked(
    '/bin/sh',
    [GATE, process.execPath, BIN, 'hook', 'session-end', '--harness', 'claude'],
    { cwd, env: cleanEnv(), detached: true, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  endStdin(
    child,
    JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd, hook_event_name: 'SessionEnd' }),
  );
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => done({ code, pid: child.pid! }));
  });
}

async function runIn(
  cwd: string,
  event: 'session-start' | 'session-end',
  session: string,
  background = false,
) {
  const stdin = JSON.stringify({ session_id: session, cwd, transcript_path: TRANSCRIPT, source: 'startup' });
  const outcome = await runHook({ event, harness: 'claude', stdin, cwd, env: cleanEnv(), background });
  outcome.undelivered();
  return outcome.output;
}

describe('a session’s end in the background (the built gate and binary)', () => {
  it('the gate returns, its group is killed, and still the draft lands, the session ends and the marker goes', async () => {
    const cwd = project();
    hook('session-start', { source: 'startup', transcript_path: TRANSCRIPT }, { cwd });
    expect(record(cwd).endedAt).toBeUndefined();
    const ended = await endThroughGate(cwd, TRANSCRIPT);
    expect(ended.code).toBe(0);
    // As a harness's runner cleans up after it: whatever is left in the gate's process group ends.
    try {
      process.kill(-ended.pid, 'SIGKILL');
    } catch {}
    await waitFor('the end drafted and its marker gone', () => {
      const left = readdirSync(endingDir(cwd));
      return left.length === 0 && record(cwd).endedAt !== undefined;
    });
    const notes = filesUnder(join(cwd, '.baton', 'notes'));
    expect(notes).toHaveLength(1);
    const path = join(cwd, '.baton', 'notes', notes[0]!);
    expect(parseNote(readFileSync(path, 'utf8'), path)).toMatchObject({
      session: SESSION,
      provenance: 'raw',
      kind: 'handoff',
    });
    expect(hookLog(cwd)).toMatch(new RegExp(`claude session-end ${SESSION} raw handoff n-`));
  });
});

describe('a new session’s start and the ends in flight', () => {
  it('waits until the end in flight is done, then starts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const cwd = project();
    mkdirSync(join(endingDir(cwd), OTHER), { recursive: true });
    let started = false;
    const start = runIn(cwd, 'session-start', SESSION).then(() => {
      started = true;
    });
    // However long it is given (short of the bound), it does not start while the marker is there.
    await vi.advanceTimersByTimeAsync(ENDING_WAIT_MS - 100);
    expect(started).toBe(false);
    expect(readSession(openBoard({ cwd, env: cleanEnv() }), SESSION)).toBeUndefined();
    clearEnding(openBoard({ cwd, env: cleanEnv() }), OTHER);
    await vi.advanceTimersByTimeAsync(100);
    await start;
    expect(hookLog(cwd)).not.toContain('was not waited for');
    expect(record(cwd).id).toBe(SESSION);
  });

  it('a marker left by a hook that died long ago is not waited for', async () => {
    const cwd = project();
    const stale = join(endingDir(cwd), OTHER);
    mkdirSync(stale, { recursive: true });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(stale, longAgo, longAgo);
    await runIn(cwd, 'session-start', SESSION);
    expect(record(cwd).id).toBe(SESSION);
    expect(hookLog(cwd)).not.toContain('was not waited for');
  });

  it('the hook in the background takes its marker away — also for a session the board never saw; a hook in the foreground leaves markers alone', async () => {
    const cwd = project();
    await runIn(cwd, 'session-start', SESSION);
    mkdirSync(join(endingDir(cwd), SESSION), { recursive: true });
    mkdirSync(join(endingDir(cwd), OTHER));
    await runIn(cwd, 'session-end', SESSION);
    expect(readdirSync(endingDir(cwd)).sort()).toEqual([OTHER, SESSION].sort());
    await runIn(cwd, 'session-end', SESSION, true);
    expect(readdirSync(endingDir(cwd))).toEqual([OTHER]);
    await runIn(cwd, 'session-end', OTHER, true);
    expect(readdirSync(endingDir(cwd))).toEqual([]);
  });
});

describe('the ends in flight on a hostile board', () => {
  it('a link, a file or a link to a folder in state/ending is no end in flight, and nothing is removed through it', async () => {
    const cwd = project();
    const board = openBoard({ cwd, env: cleanEnv() });
    const elsewhere = join(cwd, 'elsewhere');
    mkdirSync(join(elsewhere, SESSION), { recursive: true });
    mkdirSync(endingDir(cwd), { recursive: true });
    symlinkSync(join(elsewhere, SESSION), join(endingDir(cwd), SESSION));
    writeFileSync(join(endingDir(cwd), OTHER), '');
    expect(endingsInFlight(board)).toEqual([]);
    expect(await endingsSettled(board, 0)).toBe(true);
    clearEnding(board, SESSION);
    expect(lstatSync(join(endingDir(cwd), SESSION)).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(elsewhere, SESSION)).isDirectory()).toBe(true);
  });

  it('state/ending itself a link: nothing in flight, nothing removed in the folder it points to', async () => {
    const cwd = project();
    const board = openBoard({ cwd, env: cleanEnv() });
    const elsewhere = join(cwd, 'elsewhere');
    mkdirSync(join(elsewhere, SESSION), { recursive: true });
    mkdirSync(join(cwd, '.baton', 'state'), { recursive: true });
    symlinkSync(elsewhere, endingDir(cwd));
    expect(endingsInFlight(board)).toEqual([]);
    clearEnding(board, SESSION);
    expect(lstatSync(join(elsewhere, SESSION)).isDirectory()).toBe(true);
  });

  it('an end in flight that never finishes is waited for only so long', async () => {
    const cwd = project();
    const board = openBoard({ cwd, env: cleanEnv() });
    mkdirSync(join(endingDir(cwd), OTHER), { recursive: true });
    expect(endingsInFlight(board)).toEqual([OTHER]);
    expect(await endingsSettled(board, 60)).toBe(false);
  });
});
