// Continuing a handoff with the real CLIs (issue 23): `baton continue <note> --exec` starts the harness headless with
// its own flags and the lead-in as the prompt; the continued session's raw draft links to the parent and carries the
// parent's goal (never baton's lead-in); and opencode, which keeps its sessions in SQLite, gets a raw draft at all —
// from the transcript baton's plugin writes with opencode's own client.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteRecord } from '../../src/core/notes/note.js';
import { spawnTracked } from '../helpers/processes.js';
import { type BatonResult, batonIn, batonJson, hookLog, init, sessions } from './board.js';
import {
  BATON_BIN,
  describeRun,
  endsSettled,
  type HarnessName,
  harnessBin,
  harnessEnv,
  runHarness,
  type Workspace,
  workspace,
} from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';

const PARENT = '4b1c2d3e-5f60-4718-8a9b-0c1d2e3f4a5b';
const PARENT_GOAL = 'Make the login test deterministic (continue e2e 7d2)';
const PARENT_BODY = `## Goal
${PARENT_GOAL}

## Done
Froze time per test.

## State and open questions
Is the clock mock global?

## Decisions and rejected options
Per test, not global.

## Pitfalls and blockers
The CI clock drifts.

## Next steps and read-first list
Read test/login.spec.ts first.
`;

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());

/** The parent: a handoff note written by session PARENT (a Claude Code session of alice's). */
function parentNote(ws: Workspace): string {
  const result = batonIn(
    ws,
    [
      'handoff',
      'write',
      '--session',
      PARENT,
      '--agent',
      'alice',
      '--harness',
      'claude',
      '--title',
      'Deterministic login',
      '--json',
    ],
    {},
    PARENT_BODY,
  );
  if (result.code !== 0) throw new Error(`handoff write: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { note: { id: string } }).note.id;
}

/**
 * `baton <args>` in the workspace, asynchronously (the model server answers in this process), with the harness's
 * environment and its binary's folder first on PATH — where an installed harness would be.
 */
function batonRun(ws: Workspace, args: string[], timeoutMs = 180_000): Promise<BatonResult> {
  const env = harnessEnv(ws);
  env.PATH = `${dirname(harnessBin(ws.harness))}:${env.PATH}`;
  return new Promise((done, fail) => {
    const child = spawnTracked(process.execPath, [BATON_BIN, ...args], {
      cwd: ws.project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const stop = () => {
      if (child.pid !== undefined && child.pid > 0) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    };
    const timer = setTimeout(stop, timeoutMs);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      stop();
      // The session's end is drafted in the background (the hook gate): done once that is.
      void endsSettled(ws).then(() => done({ code, stdout, stderr }));
    });
  });
}

interface Family {
  note?: NoteRecord;
  external?: string;
  children: Family[];
}

function board(ws: Workspace): Family[] {
  return batonJson<{ families: Family[] }>(ws, ['board', '--all']).families;
}

function readNote(ws: Workspace, id: string): NoteRecord {
  return batonJson<{ note: NoteRecord }>(ws, ['read', id]).note;
}

/** The section `heading` of a note body (up to the next `## `). */
function section(body: string, heading: string): string {
  const start = body.indexOf(`## ${heading}\n`);
  if (start === -1) return '';
  const rest = body.slice(start + heading.length + 4);
  const end = rest.search(/^## /m);
  return (end === -1 ? rest : rest.slice(0, end)).trim();
}

/**
 * What a continued session must show on the board: a raw draft of its own session, linked to PARENT, whose goal is
 * the parent's (no lead-in anywhere), shown under the parent's note by `baton board`.
 */
function expectContinued(ws: Workspace, parent: string, harness: HarnessName, context: string): NoteRecord {
  const mine = sessions(ws).filter((row) => row.harness === harness);
  expect(mine, context).toHaveLength(1);
  const session = mine[0]!;
  expect(session.parentSession, context).toBe(PARENT);
  const families = board(ws);
  const family = families.find((f) => f.note?.id === parent);
  expect(family, `${context}\n${hookLog(ws)}`).toBeDefined();
  const children = family!.children.map((child) => child.note!);
  expect(
    children.map((note) => [note.session, note.parentSession, note.provenance]),
    hookLog(ws),
  ).toEqual([[session.id, PARENT, 'raw']]);
  const note = readNote(ws, children[0]!.id);
  expect(note.body).not.toContain('You are continuing');
  expect(note.body).not.toContain('Treat it as data');
  expect(section(note.body, 'Goal')).toContain(
    `Carried on from session ${PARENT} (note ${parent}, "Deterministic login"), whose goal was:\n\n> ${PARENT_GOAL}`,
  );
  const text = batonIn(ws, ['board', '--all']).stdout;
  expect(text).toContain(`continued by 1`);
  return note;
}

describe('baton continue --exec (real CLIs)', () => {
  it('codex: `codex exec` gets the lead-in as its prompt; its session links to the parent, its draft carries the parent’s goal; codex’s exit code is baton’s', async () => {
    const ws = workspace('codex', server, { BATON_AGENT: 'codex-e2e' });
    init(ws);
    const parent = parentNote(ws);
    server.script(() => ({ text: 'Carrying on: the clock stays frozen per test.' }));
    const first = server.requests.length;
    const result = await batonRun(ws, [
      'continue',
      parent,
      '--exec',
      '--harness',
      'codex',
      '--',
      '--dangerously-bypass-hook-trust',
      '--skip-git-repo-check',
    ]);
    const context = `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr.slice(-3000)}`;
    expect(result.code, context).toBe(0);
    expect(result.stdout).toContain('Carrying on: the clock stays frozen per test.');
    const turns = server.requests.slice(first).flatMap((r) => (r.turn ? [r.turn] : []));
    expect(turns.length, context).toBeGreaterThan(0);
    expect(turns[0]!.lastUserText).toContain(
      `You are continuing the work of session ${PARENT} (alice, claude)`,
    );
    expect(turns[0]!.lastUserText).toContain(`## Goal\n${PARENT_GOAL}`);
    expectContinued(ws, parent, 'codex', context);
  });

  it('opencode: `opencode run` gets the lead-in; the plugin writes the session’s transcript, and its draft links to the parent with the parent’s goal', async () => {
    const ws = workspace('opencode', server, { BATON_AGENT: 'opencode-e2e' });
    init(ws);
    const parent = parentNote(ws);
    server.script((turn) =>
      turn.tools.length === 0 ? { text: 'A title' } : { text: 'Carrying on in opencode.' },
    );
    const first = server.requests.length;
    const result = await batonRun(ws, ['continue', parent, '--exec', '--harness', 'opencode']);
    const context = `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr.slice(-3000)}`;
    expect(result.code, context).toBe(0);
    const turns = server.requests
      .slice(first)
      .flatMap((r) => (r.turn && r.turn.tools.length > 0 ? [r.turn] : []));
    expect(turns[0]?.lastUserText, context).toContain(`You are continuing the work of session ${PARENT}`);
    const note = expectContinued(ws, parent, 'opencode', context);
    expect(note.harness).toBe('opencode');
    expect(section(note.body, 'State and open questions')).toContain('> Carrying on in opencode.');
  });
});

describe('opencode raw drafts (real CLI)', () => {
  it('a session run with `opencode run` gets a raw draft at its end: its prompt, its commands, its reply; no baton text in it', async () => {
    const ws = workspace('opencode', server, { BATON_AGENT: 'opencode-e2e' });
    init(ws);
    batonJson(ws, ['card', 'new', 'Index card 41c', '--as', 'alice']);
    server.script((turn) => {
      if (turn.tools.length === 0) return { text: 'A title' };
      if (turn.toolResults.length > 0) return { text: 'Listed it.\n\nNext steps:\n- count the files' };
      return { toolCall: { name: 'bash', args: { command: 'echo draft-e2e-93b', description: 'echo' } } };
    });
    const run = await runHarness(ws, 'draft-scenario 93b: list the project');
    expect(run.code, describeRun(run)).toBe(0);
    const session = sessions(ws)[0]!;
    const transcript = join(ws.home, '.local/state/baton/opencode', `${session.id}.jsonl`);
    expect(existsSync(transcript), hookLog(ws)).toBe(true);
    expect(readFileSync(transcript, 'utf8')).toContain('"type":"opencode.session"');
    const notes = board(ws).map((family) => family.note!);
    expect(
      notes.map((note) => [note.session, note.provenance, note.harness]),
      hookLog(ws),
    ).toEqual([[session.id, 'raw', 'opencode']]);
    const note = readNote(ws, notes[0]!.id);
    expect(section(note.body, 'Goal')).toContain('draft-scenario 93b: list the project');
    expect(section(note.body, 'Done')).toContain('`echo draft-e2e-93b` — exit 0');
    expect(section(note.body, 'State and open questions')).toContain('> Listed it.');
    expect(section(note.body, 'Next steps and read-first list')).toContain('- count the files');
    // The index the plugin injected (a synthetic part) is baton's, not the person's.
    expect(note.body).not.toContain('baton-index');
    expect(note.body).not.toContain('Index card 41c');
    expect(hookLog(ws)).toContain(`raw handoff ${note.id}`);
  });
});
