// opencode end to end: the real CLI (opencode-ai, pinned) with baton's plugin (.opencode/plugin/baton.js, the text of
// src/harnesses/opencode/wiring-plugin.ts) in a project wired by `baton init --harness opencode`, against the scripted model
// server. A long-lived `opencode serve` (driven over its HTTP API) shows what only a session that stays open can: mail
// arriving while it is idle is pushed into it. `opencode run` shows the one-shot path: it exits at the first idle, so
// the plugin commits a pending write at exit.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { opencodePluginSource } from '../../src/harnesses/opencode/wiring-plugin.js';
import { gatedCommand } from '../../src/wiring/baton-command.js';
import { spawnTracked } from '../helpers/processes.js';
import { WAIT_MS, waitFor as waitUntil } from '../helpers/wait.js';
import {
  batonIn,
  batonJson,
  cardFiles,
  hookLog,
  init,
  otherSessionTouched,
  pendingFiles,
  send,
  sessionFile,
  sessions,
} from './board.js';
import {
  BATON_BIN,
  describeRun,
  endsSettled,
  type HarnessRun,
  harnessBin,
  harnessEnv,
  runHarness,
  type Workspace,
  workspace,
} from './harnesses.js';
import { type ModelServer, type Reply, startModelServer, type Turn } from './model-server.js';
import { boardEntry } from './scenarios.js';

const AGENT = 'opencode-e2e';
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());

/**
 * A project wired by `baton init --harness opencode` (its plugin is this source, with the absolute node and
 * bin/baton.js), the agent named by BATON_AGENT, polling every 500 ms while idle.
 */
function wired(): Workspace {
  const ws = workspace('opencode', server, { BATON_AGENT: AGENT, BATON_POLL_MS: '500' });
  init(ws);
  const plugin = readFileSync(join(ws.project, '.opencode/plugin/baton.js'), 'utf8');
  expect(plugin).toContain(
    opencodePluginSource(gatedCommand([realpathSync(process.execPath), realpathSync(BATON_BIN)])),
  );
  return ws;
}

/** The script, with opencode's title requests (no tools offered) answered apart. */
function script(fn: (turn: Turn) => Reply): void {
  server.script((turn) => (turn.tools.length === 0 ? { text: 'A title' } : fn(turn)));
}

/** The turns the script answered with tools offered (the agent's own, not title requests), from request `from`. */
function agentTurns(from = 0): Turn[] {
  return server.requests.slice(from).flatMap((r) => (r.turn && r.turn.tools.length > 0 ? [r.turn] : []));
}

function batonShell(args: string[]): string {
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  return [process.execPath, BATON_BIN, ...args].map(quote).join(' ');
}

// Generous: a loaded CI machine runs a harness several times slower than an idle one.
function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = WAIT_MS): Promise<T> {
  return waitUntil(what, probe, { timeoutMs, everyMs: 100 }) as Promise<T>;
}

interface Serve {
  url: string;
  child: ChildProcess;
  output(): string;
}
const serves: ChildProcess[] = [];
afterEach(() => {
  for (const child of serves.splice(0)) stopGroup(child);
});

function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {}
}

/** `opencode serve` on a free port in the workspace's project. */
async function serve(ws: Workspace): Promise<Serve> {
  const child = spawnTracked(harnessBin('opencode'), ['serve', '--port', '0', '--hostname', '127.0.0.1'], {
    cwd: ws.project,
    env: harnessEnv(ws),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  serves.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await waitFor(
    'opencode serve to listen',
    () => /listening on (http:\/\/\S+)/.exec(output)?.[1],
    60_000,
  );
  return { url, child, output: () => output };
}

async function api(
  base: Serve,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ id?: string } | undefined> {
  const response = await fetch(`${base.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}\n${base.output()}`);
  return text === '' ? undefined : JSON.parse(text);
}

async function createSession(base: Serve): Promise<string> {
  const created = await api(base, 'POST', '/session', {});
  if (!created?.id) throw new Error(`no session id: ${JSON.stringify(created)}`);
  return created.id;
}

/** Sends `text` as the person's message and returns when the session's turn is over. */
function say(base: Serve, session: string, text: string): Promise<unknown> {
  return api(base, 'POST', `/session/${session}/message`, { parts: [{ type: 'text', text }] });
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('opencode end to end (opencode serve)', () => {
  it('session start injects the index and waiting mail; mail arriving while idle is pushed once; deleting the session ends it', async () => {
    const ws = wired();
    batonJson(ws, ['card', 'new', 'Index card 6d0', '--as', 'alice']);
    send(ws, AGENT, 'alice', 'mail for the start: the code word is heron-4417');
    script((turn) => ({
      text: turn.lastUserText.includes('idle-mail 5c1') ? 'read the pushed mail' : 'noted',
    }));
    const first = server.requests.length;
    const base = await serve(ws);
    const id = await createSession(base);
    await say(base, id, 'start-scenario: hello');

    const start = agentTurns(first);
    expect(start, base.output()).toHaveLength(1);
    expect(start[0]!.lastUserText).toContain('start-scenario: hello');
    expect(start[0]!.lastUserText).toContain('the code word is heron-4417');
    expect(start[0]!.lastUserText).toContain('<baton-index board=');
    expect(start[0]!.lastUserText).toContain('Index card 6d0');
    expect(start[0]!.lastUserText).toContain(`for="${AGENT}">`);
    const record = sessionFile(ws, id);
    expect(record).toMatchObject({ id, harness: 'opencode', agent: AGENT, cwd: ws.project });

    // The session is idle now: mail that arrives is pushed into it as a new user message, by the plugin alone.
    send(ws, AGENT, 'bob', 'idle-mail 5c1: please rebase');
    const pushed = await waitFor('the pushed mail to reach the model', () =>
      agentTurns(first).find((turn) => turn.lastUserText.includes('idle-mail 5c1')),
    );
    expect(pushed.lastUserText).toContain('<baton-mail');
    expect(pushed.lastUserText).not.toContain('heron-4417');
    // Several polls later (every 500 ms), still pushed exactly once, and nothing else was sent.
    await new Promise((done) => setTimeout(done, 3000));
    const turns = agentTurns(first);
    expect(turns, base.output()).toHaveLength(2);
    expect(turns.filter((turn) => turn.lastUserText.includes('idle-mail 5c1'))).toHaveLength(1);
    expect(count(turns[1]!.text, 'idle-mail 5c1')).toBe(1);
    expect(batonIn(ws, ['poll', '--as', AGENT]).stdout).not.toContain('5c1');

    await api(base, 'DELETE', `/session/${id}`);
    const ended = await waitFor('the session to be marked ended', () => sessionFile(ws, id)?.endedAt);
    expect(typeof ended).toBe('string');
    expect(sessions(ws).find((row) => row.id === id)?.live).toBe(false);
    // The end runs in the background and keeps the next start's answer in the workspace's HOME: done before it goes.
    await endsSettled(ws);
  });

  for (const variant of ['well-formed', 'malformed'] as const) {
    it(`a card write asked from the agent's shell is ${variant === 'well-formed' ? 'committed from its reply at idle' : 'not written from a malformed reply'}`, async () => {
      const ws = wired();
      const card = batonJson<{ card: { id: string; path: string } }>(ws, [
        'card',
        'new',
        'Flaky login test',
        '--as',
        'alice',
      ]).card;
      const before = readFileSync(card.path, 'utf8');
      const finding = 'The login test reads the wall clock; freeze time per test (opencode e2e 5a7).';
      script((turn) => {
        if (turn.toolResults.some((result) => result.includes('board-entry'))) {
          return {
            text: variant === 'well-formed' ? boardEntry('finding', finding) : 'I looked, nothing to add.',
          };
        }
        if (turn.toolResults.length > 0) return { text: 'done' };
        return {
          toolCall: {
            name: 'bash',
            args: {
              command: batonShell(['card', 'ask', card.id, 'record why it flakes']),
              description: 'ask',
            },
          },
        };
      });
      const base = await serve(ws);
      const id = await createSession(base);
      await say(base, id, 'card-scenario: add the finding');

      if (variant === 'well-formed') {
        const text = await waitFor('the entry on the card', () => {
          const now = readFileSync(card.path, 'utf8');
          return now.includes(finding) && now;
        });
        expect(text).toContain(`· finding · ${AGENT} ·`);
        const read = batonJson<{ entries: { type: string; body: string }[] }>(ws, ['card', 'read', card.id]);
        expect(read.entries).toHaveLength(1);
      } else {
        await waitFor('the warning in the hook log', () =>
          hookLog(ws).includes('was not written to the board'),
        );
        expect(readFileSync(card.path, 'utf8')).toBe(before);
        expect(Object.keys(cardFiles(ws))).toHaveLength(1);
      }
      expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
      // The pending write was this session's: BATON_SESSION reached the agent's shell.
      expect(hookLog(ws)).toContain(id);
    });
  }
});

describe('opencode end to end (opencode run)', () => {
  async function run(ws: Workspace, prompt: string): Promise<HarnessRun> {
    const result = await runHarness(ws, prompt);
    expect(result.code, describeRun(result)).toBe(0);
    return result;
  }

  it('a file written through the write tool is recorded on the session and named by who-else, after a warning that another session edited it; the run ends the session', async () => {
    const ws = wired();
    const path = join(ws.project, 'src/shared.ts');
    // A second session on the same board edited the same file a moment ago.
    const other = otherSessionTouched(ws, path);
    let whoElseDuring = '';
    let toolResult = '';
    script((turn) => {
      if (turn.toolResults.length > 0) {
        whoElseDuring = batonIn(ws, ['who-else', 'src/shared.ts', '--session', other, '--json']).stdout;
        toolResult = turn.toolResults.join('\n');
        return { text: 'written' };
      }
      return { toolCall: { name: 'write', args: { filePath: path, content: 'export const shared = 1;\n' } } };
    });
    const result = await run(ws, 'write-scenario: create src/shared.ts');

    expect(existsSync(path), describeRun(result)).toBe(true);
    const mine = sessions(ws).filter((row) => row.id !== other);
    expect(mine, describeRun(result)).toHaveLength(1);
    const session = mine[0]!;
    expect(session).toMatchObject({ harness: 'opencode', agent: AGENT, live: false });
    expect(sessionFile(ws, session.id)?.touched).toEqual(['src/shared.ts']);
    expect(typeof sessionFile(ws, session.id)?.endedAt).toBe('string');
    expect(toolResult).toContain('baton: src/shared.ts was edited');
    expect(toolResult).toContain('by other-agent');
    expect(whoElseDuring).toContain(session.id);
    expect(whoElseDuring).toContain(AGENT);
    expect(JSON.stringify(batonJson(ws, ['who-else', 'src/shared.ts', '--session', other]))).not.toContain(
      session.id,
    );
  });

  it('a pending card write is committed from the last reply even though `opencode run` exits at its first idle', async () => {
    const ws = wired();
    const card = batonJson<{ card: { id: string; path: string } }>(ws, [
      'card',
      'new',
      'Cache',
      '--as',
      'alice',
    ]).card;
    const finding = 'The cache key misses the locale (opencode run e2e 2b4).';
    script((turn) => {
      if (turn.toolResults.some((result) => result.includes('board-entry')))
        return { text: boardEntry('finding', finding) };
      if (turn.toolResults.length > 0) return { text: 'done' };
      return {
        toolCall: {
          name: 'bash',
          args: { command: batonShell(['card', 'ask', card.id, 'note the cache bug']), description: 'ask' },
        },
      };
    });
    const result = await run(ws, 'card-scenario: note it');

    expect(readFileSync(card.path, 'utf8'), describeRun(result)).toContain(finding);
    expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
    const session = sessions(ws)[0]!;
    expect(session.live).toBe(false);
  });
});
