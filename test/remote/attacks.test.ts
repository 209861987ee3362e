// The attacks on `POST /api/cli` that once got past its allow-list, run against a real `baton serve` with the built
// binary: raw HTTP as an attacker sends it, and the stock client with BATON_URL. Each is refused with its exact
// words, and nothing on the server is read, written or started.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshot, testdir } from '../helpers/testdir.js';
import { type Served, serveBoard } from './helpers.js';

const SECRET = 'root-only-secret-7f3a';
const FIXTURE = join(
  import.meta.dirname,
  '../fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
);

async function post(served: Served, argv: string[], stdin?: string) {
  const res = await fetch(`${served.url}/api/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${served.token}` },
    body: JSON.stringify(stdin === undefined ? { argv } : { argv, stdin }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { exit: number; stdout: string; stderr: string };
}

const refusedAs = (message: string) => ({ exit: 2, stdout: '', stderr: `baton: ${message}\n` });

function notesOf(root: string): string[] {
  const dir = join(root, 'notes');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((project) =>
    readdirSync(join(dir, project)).map((file) => readFileSync(join(dir, project, file), 'utf8')),
  );
}

const SIX = [
  'Goal',
  'Done',
  'State and open questions',
  'Decisions and rejected options',
  'Pitfalls and blockers',
]
  .map((heading) => `## ${heading}\nwork\n`)
  .concat('## Next steps and read-first list\nmore\n')
  .join('\n');

describe('attacks on POST /api/cli', () => {
  it('`result write --title -- --file <server file>` is refused; the stock client reads its own file, never the server’s', async () => {
    const served = await serveBoard({ cwd: (project) => project });
    writeFileSync(join(served.project, 'secret.txt'), SECRET);
    const before = snapshot(served.root);
    const file =
      '--file names a file on your machine, which the server cannot read — pipe its content on stdin instead';
    expect(await post(served, ['result', 'write', '--title', '--', '--file', 'secret.txt'])).toEqual(
      refusedAs(file),
    );
    expect(await post(served, ['result', 'write', '--title=--file', '--file=secret.txt'])).toEqual(
      refusedAs(file),
    );
    // The client's folder has no secret.txt: its own read fails, and the server is never asked.
    expect(served.client(['result', 'write', '--title', '--', '--file', 'secret.txt'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: cannot read --file secret.txt: it does not exist\n',
    });
    expect(snapshot(served.root)).toEqual(before);
    // A file the client has is the client's to send: the note holds it, titled `--` as asked.
    writeFileSync(join(served.clientDir, 'secret.txt'), 'the client’s own deliverable\n');
    const wrote = served.client(['result', 'write', '--title', '--', '--file', 'secret.txt', '--json']);
    expect(wrote.code).toBe(0);
    expect(JSON.parse(wrote.stdout).note.title).toBe('--');
    const notes = notesOf(served.root);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('the client’s own deliverable');
    expect(notes.join('\n')).not.toContain(SECRET);
  });

  it('`send … --body -- --board <folder>` and `inbox --all --as -- --board <folder>` reach no other board', async () => {
    const served = await serveBoard();
    const elsewhere = join(testdir(), 'other');
    const other = join(testdir(), 'private', '.baton');
    mkdirSync(join(other, 'messages'), { recursive: true });
    writeFileSync(
      join(other, 'board.json'),
      '{"name":"private","version":1,"createdAt":"2026-12-01T00:00:00.000Z"}',
    );
    const before = snapshot(served.root);
    const board =
      '--board does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board';
    const send = ['send', '--as', 'eve', '--to', 'bob', '--body', '--', '--board', elsewhere];
    expect(await post(served, send)).toEqual(refusedAs(board));
    expect(served.client(send)).toEqual({ code: 2, stdout: '', stderr: `baton: ${board}\n` });
    const inbox = ['inbox', '--all', '--as', '--', '--board', other];
    expect(await post(served, inbox)).toEqual(refusedAs(board));
    expect(served.client(inbox)).toEqual({ code: 2, stdout: '', stderr: `baton: ${board}\n` });
    expect(existsSync(elsewhere)).toBe(false);
    expect(snapshot(served.root)).toEqual(before);
  });

  it('`continue <note> --as --print --harness codex` starts nothing; a planted cwd is not the server’s to act in; SIGTERM still stops serve', async () => {
    const bin = testdir();
    const marker = join(testdir(), 'codex-started');
    writeFileSync(join(bin, 'codex'), `#!/bin/sh\necho "$PWD" > '${marker}'\n`);
    chmodSync(join(bin, 'codex'), 0o755);
    const served = await serveBoard({
      cwd: (project) => project,
      env: { PATH: `${bin}:${process.env.PATH}`, OPENAI_API_KEY: 'sk-server-own-key' },
    });
    // A session whose record would say it worked in /etc, planted through a remote session start.
    const session = '019a0000-0000-7000-8000-00000000c0de';
    const start = { session_id: session, hook_event_name: 'SessionStart', source: 'startup', cwd: '/etc' };
    expect(
      await post(served, ['hook', 'session-start', '--harness', 'codex'], JSON.stringify(start)),
    ).toMatchObject({
      exit: 0,
    });
    const record = JSON.parse(readFileSync(join(served.root, 'sessions', `${session}.json`), 'utf8'));
    expect(record.cwd).toBe(served.project);
    const wrote = served.client(['handoff', 'write', '--session', session, '--title', 'work', '--json'], {
      input: SIX,
    });
    expect(wrote.code).toBe(0);
    const note = JSON.parse(wrote.stdout).note.id as string;
    const before = snapshot(served.root);
    const print =
      '`baton continue` over BATON_URL needs --print: the new session starts on your machine, not the server';
    const attack = ['continue', note, '--as', '--print', '--harness', 'codex'];
    expect(await post(served, attack)).toEqual(refusedAs(print));
    expect(served.client(attack)).toEqual({ code: 2, stdout: '', stderr: `baton: ${print}\n` });
    expect(snapshot(served.root)).toEqual(before);
    // With --print it prints the command, for the client's machine; it starts nothing, anywhere.
    const printed = await post(served, ['continue', note, '--print', '--harness', 'codex', '--json']);
    expect(printed.exit).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({ started: false, harness: 'codex' });
    expect(JSON.parse(printed.stdout).cwd).not.toBe('/etc');
    expect(existsSync(marker)).toBe(false);
    // The server's signal handlers are its own: SIGTERM ends it.
    const exited = new Promise<void>((done) => {
      const poll = setInterval(() => {
        try {
          process.kill(served.pid, 0);
        } catch {
          clearInterval(poll);
          done();
        }
      }, 25);
    });
    process.kill(served.pid, 'SIGTERM');
    // It stops; before, a started child held its signals and it never did (the test's hang guard caught that).
    await exited;
    expect(existsSync(marker)).toBe(false);
  });

  it('a byte-order mark before a hook’s JSON does not get a transcript path of the server read', async () => {
    const served = await serveBoard({ cwd: (project) => project });
    const transcript = join(served.project, 'server-session.jsonl');
    copyFileSync(FIXTURE, transcript);
    const session = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
    const hook = (event: string, fields: Record<string, unknown>) =>
      `\ufeff${JSON.stringify({ session_id: session, hook_event_name: event, cwd: served.project, ...fields })}`;
    const start = await post(
      served,
      ['hook', 'session-start', '--harness', 'claude'],
      hook('SessionStart', { source: 'startup', transcript_path: transcript }),
    );
    expect(start.exit).toBe(0);
    const record = JSON.parse(readFileSync(join(served.root, 'sessions', `${session}.json`), 'utf8'));
    expect(record.transcriptPath).toBeUndefined();
    for (const event of ['pre-compact', 'session-end'] as const) {
      const name = event === 'pre-compact' ? 'PreCompact' : 'SessionEnd';
      const answer = await post(
        served,
        ['hook', event, '--harness', 'claude'],
        hook(name, { transcript_path: transcript, trigger: 'auto', reason: 'other' }),
      );
      expect(answer).toEqual({ exit: 0, stdout: '', stderr: '' });
    }
    expect(notesOf(served.root)).toEqual([]);
    // The same through the stock client, whose hooks always exit 0.
    const client = served.client(['hook', 'session-end', '--harness', 'claude'], {
      input: hook('SessionEnd', { transcript_path: transcript, reason: 'other' }),
    });
    expect(client).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(notesOf(served.root)).toEqual([]);
    expect(readFileSync(join(served.root, 'state', 'hooks.log'), 'utf8')).toContain(
      'no raw handoff: over BATON_URL: the transcript is on the agent’s machine',
    );
  });

  it('a session the server recorded with a transcript of its own is never drafted for a remote session end', async () => {
    const served = await serveBoard({ cwd: (project) => project });
    const transcript = join(served.project, 'local.jsonl');
    copyFileSync(FIXTURE, transcript);
    const session = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
    const input = (event: string, fields: Record<string, unknown> = {}) =>
      JSON.stringify({ session_id: session, hook_event_name: event, cwd: served.project, ...fields });
    // The server's own session, wired locally: its record names its transcript.
    const local = served.local(['hook', 'session-start', '--harness', 'claude'], {
      input: input('SessionStart', { source: 'startup', transcript_path: transcript }),
    });
    expect(local.code).toBe(0);
    const record = JSON.parse(readFileSync(join(served.root, 'sessions', `${session}.json`), 'utf8'));
    expect(record.transcriptPath).toBe(transcript);
    expect(await post(served, ['hook', 'session-end', '--harness', 'claude'], input('SessionEnd'))).toEqual({
      exit: 0,
      stdout: '',
      stderr: '',
    });
    expect(notesOf(served.root)).toEqual([]);
  });

  it('`listen --timeout 1000 --timeout 0` is refused at once: the last --timeout is the one that counts', async () => {
    const served = await serveBoard();
    const listen = ['listen', '--as', 'bob', '--timeout', '1000', '--timeout', '0'];
    const message =
      '`baton listen` over BATON_URL needs --timeout <ms> (1 to 60000): it answers with the first mail, or nothing when the time is up';
    expect(await post(served, listen)).toEqual(refusedAs(message));
    expect(served.client(listen)).toEqual({ code: 2, stdout: '', stderr: `baton: ${message}\n` });
    // A bounded listen still answers when its time is up.
    expect(await post(served, ['listen', '--as', 'bob', '--timeout', '0', '--timeout', '200'])).toEqual({
      exit: 0,
      stdout: '',
      stderr: expect.stringContaining('listening as bob'),
    });
  });
});
