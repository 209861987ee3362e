// A session's start the hook gate answers itself (hooks/start-ready.ts, hooks/gate): byte for byte what the full
// hook printed at the last start, while everything that was read from is unchanged and nothing waits for the session;
// the session is then recorded in the background, anchored to the processes the gate ran under. Whatever may have
// changed the answer — a note, a card entry, settings, the project's checkout, mail, another name, a compaction, a
// session's end still drafted, another folder — sends the start to the full hook. The session's next events look
// into the names its start's marker holds while the start is recorded, and hand over once that process is gone.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedAgent } from '../../src/core/agents/alias.js';
import { type Board, ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../src/core/cards/index.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { writeHandoff } from '../../src/core/notes/write.js';
import { readSession } from '../../src/core/sessions/session.js';
import { aliasFunction, gateScript } from '../../src/hooks/gate/script.js';
import { readyPath } from '../../src/hooks/start-ready.js';
import { BIN, cleanEnv, testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';

const session = (n: number) => `${String(n).padStart(8, '0')}-5e55-4a11-8b22-0123456789ab`;
const SECTIONS = (topic: string) => ({
  goal: `Goal of ${topic}.`,
  done: `Done for ${topic}.`,
  state: `State of ${topic}.`,
  decisions: `Decisions of ${topic}.`,
  pitfalls: `Pitfalls of ${topic}.`,
  next: `Next for ${topic}.`,
});

interface World {
  dir: string;
  project: string;
  home: string;
  board: Board;
  gate: string;
  node: string;
  log: string;
  note: string;
  card: string;
}

function world(): World {
  const dir = testdir();
  const project = join(dir, 'shop');
  const home = join(dir, 'home');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(home);
  const board = openBoard({ cwd: project, env: {}, home });
  ensureBoard(board);
  writeFileSync(
    join(board.root, 'config.json'),
    `${JSON.stringify({ agents: { claude: 'claude@shop', codex: 'codex@shop', gemini: 'gemini@shop' } })}\n`,
  );
  let note = '';
  for (const topic of ['login', 'cache', 'release']) {
    const written = writeHandoff(board, {
      session: `s-${topic}`,
      as: 'alice',
      harness: 'claude',
      sections: SECTIONS(topic),
    });
    note = written.path;
  }
  const { card } = createCard(board, { title: 'Flaky login', as: 'alice' });
  const gate = join(dir, 'hook-gate.sh');
  writeFileSync(gate, gateScript());
  // Stands in for node: notes each start (answered or not, and its event), holds an answered one while $HOLD is
  // named and missing, then runs the real node.
  const log = join(dir, 'starts.log');
  const node = join(dir, 'node');
  writeFileSync(
    node,
    `#!/bin/sh
printf '%s %s\\n' "\${BATON_HOOK_ANSWERED:-full}" "$3" >>"$LOG"
if [ -n "\${HOLD-}" ] && [ -n "\${BATON_HOOK_ANSWERED-}" ]; then
  while [ ! -e "$HOLD" ]; do [ -d "\${HOLD%/*}" ] || exit 0; sleep 0.01; done
fi
exec '${process.execPath}' "$@"
`,
  );
  chmodSync(node, 0o755);
  return { dir, project, home, board, gate, node, log, note, card: card.id };
}

/** Every file and folder of the project (the board in it) and the test's folder an hour old: what was read has settled. */
function settle(w: World) {
  const old = new Date(Date.now() - 3_600_000);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      utimesSync(path, old, old);
    }
    utimesSync(dir, old, old);
  };
  walk(w.project);
  utimesSync(w.dir, old, old);
}

function input(id: string, event: string, extra: Record<string, unknown> = {}, cwd?: string) {
  return JSON.stringify({
    session_id: id,
    transcript_path: cwd === undefined ? undefined : join(cwd, 'session.jsonl'),
    cwd,
    hook_event_name: event,
    ...extra,
  });
}

function start(w: World, id: string, env: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return hook(w, 'session-start', input(id, 'SessionStart', { source: 'startup', ...extra }, w.project), env);
}

function hook(w: World, event: string, stdin: string, env: Record<string, string> = {}, harness = 'claude') {
  const result = spawnSync('/bin/sh', [w.gate, w.node, BIN, 'hook', event, '--harness', harness], {
    cwd: w.project,
    input: stdin,
    env: cleanEnv({ HOME: w.home, LOG: w.log, ...env }),
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return result.stdout;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const starts = (w: World) => (existsSync(w.log) ? readFileSync(w.log, 'utf8').trim().split('\n') : []);
const marker = (w: World, id: string) => join(w.board.root, 'state', 'starting', id);

/** A board whose first start the full hook answered and kept: the next one is the gate's. */
function prepared(): { w: World; first: string } {
  const w = world();
  settle(w);
  const first = start(w, session(1));
  expect(starts(w)).toEqual(['full session-start']);
  expect(first).toContain('for=\\"claude@shop\\"');
  return { w, first };
}

describe('a session start the gate answers', () => {
  it('prints what the full hook printed, byte for byte, and records the session in the background', async () => {
    const { w, first } = prepared();
    // Kept in this user's cache, never in the board.
    const kept = readyPath(w.home, w.board.root, 'claude');
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    expect(readFileSync(kept, 'utf8').endsWith(first)).toBe(true);
    expect(JSON.stringify(readdirSync(join(w.board.root, 'state')))).not.toContain('ready');

    const second = start(w, session(2));
    expect(second).toBe(first);
    await waitFor('the answered start recorded', () => readSession(w.board, session(2)));
    await waitFor('its marker taken away', () => !existsSync(marker(w, session(2))));
    expect(starts(w)).toEqual(['full session-start', '1 session-start']);
    const record = readSession(w.board, session(2))!;
    const byFull = readSession(w.board, session(1))!;
    // Anchored like the full hook's: to the process that ran the gate (this test), not to the background process.
    expect({ agent: record.agent, pid: record.pid, cwd: record.cwd }).toEqual({
      agent: 'claude@shop',
      pid: process.pid,
      cwd: w.project,
    });
    expect(byFull.pid).toBe(process.pid);
    expect(readdirSync(join(w.board.root, 'state', 'hook-gate', session(2)))).toEqual([
      'claude+claude@shop+claude-000000+t',
    ]);
    // A resume of that session: answered too, once its start is recorded.
    settle(w);
    const resumed = hook(
      w,
      'session-start',
      input(session(2), 'SessionStart', { source: 'resume' }, w.project),
    );
    expect(resumed).toBe(first);
    await waitFor('the resume recorded', () => starts(w).length === 3 && !existsSync(marker(w, session(2))));
    expect(starts(w)[2]).toBe('1 session-start');
  });

  it.each<[string, (w: World) => Record<string, string> | void, Record<string, unknown>?]>([
    [
      'a note written',
      (w) => void writeHandoff(w.board, { session: 's-new', as: 'bob', sections: SECTIONS('new') }),
    ],
    ['a listed note edited in place', (w) => appendFileSync(w.note, '\nEdited.\n')],
    [
      'a card entry',
      (w) => void appendEntry(w.board, w.card, { type: 'finding', as: 'bob', body: 'Seen again.' }),
    ],
    ['its settings changed', (w) => appendFileSync(join(w.board.root, 'config.json'), '\n')],
    [
      'mail for its name',
      (w) => void sendMessage(w.board, { as: 'bob', to: ['claude@shop'], body: 'Hello' }),
    ],
    [
      'mail for its alias',
      (w) => void sendMessage(w.board, { as: 'bob', to: ['claude-000000'], body: 'Hi' }),
    ],
    ['another name (BATON_AGENT)', () => ({ BATON_AGENT: 'carol' })],
    [
      'a session’s end still drafted',
      (w) => void mkdirSync(join(w.board.root, 'state', 'ending', 'other'), { recursive: true }),
    ],
    ['a git checkout made around the project', (w) => void mkdirSync(join(w.project, '.git'))],
    ['a compaction', () => undefined, { source: 'compact' }],
    ['a start it cannot tell', () => undefined, { source: 'later' }],
  ])('hands the start to the full hook after %s', async (_what, change, extra) => {
    const { w } = prepared();
    const env = change(w) ?? {};
    const output = start(w, session(2), env, extra);
    expect(starts(w)).toEqual(['full session-start', 'full session-start']);
    if (_what.startsWith('mail')) expect(output).toMatch(/Hello|Hi/);
    // Nothing of the gate's left behind.
    expect(existsSync(marker(w, session(2)))).toBe(false);
  });

  it('hands over a start in another folder of the project, and one whose kept answer is not a plain file', async () => {
    const { w } = prepared();
    const inSrc = JSON.stringify({
      session_id: session(3),
      cwd: join(w.project, 'src'),
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    hook(w, 'session-start', inSrc);
    expect(starts(w)).toEqual(['full session-start', 'full session-start']);
    // The kept answer swapped for a link to a copy of it: not read.
    settle(w);
    const kept = readyPath(w.home, w.board.root, 'claude');
    start(w, session(4));
    // Answered or not, its start has run (an answered one's in the background) before the next.
    await waitFor('the start recorded', () => starts(w).length === 3 && !existsSync(marker(w, session(4))));
    const copy = `${kept}.copy`;
    renameSync(kept, copy);
    symlinkSync(copy, kept);
    settle(w);
    start(w, session(5));
    expect(starts(w)[3]).toBe('full session-start');
  });

  it('a session’s end drafted in the background keeps the next start’s answer, new note and all', async () => {
    const { w } = prepared();
    writeHandoff(w.board, {
      session: 's-late',
      as: 'bob',
      harness: 'claude',
      sections: SECTIONS('late work'),
    });
    const kept = readyPath(w.home, w.board.root, 'claude');
    const end = input(session(1), 'SessionEnd', { reason: 'exit' }, w.project);
    expect(hook(w, 'session-end', end)).toBe('');
    await waitFor('the next start kept', () => readFileSync(kept, 'utf8').includes('Goal of late work'));
    await waitFor('the end done', () => !existsSync(join(w.board.root, 'state', 'ending', session(1))));
    const next = start(w, session(2));
    expect(next).toContain('Goal of late work');
    // The answered start's recording runs in the background: its line comes when it starts.
    await waitFor('the start recorded', () => starts(w).length === 3 && !existsSync(marker(w, session(2))));
    expect(starts(w)).toEqual(['full session-start', 'full session-end', '1 session-start']);
  });

  it('a session’s end keeps the answers of the other harnesses last started in its folder, and only those', async () => {
    const { w } = prepared();
    // Codex's start in the project's folder, Gemini CLI's in src/: each kept by the full hook.
    const other = (harness: string, id: string, cwd: string) =>
      hook(
        w,
        'session-start',
        JSON.stringify({
          session_id: id,
          transcript_path: join(cwd, `${harness}.jsonl`),
          cwd,
          hook_event_name: 'SessionStart',
          source: 'startup',
        }),
        {},
        harness,
      );
    expect(other('codex', session(11), w.project)).toContain('for=\\"codex@shop\\"');
    other('gemini', session(21), join(w.project, 'src'));
    const codexKept = readyPath(w.home, w.board.root, 'codex');
    const geminiKept = readyPath(w.home, w.board.root, 'gemini');
    const geminiBefore = readFileSync(geminiKept, 'utf8');
    expect(starts(w)).toEqual(['full session-start', 'full session-start', 'full session-start']);
    writeHandoff(w.board, {
      session: 's-late',
      as: 'bob',
      harness: 'claude',
      sections: SECTIONS('late work'),
    });
    // Claude Code's session ends (in the background, through the gate).
    hook(w, 'session-end', input(session(1), 'SessionEnd', { reason: 'exit' }, w.project));
    await waitFor('the end done', () => !existsSync(join(w.board.root, 'state', 'ending', session(1))));
    expect(readFileSync(codexKept, 'utf8')).toContain('Goal of late work');
    expect(readFileSync(codexKept, 'utf8')).toContain('for=\\"codex@shop\\"');
    // Another folder's answer is left as it was (stale now: its own next start goes to node).
    expect(readFileSync(geminiKept, 'utf8')).toBe(geminiBefore);
    // Codex's next session: answered by the gate, new note and all.
    const next = other('codex', session(12), w.project);
    expect(next).toContain('Goal of late work');
    await waitFor('the start recorded', () => starts(w).length === 5 && !existsSync(marker(w, session(12))));
    expect(starts(w).slice(3)).toEqual(['full session-end', '1 session-start']);
    expect(readSession(w.board, session(12))?.agent).toBe('codex@shop');
  });

  it('on a board with nothing to list, the start (which prints nothing) is answered too', async () => {
    const w = world();
    for (const folder of ['notes', 'cards']) rmSync(join(w.board.root, folder), { recursive: true });
    settle(w);
    expect(start(w, session(1))).toBe('');
    expect(readFileSync(readyPath(w.home, w.board.root, 'claude'), 'utf8').endsWith('\noutput\n')).toBe(true);
    expect(start(w, session(2))).toBe('');
    await waitFor('the start recorded', () => starts(w).length === 2 && !existsSync(marker(w, session(2))));
    expect(starts(w)).toEqual(['full session-start', '1 session-start']);
    // A first note: the start goes to the full hook, which lists it.
    writeHandoff(w.board, { session: 's-first', as: 'bob', sections: SECTIONS('first') });
    expect(start(w, session(3))).toContain('Goal of first');
    expect(starts(w)[2]).toBe('full session-start');
  });

  it('Gemini CLI: an answered new session notes its transcript’s length, so a PreCompress while it is recorded is quiet', async () => {
    const { w } = prepared();
    const transcript = join(w.project, 'gemini.jsonl');
    writeFileSync(transcript, '{"sessionId":"g","projectHash":"p"}\n');
    const gemini = (id: string, event: string, extra: Record<string, unknown>) =>
      JSON.stringify({
        session_id: id,
        transcript_path: transcript,
        cwd: w.project,
        hook_event_name: event,
        timestamp: new Date().toISOString(),
        ...extra,
      });
    hook(w, 'session-start', gemini(session(31), 'SessionStart', { source: 'startup' }), {}, 'gemini');
    settle(w);
    const hold = join(w.dir, 'release');
    const id = session(32);
    // A link planted in the board where the note goes: replaced, never written through.
    const victim = join(w.dir, 'victim.txt');
    writeFileSync(victim, 'keep me\n');
    mkdirSync(join(w.board.root, 'state', 'compress-attempt'), { recursive: true });
    symlinkSync(victim, join(w.board.root, 'state', 'compress-attempt', id));
    expect(
      hook(w, 'session-start', gemini(id, 'SessionStart', { source: 'startup' }), { HOLD: hold }, 'gemini'),
    ).toContain('gemini@shop');
    await waitFor('the answered start running', () => starts(w).includes('1 session-start'));
    const noted = join(w.board.root, 'state', 'compress-attempt', id);
    const size = statSync(transcript).size;
    expect(readFileSync(noted, 'utf8')).toBe(`${size}\n`);
    expect(lstatSync(noted).isFile()).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    // The first request's PreCompress, while the start is still being recorded: quiet, without node.
    appendFileSync(transcript, '{"type":"user","content":"go"}\n');
    const compress = gemini(id, 'PreCompress', { trigger: 'auto' });
    expect(hook(w, 'pre-compact', compress, { HOLD: hold }, 'gemini')).toBe('');
    expect(starts(w)).toEqual(['full session-start', 'full session-start', '1 session-start']);
    // The recording keeps what the gate noted.
    writeFileSync(hold, '');
    const [name] = readdirSync(marker(w, id));
    const pid = Number(name!.split('+').pop());
    await waitFor('the recording process done', () => !alive(pid));
    expect(readFileSync(noted, 'utf8')).toBe(`${size}\n`);
    expect(readSession(w.board, id)?.agent).toBe('gemini@shop');
    // A history restarted since (a compression): the next PreCompress goes to the full hook.
    appendFileSync(transcript, '{"$set":{"sessionId":"g2"}}\n');
    hook(w, 'pre-compact', compress, {}, 'gemini');
    expect(starts(w)[3]).toBe('full pre-compact');
  });

  it('with no temporary file for its input, the start is answered all the same and its marker goes; the next event records it', () => {
    const { w, first } = prepared();
    expect(start(w, session(2), { TMPDIR: join(w.dir, 'missing') })).toBe(first);
    expect(existsSync(marker(w, session(2)))).toBe(false);
    expect(starts(w)).toEqual(['full session-start']);
    hook(w, 'user-prompt-submit', input(session(2), 'UserPromptSubmit', { prompt: 'go on' }, w.project));
    expect(starts(w)[1]).toBe('full user-prompt-submit');
    expect(readSession(w.board, session(2))?.agent).toBe('claude@shop');
  });

  it('its session’s next events look into the names its marker holds while it is recorded, and hand over mail', async () => {
    const { w } = prepared();
    const hold = join(w.dir, 'release');
    start(w, session(2), { HOLD: hold });
    await waitFor('the answered start running', () => starts(w).includes('1 session-start'));
    const names = readdirSync(marker(w, session(2)));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^claude\+claude@shop\+claude-000000\+t\+\d+$/);
    // Quiet, without node, while the start is held.
    const prompt = input(session(2), 'UserPromptSubmit', { prompt: 'go on' }, w.project);
    expect(hook(w, 'user-prompt-submit', prompt, { HOLD: hold })).toBe('');
    expect(hook(w, 'stop', input(session(2), 'Stop', { stop_hook_active: false }, w.project))).toBe('');
    expect(starts(w)).toEqual(['full session-start', '1 session-start']);
    // Mail for its name: the full hook, at this very boundary.
    sendMessage(w.board, { as: 'bob', to: ['claude@shop'], body: 'Ship it' });
    expect(hook(w, 'user-prompt-submit', prompt, { HOLD: hold })).toContain('Ship it');
    expect(starts(w)[2]).toBe('full user-prompt-submit');
    writeFileSync(hold, '');
    const pid = Number(names[0]!.split('+').pop());
    await waitFor('the recording process done', () => !alive(pid));
    expect(readSession(w.board, session(2))?.agent).toBe('claude@shop');
    expect(existsSync(marker(w, session(2)))).toBe(false);
  });

  it('once the process recording the start is gone, its events hand over (and the full hook records it)', async () => {
    const { w } = prepared();
    const hold = join(w.dir, 'release');
    start(w, session(2), { HOLD: hold });
    await waitFor('the answered start running', () => starts(w).includes('1 session-start'));
    const [name] = readdirSync(marker(w, session(2)));
    const pid = Number(name!.split('+').pop());
    process.kill(pid, 'SIGKILL');
    await waitFor('the recording process gone', () => !alive(pid));
    const prompt = input(session(2), 'UserPromptSubmit', { prompt: 'go on' }, w.project);
    expect(hook(w, 'user-prompt-submit', prompt)).toBe('');
    expect(starts(w)[2]).toBe('full user-prompt-submit');
    expect(readSession(w.board, session(2))?.agent).toBe('claude@shop');
    expect(existsSync(marker(w, session(2)))).toBe(false);
  });
});

describe('the gate’s session alias', () => {
  const shells = ['/bin/sh', ...['/usr/bin/dash', '/usr/bin/bash'].filter((shell) => existsSync(shell))];
  it.each(shells)('is the one core/agents/alias.ts makes, for every kind of session id (%s)', (shell) => {
    const ids = fc.sample(
      fc.oneof(
        fc.uuid({ version: [4, 7] }),
        fc.uuid({ version: [4, 7] }).map((id) => id.toUpperCase()),
        fc.stringMatching(/^ses_[A-Za-z0-9]{8,26}$/),
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$/),
      ),
      400,
    );
    for (const harness of ['claude', 'opencode']) {
      const script = `${aliasFunction()}\nharness=${harness}\nwhile IFS= read -r session; do session_alias; printf '%s\\n' "$alias"; done\n`;
      const result = spawnSync(shell, ['-c', script], { input: `${ids.join('\n')}\n`, encoding: 'utf8' });
      expect(result.stdout.split('\n').slice(0, -1)).toEqual(ids.map((id) => derivedAgent(harness, id)));
    }
  });
});
