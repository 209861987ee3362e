// The hook gate (dist/hook-gate.sh, src/hooks/gate/script.ts) against the full hook: whenever the gate answers
// "nothing to do" without starting node, the full hook on the same board and stdin prints nothing and writes nothing
// — over thousands of generated boards, inputs and environments, under dash and bash. Whenever it hands over, the
// full hook gets stdin byte for byte. And it is quiet where it should be: a gate that always hands over fails here.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

function mkfifoSync(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { readSession } from '../../src/core/sessions/session.js';
import { touchPaths } from '../../src/core/sessions/touched.js';
import { gateScript } from '../../src/hooks/gate/script.js';
import { markIndexDue } from '../../src/hooks/index-due.js';
import { runHook } from '../../src/hooks/run.js';
import { endStdin, exitOf, spawnTracked } from '../helpers/processes.js';
import { testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';

const SHELLS = ['/bin/sh', ...['/usr/bin/dash', '/usr/bin/bash'].filter((shell) => existsSync(shell))];

let gate: string;
let fakeNode: string;
let template: string;

// Not a testdir(): those go after each test, and these serve every test of the file.
let shared: string;
afterAll(() => rmSync(shared, { recursive: true, force: true }));

beforeAll(() => {
  shared = mkdtempSync(join(tmpdir(), 'baton-gate-'));
  const dir = shared;
  gate = join(dir, 'hook-gate.sh');
  writeFileSync(gate, gateScript());
  // Stands in for node: records that it was started, and the stdin it got.
  fakeNode = join(dir, 'fake-node');
  writeFileSync(fakeNode, '#!/bin/sh\ncat > "$GATE_PROBE"\n');
  chmodSync(fakeNode, 0o755);
  template = join(dir, 'template');
  mkdirSync(join(template, 'project', 'src'), { recursive: true });
  mkdirSync(join(template, 'home'));
  ensureBoard(openBoard({ cwd: join(template, 'project'), env: {}, home: join(template, 'home') }));
});

const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
const OTHER = '9b1e0c22-1111-4222-8333-444455556666';

type Harness = 'claude' | 'codex' | 'gemini' | 'copilot' | 'grok';
type Event =
  | 'session-start'
  | 'user-prompt-submit'
  | 'stop'
  | 'pre-tool-use'
  | 'post-tool-use'
  | 'pre-compact'
  | 'session-end';

interface Input {
  harness: Harness;
  event: Event;
  session: string;
  cwd?: string;
  tool?: { name: string; input: Record<string, unknown> };
  transcript?: string;
  trigger?: string;
  reply?: string;
  /** SessionStart's source (startup, resume, …). */
  source?: string;
}

/** The stdin a harness sends for this event, in its own field names. */
function stdinOf(input: Input): string {
  const { harness, event, session, cwd, tool, transcript, reply } = input;
  if (harness === 'copilot')
    return JSON.stringify({
      sessionId: session,
      timestamp: 1796200740010,
      ...(cwd !== undefined && { cwd }),
      ...(tool && { toolName: tool.name, toolArgs: tool.input }),
      ...(transcript !== undefined && { transcriptPath: transcript }),
      ...(event === 'user-prompt-submit' && { prompt: 'go on' }),
      ...(event === 'stop' && { stopReason: 'end_turn' }),
    });
  if (harness === 'grok')
    return JSON.stringify({
      sessionId: session,
      ...(cwd !== undefined && { cwd }),
      ...(tool && { toolName: tool.name, toolInput: tool.input }),
      ...(event === 'stop' && { reason: 'end_turn', lastAssistantMessage: reply ?? 'done' }),
    });
  return JSON.stringify({
    session_id: session,
    ...(transcript !== undefined && { transcript_path: transcript }),
    ...(cwd !== undefined && { cwd }),
    ...(tool && { tool_name: tool.name, tool_input: tool.input }),
    ...(event === 'user-prompt-submit' && { prompt: 'go on' }),
    ...(input.trigger !== undefined && { trigger: input.trigger }),
    ...(input.source !== undefined && { source: input.source }),
    ...(event === 'stop' && { stop_hook_active: false, last_assistant_message: reply ?? 'done' }),
  });
}

interface World {
  root: string;
  project: string;
  home: string;
  board: string;
}

function world(): World {
  const root = testdir();
  cpSync(template, root, { recursive: true });
  const project = join(root, 'project');
  return { root, project, home: join(root, 'home'), board: join(project, '.baton') };
}

/** Runs the gate as a harness would; `handed` is the stdin the full hook got, undefined when it was not started. */
function runGate(
  shell: string,
  w: World,
  input: Input,
  stdin: string,
  env: Record<string, string>,
  cwd = w.project,
): { code: number | null; handed?: string; stderr: string } {
  const probe = join(w.root, `probe-${Math.random().toString(36).slice(2)}`);
  const result = spawnSync(
    shell,
    [gate, fakeNode, '/nowhere/baton.js', 'hook', input.event, '--harness', input.harness],
    {
      cwd,
      input: stdin,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: w.home, GATE_PROBE: probe, ...env },
      encoding: 'utf8',
    },
  );
  const handed = existsSync(probe) ? readFileSync(probe, 'utf8') : undefined;
  rmSync(probe, { force: true });
  return { code: result.status, handed, stderr: result.stderr };
}

/** Every file of the board with its bytes (the hooks' log left out: a skip may write a line there). */
function snapshot(board: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(board, path);
      if (rel.startsWith('state/hooks.log')) continue;
      if (entry.isDirectory()) {
        out[`${rel}/`] = '';
        walk(path);
      } else if (entry.isFile()) out[rel] = readFileSync(path, 'latin1');
      else out[rel] = `<${entry.isSymbolicLink() ? 'link' : 'other'}>`;
    }
  };
  walk(board);
  return out;
}

async function fullHook(w: World, input: Input, stdin: string, env: Record<string, string>, cwd = w.project) {
  const saved = process.env.HOME;
  process.env.HOME = w.home;
  try {
    const outcome = await runHook({
      event: input.event,
      harness: input.harness,
      stdin,
      cwd,
      env: { HOME: w.home, ...env },
    });
    outcome.undelivered();
    return outcome.output;
  } finally {
    process.env.HOME = saved;
  }
}

function boardOf(w: World, env: Record<string, string> = {}) {
  return openBoard({ cwd: w.project, env: { HOME: w.home, ...env }, home: w.home });
}

/** The session as its harness's session start records it. */
async function startSession(
  w: World,
  harness: Harness,
  session: string,
  transcript?: string,
  source?: string,
) {
  const stdin = stdinOf({ harness, event: 'session-start', session, cwd: w.project, transcript, source });
  const saved = process.env.HOME;
  process.env.HOME = w.home;
  try {
    await runHook({ event: 'session-start', harness, stdin, cwd: w.project, env: { HOME: w.home } });
  } finally {
    process.env.HOME = saved;
  }
  const record = readSession(boardOf(w), session);
  expect(record?.id).toBe(session);
  return record!;
}

const TOOLS = {
  Bash: { name: 'Bash', input: { command: 'ls' } },
  Read: { name: 'Read', input: { file_path: 'src/a.ts' } },
  Write: { name: 'Write', input: { file_path: 'src/a.ts', content: 'x' } },
  create: { name: 'create', input: { path: 'src/a.ts', file_text: 'x' } },
  edit: { name: 'edit', input: { path: 'src/a.ts', old_str: 'a', new_str: 'b' } },
  search_replace: {
    name: 'search_replace',
    input: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' },
  },
};

describe('the hook gate says "nothing to do" only when the full hook does nothing', () => {
  it('over generated boards, inputs and environments (dash and bash)', async () => {
    let quietRuns = 0;
    let handedRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          shell: fc.constantFrom(...SHELLS),
          harness: fc.constantFrom<Harness>('claude', 'codex', 'gemini', 'copilot', 'grok'),
          event: fc.constantFrom<Event>(
            'user-prompt-submit',
            'stop',
            'pre-tool-use',
            'post-tool-use',
            'pre-compact',
          ),
          compress: fc.constantFrom('none', 'noted', 'grown', 'restarted', 'manual'),
          tool: fc.constantFrom(...(Object.keys(TOOLS) as (keyof typeof TOOLS)[])),
          recorded: fc.constantFrom('yes', 'yes', 'yes', 'no'),
          transcript: fc.constantFrom('none', 'recorded', 'late'),
          mail: fc.constantFrom('none', 'none', 'agent', 'alias', 'other', 'claimed', 'env-agent'),
          due: fc.constantFrom('none', 'none', 'index', 'pending'),
          edits: fc.constantFrom('none', 'own', 'other', 'other-old'),
          marker: fc.constantFrom('kept', 'kept', 'kept', 'gone', 'two', 'stale', 'link'),
          env: fc.constantFrom('none', 'none', 'disabled', 'agent', 'dir', 'dir-relative', 'url'),
          cwd: fc.constantFrom('given', 'given', 'absent', 'sub', 'elsewhere', 'relative'),
          big: fc.boolean(),
        }),
        async (c) => {
          const w = world();
          const env: Record<string, string> = {};
          if (c.env === 'disabled') env.BATON_DISABLE = '1';
          if (c.env === 'agent' || c.mail === 'env-agent') env.BATON_AGENT = 'reviewer';
          if (c.env === 'dir') env.BATON_DIR = w.board;
          if (c.env === 'dir-relative') env.BATON_DIR = '.baton';
          if (c.env === 'url') env.BATON_URL = 'http://127.0.0.1:9';
          const transcriptFile = join(w.root, 'transcript.jsonl');
          writeFileSync(transcriptFile, '{"type":"user","content":"hi"}\n');
          let agent = c.harness === 'claude' ? 'claude@project' : `${c.harness}@project`;
          if (c.recorded === 'yes') {
            const record = await startSession(
              w,
              c.harness,
              SESSION,
              c.transcript === 'recorded' ? transcriptFile : undefined,
            );
            agent = record.agent;
          }
          const board = boardOf(w);
          const alias = `${c.harness}-${SESSION.replaceAll('-', '').slice(0, 6)}`;
          if (c.mail === 'agent') sendMessage(board, { as: 'bob', to: agent, body: 'hi' });
          if (c.mail === 'alias') sendMessage(board, { as: 'bob', to: alias, body: 'hi' });
          if (c.mail === 'other') sendMessage(board, { as: 'bob', to: 'carol', body: 'hi' });
          if (c.mail === 'env-agent') sendMessage(board, { as: 'bob', to: 'reviewer', body: 'hi' });
          if (c.mail === 'claimed') {
            mkdirSync(join(w.board, 'state', 'delivery', agent, 'claimed'), { recursive: true });
            writeFileSync(
              join(w.board, 'state', 'delivery', agent, 'claimed', `m-01M8V9557ZN3QFZQW100KWKK7Y~1-x`),
              '',
            );
          }
          if (c.due === 'index') markIndexDue(w.board, SESSION);
          if (c.due === 'pending') {
            mkdirSync(join(w.board, 'pending'), { recursive: true });
            writeFileSync(join(w.board, 'pending', `${SESSION}.json`), '{}');
          }
          if (c.edits !== 'none') {
            const who = c.edits === 'own' ? SESSION : OTHER;
            if (!readSession(board, who)) await startSession(w, 'claude', who);
            touchPaths(boardOf(w), who, ['src/a.ts'], w.project);
            if (c.edits === 'other-old') {
              const old = (Date.now() - 60 * 60_000) / 1000;
              utimesSync(join(w.board, 'state', 'recent-edits', who), old, old);
            }
          }
          const markers = join(w.board, 'state', 'hook-gate', SESSION);
          if (c.recorded === 'yes' && c.marker !== 'kept') {
            const [name] = readdirSync(markers);
            if (c.marker === 'gone') rmSync(join(markers, name!));
            if (c.marker === 'two') writeFileSync(join(markers, `${c.harness}+someone+${alias}+t`), '');
            if (c.marker === 'stale') {
              // The record edited by hand since (a second later): another name for the session.
              const file = join(w.board, 'sessions', `${SESSION}.json`);
              const record = JSON.parse(readFileSync(file, 'utf8'));
              writeFileSync(file, JSON.stringify({ ...record, agent: 'someone-else' }));
              const later = statSync(join(markers, name!)).mtimeMs / 1000 + 2;
              utimesSync(file, later, later);
            }
            if (c.marker === 'link') {
              rmSync(join(markers, name!));
              writeFileSync(join(w.root, 'planted'), '');
              symlinkSync(join(w.root, 'planted'), join(markers, name!));
            }
          }
          const elsewhere = join(w.root, 'elsewhere');
          mkdirSync(elsewhere, { recursive: true });
          const cwd =
            c.cwd === 'absent'
              ? undefined
              : c.cwd === 'sub'
                ? join(w.project, 'src')
                : c.cwd === 'elsewhere'
                  ? elsewhere
                  : c.cwd === 'relative'
                    ? 'src'
                    : w.project;
          const input: Input = {
            harness: c.harness,
            event: c.event,
            session: SESSION,
            cwd,
            tool: c.event.endsWith('tool-use') ? TOOLS[c.tool] : undefined,
            transcript: c.transcript === 'none' ? undefined : transcriptFile,
            reply: c.big ? `${'long reply line — ünïcödé\n'.repeat(400)}` : undefined,
          };
          // Gemini CLI's PreCompress before every model request: the length noted at the last one judged, and
          // what was appended since (hooks-compression.ts).
          const noted = join(w.board, 'state', 'compress-attempt', SESSION);
          if (c.event === 'pre-compact' && c.compress !== 'none') {
            mkdirSync(join(noted, '..'), { recursive: true });
            writeFileSync(noted, `${statSync(transcriptFile).size}\n`);
            if (c.compress === 'grown')
              writeFileSync(transcriptFile, '{"type":"gemini","content":"ok"}\n', { flag: 'a' });
            if (c.compress === 'restarted')
              writeFileSync(transcriptFile, `{"$set":{"sessionId":"${SESSION}"}}\n`, { flag: 'a' });
          }
          if (c.event === 'pre-compact') input.trigger = c.compress === 'manual' ? 'manual' : 'auto';
          const stdin = stdinOf(input);
          const before = snapshot(w.board);
          const gated = runGate(c.shell, w, input, stdin, env);
          expect(gated.stderr).toBe('');
          expect(gated.code).toBe(0);
          expect(snapshot(w.board)).toEqual(before); // the gate never writes
          if (gated.handed !== undefined) {
            handedRuns++;
            expect(gated.handed).toBe(stdin); // byte for byte
            return;
          }
          quietRuns++;
          const output = await fullHook(w, input, stdin, env);
          expect(output).toBe('');
          // The one write a quiet gate leaves out: the transcript's length the full hook would note at a
          // PreCompress that compacted nothing (the next one scans from the older length, with the same answer).
          const after = snapshot(w.board);
          if (c.event === 'pre-compact')
            for (const shot of [before, after]) delete shot[relative(w.board, noted)];
          expect(after).toEqual(before);
        },
      ),
      {
        numRuns: Number(process.env.GATE_RUNS ?? 400),
        seed: process.env.GATE_SEED ? Number(process.env.GATE_SEED) : undefined,
      },
    );
    // Both answers were met (else the property proved nothing).
    expect(quietRuns).toBeGreaterThan(20);
    expect(handedRuns).toBeGreaterThan(20);
  }, 900_000);
});

describe('the hook gate is quiet where there is nothing to do', () => {
  const quietCases: [Harness, Event, keyof typeof TOOLS | undefined][] = [
    ['claude', 'stop', undefined],
    ['claude', 'user-prompt-submit', undefined],
    ['claude', 'pre-tool-use', 'Write'],
    ['codex', 'stop', undefined],
    ['gemini', 'user-prompt-submit', undefined],
    ['copilot', 'stop', undefined],
    ['copilot', 'pre-tool-use', 'Bash'],
    ['copilot', 'post-tool-use', 'Read'],
    ['grok', 'stop', undefined],
  ];
  for (const [harness, event, tool] of quietCases)
    it(`${harness} ${event}${tool ? ` (${tool})` : ''}: no node; one message waiting: the full hook, which pushes it`, async () => {
      const w = world();
      const transcript = join(w.root, 't.jsonl');
      writeFileSync(transcript, '');
      const record = await startSession(w, harness, SESSION, transcript);
      const input: Input = {
        harness,
        event,
        session: SESSION,
        cwd: w.project,
        transcript,
        tool: tool && TOOLS[tool],
      };
      const stdin = stdinOf(input);
      for (const shell of SHELLS) expect(runGate(shell, w, input, stdin, {}).handed).toBeUndefined();
      if (event === 'stop' || event === 'user-prompt-submit') {
        sendMessage(boardOf(w), { as: 'bob', to: record.agent, body: 'are you there?' });
        expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
        expect(await fullHook(w, input, stdin, {})).toContain('are you there?');
      }
    });
});

/** Gemini CLI's PreCompress before a model request (trigger auto), reading `transcript`. */
function precompact(w: World, transcript: string): Input {
  return {
    harness: 'gemini',
    event: 'pre-compact',
    session: SESSION,
    cwd: w.project,
    transcript,
    trigger: 'auto',
  };
}

describe('Gemini CLI’s PreCompress before every model request', () => {
  it('is quiet while nothing was compacted, and hands over once the history restarted', async () => {
    const w = world();
    const transcript = join(w.root, 'session.jsonl');
    writeFileSync(transcript, '{"type":"user","content":"hi"}\n');
    await startSession(w, 'gemini', SESSION, transcript);
    const input = precompact(w, transcript);
    const stdin = stdinOf(input);
    // The first one is judged by the full hook, which notes the transcript's length.
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
    expect(await fullHook(w, input, stdin, {})).toBe('');
    for (const shell of SHELLS) expect(runGate(shell, w, input, stdin, {}).handed).toBeUndefined();
    writeFileSync(transcript, '{"type":"gemini","content":"more"}\n', { flag: 'a' });
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBeUndefined();
    writeFileSync(transcript, `{"$set":{"sessionId":"${SESSION}"}}\n`, { flag: 'a' });
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
    expect(
      runGate('/bin/sh', w, { ...input, trigger: 'manual' }, stdinOf({ ...input, trigger: 'manual' }), {})
        .handed,
    ).toBeDefined();
  });
});

describe('Gemini CLI’s first PreCompress of a session', () => {
  it('a new session’s is quiet: its start noted the transcript’s length; a restart line after it hands over', async () => {
    const w = world();
    const transcript = join(w.root, 'session.jsonl');
    writeFileSync(transcript, `{"sessionId":"${SESSION}","kind":"main"}\n`);
    await startSession(w, 'gemini', SESSION, transcript, 'startup');
    const input = precompact(w, transcript);
    const stdin = stdinOf(input);
    for (const shell of SHELLS) expect(runGate(shell, w, input, stdin, {}).handed).toBeUndefined();
    expect(await fullHook(w, input, stdin, {})).toBe('');
    writeFileSync(transcript, `{"$set":{"sessionId":"${SESSION}"}}\n`, { flag: 'a' });
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
  });

  it('a resumed session’s goes to the full hook (a resume appends its restart line after the start), which sees no compression', async () => {
    const w = world();
    const transcript = join(w.root, 'session.jsonl');
    writeFileSync(transcript, `{"sessionId":"${SESSION}","kind":"main"}\n`);
    await startSession(w, 'gemini', SESSION, transcript, 'resume');
    writeFileSync(transcript, `{"$set":{"sessionId":"${SESSION}"}}\n`, { flag: 'a' });
    const input = precompact(w, transcript);
    const stdin = stdinOf(input);
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
    expect(await fullHook(w, input, stdin, {})).toBe('');
    expect(existsSync(join(w.board, 'state', 'index-due', SESSION))).toBe(false);
  });
});

describe('the hook gate on a hostile board: it never opens what it meets, never hangs, and hands over', () => {
  const plants: [string, (w: World, name: string) => void][] = [
    [
      'a FIFO in place of the gate marker',
      (w, name) => {
        const dir = join(w.board, 'state', 'hook-gate', SESSION);
        rmSync(join(dir, name));
        mkfifoSync(join(dir, name));
      },
    ],
    [
      'a FIFO in the queue',
      (w, name) => {
        const dir = join(w.board, 'state', 'delivery', name.split('+')[1]!, 'new');
        mkdirSync(dir, { recursive: true });
        mkfifoSync(join(dir, 'm-01M8V9557ZN3QFZQW100KWKK7Y'));
      },
    ],
    [
      'a FIFO as the pending write',
      (w) => {
        mkdirSync(join(w.board, 'pending'), { recursive: true });
        mkfifoSync(join(w.board, 'pending', `${SESSION}.json`));
      },
    ],
    [
      'state/ a link to another folder',
      (w) => {
        const elsewhere = join(w.root, 'state-elsewhere');
        renameSync(join(w.board, 'state'), elsewhere);
        symlinkSync(elsewhere, join(w.board, 'state'));
      },
    ],
    [
      'the session’s marker folder a link',
      (w) => {
        const dir = join(w.board, 'state', 'hook-gate', SESSION);
        const elsewhere = join(w.root, 'marker-elsewhere');
        renameSync(dir, elsewhere);
        symlinkSync(elsewhere, dir);
      },
    ],
    [
      'board.json a link',
      (w) => {
        renameSync(join(w.board, 'board.json'), join(w.root, 'board.json'));
        symlinkSync(join(w.root, 'board.json'), join(w.board, 'board.json'));
      },
    ],
  ];
  for (const [what, plant] of plants)
    it(what, async () => {
      const w = world();
      const transcript = join(w.root, 't.jsonl');
      writeFileSync(transcript, '');
      await startSession(w, 'claude', SESSION, transcript);
      const [name] = readdirSync(join(w.board, 'state', 'hook-gate', SESSION));
      plant(w, name!);
      const input: Input = { harness: 'claude', event: 'stop', session: SESSION, cwd: w.project, transcript };
      const stdin = stdinOf(input);
      for (const shell of SHELLS) {
        const gated = runGate(shell, w, input, stdin, {});
        expect(gated.code).toBe(0);
        expect(gated.handed).toBe(stdin);
      }
    });

  it('a marker named with a path in it is never followed', async () => {
    const w = world();
    await startSession(w, 'claude', SESSION);
    const dir = join(w.board, 'state', 'hook-gate', SESSION);
    const [name] = readdirSync(dir);
    renameSync(join(dir, name!), join(dir, 'claude+..+claude-3f2a9c+n'));
    const input: Input = { harness: 'claude', event: 'stop', session: SESSION, cwd: w.project };
    expect(runGate('/bin/sh', w, input, stdinOf(input), {}).handed).toBeDefined();
  });

  it('stdin of several MB passes to the full hook whole, and a quiet gate drains it', async () => {
    const w = world();
    const transcript = join(w.root, 't.jsonl');
    writeFileSync(transcript, '');
    const record = await startSession(w, 'claude', SESSION, transcript);
    const input: Input = {
      harness: 'claude',
      event: 'stop',
      session: SESSION,
      cwd: w.project,
      transcript,
      reply: 'x'.repeat(5_000_000),
    };
    const stdin = stdinOf(input);
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBeUndefined();
    sendMessage(boardOf(w), { as: 'bob', to: record.agent, body: 'hi' });
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
  });
});

describe('a session’s end: the gate hands it to the full hook in the background', () => {
  // Stands in for node: waits until the test opens $GATE_RELEASE, then records its stdin and environment.
  let slowNode: string;
  beforeAll(() => {
    slowNode = join(shared, 'slow-node');
    writeFileSync(
      slowNode,
      '#!/bin/sh\ncat "$GATE_RELEASE" >/dev/null\ncat > "$GATE_PROBE.part"\nprintf "%s %s" "$BATON_HOOK_BACKGROUND" "$BATON_HOOK_FROM_GATE" > "$GATE_PROBE.env"\nmv "$GATE_PROBE.part" "$GATE_PROBE"\n',
    );
    chmodSync(slowNode, 0o755);
  });

  /** Lets the stand-in go on, once it waits (a FIFO opened without blocking: never hangs the test). */
  function releaseStandIn(release: string) {
    return waitFor('the stand-in to wait for its release', () => {
      const fd = openSync(release, constants.O_WRONLY | constants.O_NONBLOCK);
      writeSync(fd, 'go');
      closeSync(fd);
      return true;
    });
  }

  /** Runs the gate at a session's end with the slow stand-in; returns once the gate has exited. */
  function endThroughGate(shell: string, w: World, path = process.env.PATH ?? '/usr/bin:/bin') {
    const probe = join(w.root, `probe-${Math.random().toString(36).slice(2)}`);
    const release = `${probe}.release`;
    mkfifoSync(release);
    const input: Input = { harness: 'claude', event: 'session-end', session: SESSION, cwd: w.project };
    const stdin = `${stdinOf(input)}${' '.repeat(10_000)}`;
    const result = spawnSync(
      shell,
      [gate, slowNode, '/nowhere/baton.js', 'hook', 'session-end', '--harness', 'claude'],
      {
        cwd: w.project,
        input: stdin,
        env: { PATH: path, HOME: w.home, GATE_PROBE: probe, GATE_RELEASE: release },
        encoding: 'utf8',
        // A gate that waited for its hook would wait for the release forever.
        timeout: 20_000,
      },
    );
    return { result, probe, release, stdin };
  }

  it('returns before the hook has run, with its marker made; the hook gets stdin whole, marked as in the background', async () => {
    for (const shell of SHELLS) {
      const w = world();
      const { result, probe, release, stdin } = endThroughGate(shell, w);
      expect({ code: result.status, signal: result.signal, stderr: result.stderr }).toEqual({
        code: 0,
        signal: null,
        stderr: '',
      });
      expect(existsSync(probe)).toBe(false);
      expect(statSync(join(w.board, 'state', 'ending', SESSION)).isDirectory()).toBe(true);
      await releaseStandIn(release);
      await waitFor('the stand-in to record its stdin', () => existsSync(probe));
      expect(readFileSync(probe, 'utf8')).toBe(stdin);
      expect(readFileSync(`${probe}.env`, 'utf8')).toBe('1 1');
    }
  });

  it('without setsid on PATH, still in the background', async () => {
    const w = world();
    const bin = join(w.root, 'bin');
    mkdirSync(bin);
    for (const tool of ['head', 'mktemp', 'cat', 'rm', 'mkdir', 'mv', 'printf'])
      for (const dir of ['/usr/bin', '/bin'])
        if (existsSync(join(dir, tool)) && !existsSync(join(bin, tool)))
          symlinkSync(join(dir, tool), join(bin, tool));
    const { result, probe, release, stdin } = endThroughGate('/bin/sh', w, bin);
    expect(result.status).toBe(0);
    expect(existsSync(probe)).toBe(false);
    await releaseStandIn(release);
    await waitFor('the stand-in to record its stdin', () => existsSync(probe));
    expect(readFileSync(probe, 'utf8')).toBe(stdin);
  });

  const plants: [string, (w: World) => void][] = [
    [
      'state/ending a link to another folder: nothing is made through it',
      (w) => {
        const elsewhere = join(w.root, 'ending-elsewhere');
        mkdirSync(elsewhere);
        mkdirSync(join(w.board, 'state'), { recursive: true });
        symlinkSync(elsewhere, join(w.board, 'state', 'ending'));
      },
    ],
    [
      'state/ending a file',
      (w) => {
        mkdirSync(join(w.board, 'state'), { recursive: true });
        writeFileSync(join(w.board, 'state', 'ending'), 'x');
      },
    ],
  ];
  for (const [what, plant] of plants)
    it(`${what}: the hook runs in the foreground, as before the gate`, () => {
      const w = world();
      plant(w);
      const input: Input = { harness: 'claude', event: 'session-end', session: SESSION, cwd: w.project };
      const stdin = stdinOf(input);
      for (const shell of SHELLS) expect(runGate(shell, w, input, stdin, {}).handed).toBe(stdin);
      if (existsSync(join(w.root, 'ending-elsewhere')))
        expect(readdirSync(join(w.root, 'ending-elsewhere'))).toEqual([]);
    });

  it('an input the gate cannot read plainly: the hook runs in the foreground', () => {
    const w = world();
    const input: Input = { harness: 'claude', event: 'session-end', session: SESSION, cwd: w.project };
    const stdin = `{"session_id":"3f2a\\u0039c11","cwd":${JSON.stringify(w.project)}}`;
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
    expect(existsSync(join(w.board, 'state', 'ending'))).toBe(false);
  });
});

describe('a session’s start: the gate marks it in flight, and the session’s next events wait for it', () => {
  // Stands in for node: records its stdin and the session the gate says it marked.
  let marksNode: string;
  beforeAll(() => {
    marksNode = join(shared, 'marks-node');
    writeFileSync(
      marksNode,
      '#!/bin/sh\nprintf "%s" "$BATON_HOOK_STARTING" > "$GATE_PROBE.starting"\ncat > "$GATE_PROBE"\n',
    );
    chmodSync(marksNode, 0o755);
  });

  function startThroughGate(shell: string, w: World) {
    const probe = join(w.root, `probe-${Math.random().toString(36).slice(2)}`);
    const input: Input = { harness: 'copilot', event: 'session-start', session: SESSION, cwd: w.project };
    const stdin = stdinOf(input);
    const result = spawnSync(
      shell,
      [gate, marksNode, '/nowhere/baton.js', 'hook', 'session-start', '--harness', 'copilot'],
      {
        cwd: w.project,
        input: stdin,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: w.home, GATE_PROBE: probe },
        encoding: 'utf8',
      },
    );
    const read = (suffix: string) =>
      existsSync(`${probe}${suffix}`) ? readFileSync(`${probe}${suffix}`, 'utf8') : undefined;
    return { code: result.status, stdin, handed: read(''), starting: read('.starting') };
  }

  it('hands the start to the full hook with its marker made and named to it', () => {
    for (const shell of SHELLS) {
      const w = world();
      const run = startThroughGate(shell, w);
      expect({ code: run.code, handed: run.handed, starting: run.starting }).toEqual({
        code: 0,
        handed: run.stdin,
        starting: SESSION,
      });
      expect(statSync(join(w.board, 'state', 'starting', SESSION)).isDirectory()).toBe(true);
    }
  });

  it('the full hook takes the marker away, whatever becomes of the start (here: input it skips)', async () => {
    const w = world();
    mkdirSync(join(w.board, 'state', 'starting', SESSION), { recursive: true });
    await fullHook(w, { harness: 'copilot', event: 'session-start', session: SESSION }, '{"sessionId":', {
      BATON_HOOK_STARTING: SESSION,
    });
    expect(readdirSync(join(w.board, 'state', 'starting'))).toEqual([]);
    mkdirSync(join(w.board, 'state', 'starting', SESSION));
    await fullHook(
      w,
      { harness: 'copilot', event: 'session-start', session: SESSION },
      stdinOf({ harness: 'copilot', event: 'session-start', session: SESSION, cwd: w.project }),
      {
        BATON_HOOK_STARTING: SESSION,
      },
    );
    expect(readdirSync(join(w.board, 'state', 'starting'))).toEqual([]);
    expect(readSession(boardOf(w), SESSION)?.id).toBe(SESSION);
  });

  it('a prompt fired while the start is in flight waits, then answers alone once the start is recorded', async () => {
    const w = world();
    const marker = join(w.board, 'state', 'starting', SESSION);
    mkdirSync(marker, { recursive: true });
    const input: Input = {
      harness: 'copilot',
      event: 'user-prompt-submit',
      session: SESSION,
      cwd: w.project,
    };
    const probe = join(w.root, 'probe-prompt');
    const child = spawnTracked(
      '/bin/sh',
      [gate, fakeNode, '/nowhere/baton.js', 'hook', input.event, '--harness', 'copilot'],
      {
        cwd: w.project,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: w.home, GATE_PROBE: probe },
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    const exited = exitOf(child);
    endStdin(child, stdinOf(input));
    let done = false;
    void exited.then(() => {
      done = true;
    });
    // The start's hook records the session (and its gate marker) and takes the marker away.
    await startSession(w, 'copilot', SESSION);
    expect(done).toBe(false);
    rmdirSync(marker);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(existsSync(probe)).toBe(false);
  });

  it('a start whose hook died: the next event the full hook handles takes its marker away', async () => {
    const w = world();
    await startSession(w, 'copilot', SESSION);
    const marker = join(w.board, 'state', 'starting', SESSION);
    mkdirSync(marker, { recursive: true });
    mkdirSync(join(w.board, 'state', 'starting', OTHER));
    const input: Input = {
      harness: 'copilot',
      event: 'user-prompt-submit',
      session: SESSION,
      cwd: w.project,
    };
    await fullHook(w, input, stdinOf(input), {});
    expect(readdirSync(join(w.board, 'state', 'starting'))).toEqual([OTHER]);
  });

  it('a marker that never goes: the prompt hands over after about two seconds', () => {
    const w = world();
    mkdirSync(join(w.board, 'state', 'starting', SESSION), { recursive: true });
    const input: Input = {
      harness: 'copilot',
      event: 'user-prompt-submit',
      session: SESSION,
      cwd: w.project,
    };
    const stdin = stdinOf(input);
    expect(runGate('/bin/sh', w, input, stdin, {}).handed).toBe(stdin);
  });

  const plants: [string, (w: World) => void][] = [
    [
      'state/starting a link to another folder',
      (w) => {
        const elsewhere = join(w.root, 'starting-elsewhere');
        mkdirSync(elsewhere);
        mkdirSync(join(w.board, 'state'), { recursive: true });
        symlinkSync(elsewhere, join(w.board, 'state', 'starting'));
      },
    ],
    [
      'state/starting a file',
      (w) => {
        mkdirSync(join(w.board, 'state'), { recursive: true });
        writeFileSync(join(w.board, 'state', 'starting'), 'x');
      },
    ],
    [
      'the session’s marker a link',
      (w) => {
        const elsewhere = join(w.root, 'starting-elsewhere');
        mkdirSync(elsewhere);
        mkdirSync(join(w.board, 'state', 'starting'), { recursive: true });
        symlinkSync(elsewhere, join(w.board, 'state', 'starting', SESSION));
      },
    ],
  ];
  for (const [what, plant] of plants)
    it(`${what}: the start goes to the full hook unmarked, nothing made through it`, () => {
      const w = world();
      plant(w);
      for (const shell of SHELLS) {
        const run = startThroughGate(shell, w);
        expect({ handed: run.handed, starting: run.starting }).toEqual({ handed: run.stdin, starting: '' });
      }
      if (existsSync(join(w.root, 'starting-elsewhere')))
        expect(readdirSync(join(w.root, 'starting-elsewhere'))).toEqual([]);
    });
});

describe('GitHub Copilot CLI’s transcript, named first at its stop', () => {
  it('a start whose session folder is there records its events file; the first stop with nothing to do is quiet', async () => {
    const w = world();
    const folder = join(w.home, '.copilot', 'session-state', SESSION);
    mkdirSync(folder, { recursive: true });
    const record = await startSession(w, 'copilot', SESSION);
    expect(record.transcriptPath).toBe(join(folder, 'events.jsonl'));
    const input: Input = {
      harness: 'copilot',
      event: 'stop',
      session: SESSION,
      cwd: w.project,
      transcript: join(folder, 'events.jsonl'),
    };
    for (const shell of SHELLS) expect(runGate(shell, w, input, stdinOf(input), {}).handed).toBeUndefined();
  });

  it('COPILOT_HOME moves the folder; without the folder, or over BATON_URL, nothing is recorded and the stop hands over', async () => {
    const w = world();
    const moved = join(w.root, 'copilot-home');
    mkdirSync(join(moved, 'session-state', SESSION), { recursive: true });
    const start = (env: Record<string, string>, remote = false) =>
      runHook({
        event: 'session-start',
        harness: 'copilot',
        stdin: stdinOf({ harness: 'copilot', event: 'session-start', session: SESSION, cwd: w.project }),
        cwd: w.project,
        env: { HOME: w.home, ...env },
        remote,
      });
    await start({ COPILOT_HOME: moved }, true);
    expect(readSession(boardOf(w), SESSION)?.transcriptPath).toBeUndefined();
    await start({});
    expect(readSession(boardOf(w), SESSION)?.transcriptPath).toBeUndefined();
    const input: Input = {
      harness: 'copilot',
      event: 'stop',
      session: SESSION,
      cwd: w.project,
      transcript: join(moved, 'session-state', SESSION, 'events.jsonl'),
    };
    expect(runGate('/bin/sh', w, input, stdinOf(input), {}).handed).toBe(stdinOf(input));
    await start({ COPILOT_HOME: moved });
    expect(readSession(boardOf(w), SESSION)?.transcriptPath).toBe(
      join(moved, 'session-state', SESSION, 'events.jsonl'),
    );
  });
});
