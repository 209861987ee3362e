// pi end to end: the real CLI (@mariozechner/pi-coding-agent, pinned) with baton's extension (.pi/extensions/baton.ts,
// the text of src/harnesses/pi/wiring-extension.ts) in a project wired by `baton init --harness pi`, against the scripted model
// server. pi runs in its RPC mode (`--mode rpc`: JSON lines on stdin and stdout), which runs slash commands headless
// and answers the extension's confirmation dialogs over the same pipe; `pi -p` shows the one-shot path.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { piExtensionSource } from '../../src/harnesses/pi/wiring-extension.js';
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
  harnessBin,
  harnessEnv,
  MODEL,
  runHarness,
  type Workspace,
  workspace,
} from './harnesses.js';
import { type ModelServer, type Reply, startModelServer, type Turn } from './model-server.js';
import { boardEntry } from './scenarios.js';

const AGENT = 'pi-e2e';
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());

/**
 * A project wired by `baton init --harness pi` (its extension is this source, with the absolute node and
 * bin/baton.js), the agent named by BATON_AGENT.
 */
function wired(): Workspace {
  const ws = workspace('pi', server, { BATON_AGENT: AGENT });
  init(ws);
  const extension = readFileSync(join(ws.project, '.pi/extensions/baton.ts'), 'utf8');
  expect(extension).toContain(
    piExtensionSource(gatedCommand([realpathSync(process.execPath), realpathSync(BATON_BIN)])),
  );
  return ws;
}

const agentTurns = (from = 0): Turn[] => server.requests.slice(from).flatMap((r) => (r.turn ? [r.turn] : []));

// Generous: a loaded CI machine runs a harness several times slower than an idle one.
function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = WAIT_MS): Promise<T> {
  return waitUntil(what, probe, { timeoutMs, everyMs: 100 }) as Promise<T>;
}

/** One JSON line pi printed in RPC mode (a response, an event or an extension UI request). */
interface Line {
  type?: string;
  id?: string;
  method?: string;
  message?: unknown;
  success?: boolean;
  data?: { isStreaming?: boolean; pendingMessageCount?: number };
  [key: string]: unknown;
}

interface Rpc {
  child: ChildProcess;
  /** Every JSON line pi printed. */
  lines: Line[];
  /** The notifications the extension showed (extension_ui_request notify). */
  notices(): string[];
  /** Sends a prompt (or a slash command) and waits for pi's response to it. */
  prompt(message: string): Promise<Line>;
  /** Waits until pi is idle with nothing queued and `agent_end` was seen `runs` times in all. */
  idle(runs: number): Promise<void>;
  /** Answers the next confirmation dialogs, in order. */
  confirms: boolean[];
  /** Sends an RPC command (e.g. `{ type: 'compact' }`) and waits for pi's response to it. */
  command(command: Record<string, unknown>): Promise<Line>;
  /** Closes stdin (pi shuts down) and waits for it to exit. */
  close(): Promise<number | null>;
  output(): string;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  }
});

function rpc(ws: Workspace): Rpc {
  const child = spawnTracked(
    harnessBin('pi'),
    ['--mode', 'rpc', '--offline', '--provider', 'scripted', '--model', MODEL.pi],
    { cwd: ws.project, env: harnessEnv(ws), stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  children.push(child);
  // pi may have exited (a failed test's teardown, a crash) when the next command is written: not an error here.
  child.stdin?.on('error', () => {});
  const lines: Line[] = [];
  let buffer = '';
  let stderr = '';
  let next = 0;
  const waiting = new Map<string, (line: Line) => void>();
  const self: Rpc = {
    child,
    lines,
    confirms: [],
    notices: () =>
      lines
        .filter((l) => l.type === 'extension_ui_request' && l.method === 'notify')
        .map((l) => String(l.message)),
    prompt(message) {
      return self.command({ type: 'prompt', message });
    },
    command(command) {
      const id = `req-${next++}`;
      const answered = new Promise<Line>((done) => waiting.set(id, done));
      child.stdin?.write(`${JSON.stringify({ ...command, id })}\n`);
      return answered;
    },
    async idle(runs) {
      await waitFor(
        `${runs} agent runs to end`,
        () => lines.filter((l) => l.type === 'agent_end').length >= runs,
      );
      await waitUntil(
        'pi to be idle',
        async () => {
          const id = `req-${next++}`;
          const answered = new Promise<Line>((done) => waiting.set(id, done));
          child.stdin?.write(`${JSON.stringify({ id, type: 'get_state' })}\n`);
          const state = (await answered).data ?? {};
          return !state.isStreaming && !state.pendingMessageCount;
        },
        { everyMs: 100 },
      );
    },
    close() {
      const exited = new Promise<number | null>((done) => {
        if (child.exitCode !== null) done(child.exitCode);
        else child.on('exit', (code) => done(code));
      });
      child.stdin?.end();
      // The session's end is drafted in the background (the hook gate): done once that is.
      return exited.then(async (code) => {
        await endsSettled(ws);
        return code;
      });
    },
    output: () => `${lines.map((l) => JSON.stringify(l).slice(0, 400)).join('\n')}\nstderr: ${stderr}`,
  };
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const text = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (text.trim() === '') continue;
      let line: Line;
      try {
        line = JSON.parse(text);
      } catch {
        continue;
      }
      lines.push(line);
      if (line.type === 'response' && typeof line.id === 'string') waiting.get(line.id)?.(line);
      if (line.type === 'extension_ui_request' && line.method === 'confirm') {
        const confirmed = self.confirms.shift() ?? false;
        child.stdin?.write(`${JSON.stringify({ type: 'extension_ui_response', id: line.id, confirmed })}\n`);
      }
    }
  });
  return self;
}

function batonShell(args: string[]): string {
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  return [process.execPath, BATON_BIN, ...args].map(quote).join(' ');
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('pi end to end (pi --mode rpc)', () => {
  it('session start injects the index and waiting mail; mail arriving mid-run is pushed at agent_end once; shutdown ends the session', async () => {
    const ws = wired();
    batonJson(ws, ['card', 'new', 'Index card 7e1', '--as', 'alice']);
    send(ws, AGENT, 'alice', 'mail for the start: the code word is heron-4417');
    let sent = false;
    server.script((turn): Reply => {
      if (turn.lastUserText.includes('arrived mid-run 88d2')) return { text: 'read the pushed mail' };
      if (!sent) {
        send(ws, AGENT, 'bob', 'arrived mid-run 88d2: please rebase');
        sent = true;
      }
      return { text: 'first answer' };
    });
    const first = server.requests.length;
    const pi = rpc(ws);
    expect((await pi.prompt('start-scenario: hello')).success, pi.output()).toBe(true);
    await pi.idle(2);

    const turns = agentTurns(first);
    expect(turns, pi.output()).toHaveLength(2);
    expect(turns[0]!.text).toContain('start-scenario: hello');
    expect(turns[0]!.text).toContain('the code word is heron-4417');
    expect(turns[0]!.text).toContain('<baton-index board=');
    expect(turns[0]!.text).toContain('Index card 7e1');
    expect(turns[0]!.text).not.toContain('arrived mid-run 88d2');
    // The push is the second run's own user message, sent once.
    expect(turns[1]!.lastUserText).toContain('<baton-mail');
    expect(turns[1]!.lastUserText).toContain('arrived mid-run 88d2: please rebase');
    expect(count(turns[1]!.text, 'arrived mid-run 88d2')).toBe(1);
    expect(batonIn(ws, ['poll', '--as', AGENT]).stdout).not.toContain('88d2');

    const [row] = sessions(ws);
    expect(row).toMatchObject({ harness: 'pi', agent: AGENT, live: true, cwd: ws.project });
    const record = sessionFile(ws, row!.id);
    expect(String(record?.transcriptPath)).toContain(join(ws.home, '.pi/agent/sessions'));
    expect(existsSync(String(record?.transcriptPath))).toBe(true);

    expect(await pi.close()).toBe(0);
    expect(typeof sessionFile(ws, row!.id)?.endedAt).toBe('string');
    expect(sessions(ws)[0]!.live).toBe(false);
  });

  it('/board new, read, del (confirmed and refused), clean and open act on the board', async () => {
    const ws = wired();
    server.script((turn) => ({
      text: turn.lastUserText.includes('what does the card say') ? 'it says 3f1' : 'ok',
    }));
    const pi = rpc(ws);
    await pi.prompt('/board new Release checklist 3f1');
    const [card] = batonJson<{ cards: { id: string; title: string }[] }>(ws, ['card', 'list']).cards;
    expect(card, pi.output()).toMatchObject({ title: 'Release checklist 3f1' });
    expect(pi.notices().join('\n')).toContain(card!.id);
    batonIn(ws, [
      'card',
      'write',
      card!.id,
      '--as',
      'alice',
      '--type',
      'finding',
      '--body',
      'tag before noon (3f1)',
    ]);

    // /board read puts the card, as `baton card read` prints it, into the session: the next request carries it.
    const first = server.requests.length;
    await pi.prompt(`/board read ${card!.id}`);
    expect(await pi.prompt('what does the card say?')).toMatchObject({ success: true });
    await pi.idle(1);
    const seen = agentTurns(first);
    expect(seen, pi.output()).toHaveLength(1);
    expect(seen[0]!.text).toContain('Release checklist 3f1');
    expect(seen[0]!.text).toContain('tag before noon (3f1)');

    pi.confirms.push(false);
    await pi.prompt(`/board del ${card!.id}`);
    expect(Object.keys(cardFiles(ws))).toHaveLength(1);
    expect(pi.notices().join('\n')).toContain(`card ${card!.id} kept`);
    pi.confirms.push(true);
    await pi.prompt(`/board del ${card!.id}`);
    expect(Object.keys(cardFiles(ws)), pi.output()).toHaveLength(0);

    batonJson(ws, ['card', 'new', 'One', '--as', 'alice']);
    batonJson(ws, ['card', 'new', 'Two', '--as', 'alice']);
    pi.confirms.push(true);
    await pi.prompt('/board clean');
    expect(Object.keys(cardFiles(ws)), pi.output()).toHaveLength(0);

    await pi.prompt('/board open');
    expect(pi.notices().at(-1)).toContain(join(ws.project, '.baton'));
    await pi.prompt('/board frobnicate');
    expect(pi.notices().at(-1)).toContain('usage: /board new <title>');
    // None of the commands reached the model.
    expect(agentTurns(first)).toHaveLength(1);
    expect(await pi.close()).toBe(0);
  });

  for (const variant of ['well-formed', 'malformed'] as const) {
    it(`/board write asks the agent; its reply is ${variant === 'well-formed' ? 'committed at agent_end' : 'malformed and nothing is written'}`, async () => {
      const ws = wired();
      const card = batonJson<{ card: { id: string; path: string } }>(ws, [
        'card',
        'new',
        'Flaky login',
        '--as',
        'alice',
      ]).card;
      const before = readFileSync(card.path, 'utf8');
      const finding = 'The login test reads the wall clock; freeze time per test (pi e2e 5a7).';
      server.script((turn) => {
        // The prompt comes first, the session start's board index after it (pi sends a custom message after the
        // prompt it rides with).
        if (turn.text.includes('board-entry')) {
          return {
            text: variant === 'well-formed' ? boardEntry('finding', finding) : 'I looked, nothing to add.',
          };
        }
        return { text: 'ok' };
      });
      const first = server.requests.length;
      const pi = rpc(ws);
      await pi.prompt(`/board write ${card.id} record why the login test flakes`);
      await pi.idle(1);

      const turns = agentTurns(first);
      expect(turns, pi.output()).toHaveLength(1);
      expect(turns[0]!.text).toContain('record why the login test flakes');
      expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
      if (variant === 'well-formed') {
        const read = batonJson<{ entries: { type: string; body: string }[] }>(ws, ['card', 'read', card.id]);
        expect(read.entries, pi.output()).toHaveLength(1);
        expect(read.entries[0]!.body).toContain(finding);
        expect(readFileSync(card.path, 'utf8')).toContain(`· finding · ${AGENT} ·`);
      } else {
        expect(readFileSync(card.path, 'utf8')).toBe(before);
        expect(hookLog(ws)).toContain('was not written to the board');
      }
      expect(await pi.close()).toBe(0);
    });
  }

  it('compaction writes a raw handoff note from the session transcript first', async () => {
    const ws = wired();
    server.script(() => ({ text: 'worked on the parser (compact-scenario 4d2)' }));
    const pi = rpc(ws);
    await pi.prompt('compact-scenario: fix the parser 4d2');
    await pi.idle(1);
    expect(batonJson<{ notes: number }>(ws, ['board']).notes).toBe(0);

    const compacted = await pi.command({ type: 'compact' });
    expect(compacted.success, pi.output()).toBe(true);
    const board = batonIn(ws, ['board']).stdout;
    const id = /n-[0-9A-Z]{26}/.exec(board)?.[0];
    expect(id, `${board}\n${hookLog(ws)}`).toBeDefined();
    const note = batonIn(ws, ['read', id!]).stdout;
    expect(note).toContain('fix the parser 4d2');
    expect(note).toContain(sessions(ws)[0]!.id);
    expect(await pi.close()).toBe(0);
  });

  it('/handoff has the agent write the six sections and saves them as a note', async () => {
    const ws = wired();
    const body = [
      '## Goal',
      'Ship the login fix (pi handoff 9c2).',
      '## Done',
      'Froze the clock in test/login.test.ts.',
      '## State and open questions',
      'CI green locally.',
      '## Decisions and rejected options',
      'Fake timers over retries.',
      '## Pitfalls and blockers',
      'None.',
      '## Next steps and read-first list',
      'Merge; read test/login.test.ts.',
    ].join('\n');
    server.script((turn) => ({
      text: turn.lastUserText.includes('## Next steps and read-first list') ? body : 'ok',
    }));
    const pi = rpc(ws);
    await pi.prompt('/handoff Login fix');
    await pi.idle(1);
    await waitFor('the handoff receipt', () => pi.notices().some((notice) => /n-[0-9A-Z]+/.test(notice)));

    const notes = batonIn(ws, ['board']).stdout;
    expect(notes, pi.output()).toContain('Login fix');
    const id = /n-[0-9A-Z]+/.exec(pi.notices().join('\n'))![0];
    const note = batonIn(ws, ['read', id]).stdout;
    expect(note).toContain('Ship the login fix (pi handoff 9c2).');
    expect(note).toContain('Merge; read test/login.test.ts.');
    expect(await pi.close()).toBe(0);
  });
});

describe('pi end to end (pi -p)', () => {
  it('a file written through the write tool is recorded and named by who-else, after a warning that another session edited it; the run ends the session', async () => {
    const ws = wired();
    const path = join(ws.project, 'src/shared.ts');
    // A second session on the same board edited the same file a moment ago.
    const other = otherSessionTouched(ws, path);
    let whoElseDuring = '';
    let toolResult = '';
    server.script((turn) => {
      if (turn.toolResults.length > 0) {
        whoElseDuring = batonIn(ws, ['who-else', 'src/shared.ts', '--session', other, '--json']).stdout;
        toolResult = turn.toolResults.join('\n');
        return { text: 'written' };
      }
      return { toolCall: { name: 'write', args: { path, content: 'export const shared = 1;\n' } } };
    });
    const result = await runHarness(ws, 'write-scenario: create src/shared.ts');
    expect(result.code, describeRun(result)).toBe(0);

    expect(existsSync(path), describeRun(result)).toBe(true);
    const mine = sessions(ws).filter((row) => row.id !== other);
    expect(mine, describeRun(result)).toHaveLength(1);
    expect(mine[0]).toMatchObject({ harness: 'pi', agent: AGENT, live: false });
    expect(sessionFile(ws, mine[0]!.id)?.touched).toEqual(['src/shared.ts']);
    expect(toolResult).toContain('baton: src/shared.ts was edited');
    expect(toolResult).toContain('by other-agent');
    expect(whoElseDuring).toContain(mine[0]!.id);
  });

  it('mail arriving mid-run is pushed at agent_end once and answered before pi -p exits', async () => {
    const ws = wired();
    let sent = false;
    server.script((turn) => {
      if (turn.lastUserText.includes('arrived mid-run 31e')) return { text: 'read the pushed mail' };
      if (!sent) {
        send(ws, AGENT, 'bob', 'arrived mid-run 31e: please rebase');
        sent = true;
      }
      return { text: 'first answer' };
    });
    const result = await runHarness(ws, 'stop-scenario: work on it');
    expect(result.code, describeRun(result)).toBe(0);

    const turns = result.requests.flatMap((r) => (r.turn ? [r.turn] : []));
    expect(turns, describeRun(result)).toHaveLength(2);
    expect(turns[0]!.text).not.toContain('arrived mid-run 31e');
    expect(turns[1]!.lastUserText).toContain('arrived mid-run 31e: please rebase');
    expect(count(turns[1]!.text, 'arrived mid-run 31e')).toBe(1);
    expect(sessions(ws)[0]).toMatchObject({ live: false });
    expect(batonIn(ws, ['poll', '--as', AGENT]).stdout).not.toContain('31e');
  });

  it("a card write asked from the agent's bash tool is committed from its reply before pi -p exits", async () => {
    const ws = wired();
    const card = batonJson<{ card: { id: string; path: string } }>(ws, [
      'card',
      'new',
      'Cache',
      '--as',
      'alice',
    ]).card;
    const finding = 'The cache key misses the locale (pi -p e2e 2b4).';
    server.script((turn) => {
      if (turn.toolResults.some((result) => result.includes('board-entry')))
        return { text: boardEntry('finding', finding) };
      if (turn.toolResults.length > 0) return { text: 'done' };
      return {
        toolCall: {
          name: 'bash',
          args: { command: batonShell(['card', 'ask', card.id, 'note the cache bug']) },
        },
      };
    });
    const result = await runHarness(ws, 'card-scenario: note it');
    expect(result.code, describeRun(result)).toBe(0);

    expect(readFileSync(card.path, 'utf8'), describeRun(result)).toContain(finding);
    expect(readFileSync(card.path, 'utf8')).toContain(`· finding · ${AGENT} ·`);
    expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
  });
});
