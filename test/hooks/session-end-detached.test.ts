// The session-end draft of a transcript too large for the hook's time (Codex kills a SessionEnd hook after 3 s): the
// hook hands it to a detached process and returns; the draft appears after the hook has exited, even once the
// hook's process group is killed (as a harness cleans up its hooks, and the e2e runner the harness).
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNote } from '../../src/core/notes/note.js';
import { INLINE_DRAFT_BYTES } from '../../src/hooks/detached-draft.js';
import { endStdin, spawnTracked } from '../helpers/processes.js';
import { BIN, cleanEnv, filesUnder } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';
import { expectSilent, hook, project, record, SESSION } from './helpers.js';

const FIXTURE = resolve(
  import.meta.dirname,
  '../fixtures/transcripts/codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
);

/** A real Codex rollout repeated past `bytes` (each copy with its own call ids), as a long session's would grow. */
function largeRollout(dir: string, bytes: number): string {
  const lines = readFileSync(FIXTURE, 'utf8');
  const path = join(dir, 'rollout-large.jsonl');
  const fd = openSync(path, 'w');
  let written = 0;
  for (let copy = 0; written <= bytes; copy++)
    written += writeSync(fd, lines.replace(/call_/g, `call_${copy}_`));
  closeSync(fd);
  return path;
}

const noteFiles = (cwd: string) => filesUnder(join(cwd, '.baton', 'notes'));
const hookLog = (cwd: string) => readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8');

/** `baton hook session-end --harness codex` in a process group of its own; resolves when it has exited. */
function sessionEnd(cwd: string, transcript: string): Promise<{ code: number | null; pid: number }> {
  const child = spawnTracked(process.execPath, [BIN, 'hook', 'session-end', '--harness', 'codex'], {
    cwd,
    env: cleanEnv(),
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  endStdin(
    child,
    JSON.stringify({
      session_id: SESSION,
      transcript_path: transcript,
      cwd,
      hook_event_name: 'SessionEnd',
      reason: 'other',
    }),
  );
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => done({ code, pid: child.pid! }));
  });
}

describe('session-end: a transcript too large to draft inside the hook', () => {
  it('is drafted by a detached process after the hook returned, whole, surviving a kill of the hook’s group', async () => {
    const cwd = project();
    const transcript = largeRollout(cwd, INLINE_DRAFT_BYTES);
    expectSilent(
      hook('session-start', { source: 'startup', transcript_path: transcript }, { cwd, harness: 'codex' }),
    );
    const { code, pid } = await sessionEnd(cwd, transcript);
    expect(code).toBe(0);
    // The hook returned before the draft was written (the detached process waits for it to exit first).
    expect(noteFiles(cwd)).toEqual([]);
    // As a harness cleans up a hook it gave up on: its whole process group is killed (pid is the group we created).
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
    const handed = new RegExp(
      `codex session-end ${SESSION} raw handoff: the transcript is \\d+ MB — drafted by a detached process \\(pid (\\d+)\\)`,
    ).exec(hookLog(cwd));
    expect(handed, hookLog(cwd)).not.toBeNull();
    expect(Number(handed![1])).not.toBe(pid);
    // The session is marked ended by the hook itself, at once.
    expect(record(cwd).endedAt).toEqual(expect.any(String));

    await waitFor('the detached draft', () => /raw handoff n-/.test(hookLog(cwd)));
    const files = noteFiles(cwd);
    // One note, whole: written atomically (no temporary file left beside it).
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\/n-[0-9A-Z]+\.md$/);
    const path = join(cwd, '.baton', 'notes', files[0]!);
    const note = parseNote(readFileSync(path, 'utf8'), path);
    expect(note).toMatchObject({ kind: 'handoff', provenance: 'raw', session: SESSION, harness: 'codex' });
    expect(hookLog(cwd)).toContain(`codex session-end ${SESSION} raw handoff ${note.id}`);
  });

  it('a transcript within the bound is drafted inside the hook, as before', async () => {
    const cwd = project();
    const transcript = join(cwd, 'rollout.jsonl');
    const small = readFileSync(FIXTURE, 'utf8');
    const fd = openSync(transcript, 'w');
    writeSync(fd, small);
    closeSync(fd);
    expectSilent(
      hook('session-start', { source: 'startup', transcript_path: transcript }, { cwd, harness: 'codex' }),
    );
    const { code } = await sessionEnd(cwd, transcript);
    expect(code).toBe(0);
    expect(noteFiles(cwd)).toHaveLength(1);
    expect(hookLog(cwd)).not.toContain('detached');
  });
});
