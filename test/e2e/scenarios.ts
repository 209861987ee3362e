// The end-to-end scenarios every hook-wired harness goes through (Claude Code, Codex, Gemini CLI, GitHub Copilot CLI,
// Qwen Code), each run against the real CLI wired by `baton init --harness <h>`, each asserted on the board afterwards
// AND on what the model server received. A harness file supplies its profile: its tool names and how a stop block
// reaches the model.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batonIn,
  batonJson,
  cardFiles,
  hookLog,
  init,
  otherSessionTouched,
  pendingFiles,
  type SessionRow,
  send,
  sessionFile,
  sessions,
} from './board.js';
import {
  BATON_BIN,
  describeRun,
  type HarnessName,
  type HarnessRun,
  runHarness,
  type Workspace,
  workspace,
} from './harnesses.js';
import { type ModelServer, startModelServer, type ToolCall, type Turn } from './model-server.js';

export interface Profile {
  harness: Exclude<HarnessName, 'opencode' | 'pi'>;
  /** The harness's shell tool, running `command`. */
  shell(command: string): ToolCall;
  /** The harness's file-writing tool, writing `content` to the absolute `path`. */
  write(path: string, content: string): ToolCall;
  /** The baton MCP server's dm_send, as this harness offers it. */
  dmSend(args: { to: string; body: string }): ToolCall;
  /** The name under which the model is offered the MCP dm_send tool (in Turn.tools). */
  dmSendOffered: string;
  /** Flags for every run (e.g. which tools Claude Code may use without asking). */
  args: string[];
  /**
   * Where the pre-tool-use warning about another session's edit goes: into the model's context, to the person, or
   * (where the harness shows it to no one headless) only into the harness's own log (`harnessLog`).
   */
  toolWarningTo: 'model' | 'person' | 'harness-log';
  /** The harness's own log of the workspace's runs (toolWarningTo 'harness-log'). */
  harnessLog?(ws: Workspace): string;
  /** Whether a headless run ends with the session-end hook (default true). */
  endsSession?: boolean;
  /** Flags added for the write scenario. */
  writeArgs?: string[];
  /** How a blocked stop's reason reaches the model: the last user message of the next request. */
  stopFeedback: RegExp;
}

const AGENT_OF: Record<Profile['harness'], string> = {
  claude: 'claude-e2e',
  codex: 'codex-e2e',
  gemini: 'gemini-e2e',
  copilot: 'copilot-e2e',
  qwen: 'qwen-e2e',
};

/** The text of a board-entry reply: one fenced block. */
export function boardEntry(type: string, body: string): string {
  return `\`\`\`board-entry\ntype: ${type}\n---\n${body}\n\`\`\``;
}

/** `baton <args>` as the agent's shell runs it: absolute node and bin/baton.js (a login shell may reset PATH). */
function batonCommand(args: string[]): string {
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  return [process.execPath, BATON_BIN, ...args].map(quote).join(' ');
}

/** The turns of a run that the script answered. */
const turnsOf = (run: HarnessRun): Turn[] => run.requests.flatMap((r) => (r.turn ? [r.turn] : []));

export function describeScenarios(profile: Profile): void {
  const { harness } = profile;
  const agent = AGENT_OF[harness];
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  /** A fresh project wired by `baton init --harness <h>`, the agent named by BATON_AGENT. */
  function wired() {
    const ws = workspace(harness, server, { BATON_AGENT: agent });
    init(ws);
    return ws;
  }

  /** The one session the harness ran (each scenario's workspace has exactly one; `besides` are the test's own). */
  function onlySession(ws: ReturnType<typeof wired>, besides: string[] = []): SessionRow {
    const rows = sessions(ws).filter((row) => !besides.includes(row.id));
    expect(rows, JSON.stringify(rows)).toHaveLength(1);
    return rows[0]!;
  }

  async function run(
    ws: ReturnType<typeof wired>,
    prompt: string,
    extra: string[] = [],
  ): Promise<HarnessRun> {
    const result = await runHarness(ws, prompt, { args: [...profile.args, ...extra] });
    expect(result.code, describeRun(result)).toBe(0);
    return result;
  }

  describe(`${harness} end to end`, () => {
    it('session start injects the board index and the waiting mail; session end marks the session ended', async () => {
      const ws = wired();
      batonJson(ws, ['card', 'new', 'Index card 51c', '--as', 'alice']);
      send(ws, agent, 'alice', 'mail for the start: the code word is heron-4417');
      server.script(() => ({ text: 'noted' }));
      const result = await run(ws, 'start-scenario: hello');

      const turns = turnsOf(result);
      // One model turn: the mail came with the session start, so the stop had nothing to push.
      expect(turns, describeRun(result)).toHaveLength(1);
      const seen = turns[0]!.text;
      expect(seen).toContain('the code word is heron-4417');
      // Gemini CLI escapes hook context as HTML inside its <hook_context> tag.
      expect(seen).toMatch(/(<|&lt;)baton-index board=/);
      expect(seen).toContain('Index card 51c');
      expect(seen).toMatch(new RegExp(`for=("|&quot;|&#34;)${agent}("|&quot;|&#34;)`));

      const session = onlySession(ws);
      expect(session).toMatchObject({ harness, agent, live: false, cwd: ws.project });
      if (profile.endsSession === false) {
        // No session-end hook: the session is over because its process is, and nothing marked it ended.
        expect(session.endedAt).toBeUndefined();
      } else {
        expect(typeof session.endedAt).toBe('string');
        expect(sessionFile(ws, session.id)?.endedAt).toBe(session.endedAt);
      }
      // Delivered once: nothing waits for the agent any more.
      const poll = batonIn(ws, ['poll', '--as', agent]);
      expect(poll.code, poll.stderr).toBe(0);
      expect(poll.stdout).not.toContain('heron-4417');
    });

    it('a stop with mail waiting pushes it once; the next stop passes and the run ends', async () => {
      const ws = wired();
      let sent = false;
      server.script((turn) => {
        if (
          profile.stopFeedback.test(turn.lastUserText) &&
          turn.lastUserText.includes('arrived mid-turn 88d2')
        ) {
          return { text: 'read the pushed mail' };
        }
        if (!sent) {
          // Mail that arrives while the agent works: after the session start and the prompt's own injection.
          send(ws, agent, 'bob', 'arrived mid-turn 88d2: please rebase');
          sent = true;
        }
        return { text: 'first answer' };
      });
      const result = await run(ws, 'stop-scenario: work on it');

      const turns = turnsOf(result);
      expect(turns, describeRun(result)).toHaveLength(2);
      expect(turns[0]!.text).not.toContain('arrived mid-turn 88d2');
      expect(turns[1]!.lastUserText).toMatch(profile.stopFeedback);
      expect(turns[1]!.lastUserText).toContain('arrived mid-turn 88d2: please rebase');
      expect(turns[1]!.lastUserText).toContain('bob →');
      // Pushed once: the body appears in the second request only once.
      expect(turns[1]!.text.split('arrived mid-turn 88d2').length - 1).toBe(1);
      expect(onlySession(ws).live).toBe(false);
      const poll = batonIn(ws, ['poll', '--as', agent]);
      expect(poll.code, poll.stderr).toBe(0);
      expect(poll.stdout).not.toContain('88d2');
    });

    for (const variant of ['well-formed', 'malformed'] as const) {
      it(`a pending card write is ${variant === 'well-formed' ? 'committed from the model’s reply' : 'not written from a malformed reply'}`, async () => {
        const ws = wired();
        const card = batonJson<{ card: { id: string; path: string } }>(ws, [
          'card',
          'new',
          'Flaky login test',
          '--as',
          'alice',
        ]).card;
        const before = readFileSync(card.path, 'utf8');
        const intent = 'record why the login test flakes';
        const finding = 'The login test reads the wall clock; freeze time per test (e2e 5a7).';
        server.script((turn) => {
          if (turn.toolResults.some((result) => result.includes('board-entry'))) {
            return {
              text: variant === 'well-formed' ? boardEntry('finding', finding) : 'I looked, nothing to add.',
            };
          }
          if (turn.toolResults.length > 0) return { text: 'done' };
          return { toolCall: profile.shell(batonCommand(['card', 'ask', card.id, intent])) };
        });
        const result = await run(ws, 'card-scenario: add the finding');

        const turns = turnsOf(result);
        // The prompt `baton card ask` printed reached the model as its tool's output.
        const asked = turns.find((turn) => turn.toolResults.some((r) => r.includes('board-entry')));
        expect(asked, describeRun(result)).toBeDefined();
        expect(asked!.toolResults.join('\n')).toContain(intent);
        expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
        const after = readFileSync(card.path, 'utf8');
        if (variant === 'well-formed') {
          const read = batonJson<{ entries: { type: string; author?: string; body: string }[] }>(ws, [
            'card',
            'read',
            card.id,
          ]);
          expect(read.entries).toHaveLength(1);
          expect(read.entries[0]).toMatchObject({ type: 'finding' });
          expect(read.entries[0]!.body).toContain(finding);
          expect(after).toContain(`· finding · ${agent} ·`);
        } else {
          expect(after).toBe(before);
          expect(Object.keys(cardFiles(ws))).toHaveLength(1);
          expect(hookLog(ws)).toContain('was not written to the board');
        }
      });
    }

    it('a file written through the harness’s tool is recorded (warned about first); who-else from a second session names it', async () => {
      const ws = wired();
      const path = join(ws.project, 'src/shared.ts');
      // The folder exists, as in a real project (Copilot's `create` refuses a path whose folder does not).
      mkdirSync(dirname(path), { recursive: true });
      // A second session on the same board (its hook registers it), asking while the first one runs.
      // A second session on the same board edited the same file a moment ago.
      const other = otherSessionTouched(ws, path);
      let whoElseDuring = '';
      // What the board held then, should the second session not see the first: its records and hook log.
      let boardDuring = '';
      server.script((turn) => {
        if (turn.toolResults.length > 0) {
          whoElseDuring = batonIn(ws, ['who-else', 'src/shared.ts', '--session', other, '--json']).stdout;
          boardDuring = JSON.stringify({ sessions: sessions(ws), log: hookLog(ws) }, null, 2);
          return { text: 'written' };
        }
        return { toolCall: profile.write(path, 'export const shared = 1;\n') };
      });
      const result = await run(ws, 'write-scenario: create src/shared.ts', profile.writeArgs);

      expect(existsSync(path), describeRun(result)).toBe(true);
      const session = onlySession(ws, [other]);
      expect(session.harness).toBe(harness);
      expect(sessionFile(ws, session.id)?.touched).toEqual(['src/shared.ts']);
      // While the harness ran, the second session saw it.
      const during = JSON.parse(whoElseDuring || '{}');
      expect(JSON.stringify(during), boardDuring).toContain(session.id);
      expect(JSON.stringify(during), boardDuring).toContain(agent);
      // Before the write, the pre-tool-use hook told the model (or, where the harness cannot add context before a
      // tool, the person) who else edited the file.
      const warning = /src\/shared\.ts was edited \d+ min ago by other-agent/;
      if (profile.toolWarningTo === 'model') {
        const warned = turnsOf(result).filter((turn) => warning.test(turn.text));
        expect(warned.length, describeRun(result)).toBeGreaterThan(0);
      } else if (profile.toolWarningTo === 'harness-log') {
        expect(profile.harnessLog!(ws), describeRun(result)).toMatch(warning);
        expect(turnsOf(result).some((turn) => warning.test(turn.text))).toBe(false);
      } else {
        expect(`${result.stdout}\n${result.stderr}`, describeRun(result)).toMatch(warning);
        expect(turnsOf(result).some((turn) => warning.test(turn.text))).toBe(false);
      }
      // Once it ended, it is no longer another live session.
      const afterwards = batonJson(ws, ['who-else', 'src/shared.ts', '--session', other]);
      expect(JSON.stringify(afterwards)).not.toContain(session.id);
    });

    it('an MCP dm_send called by the model reaches the other agent’s inbox', async () => {
      const ws = wired();
      const body = 'hello bob, from the model over MCP (e2e 3c9)';
      let offered: string[] = [];
      let waits = 0;
      let called = false;
      server.script((turn) => {
        // One call: whatever it answered, the next turn ends the run.
        if (called) return { text: 'sent it' };
        offered = turn.tools;
        // A harness may ask the model before its MCP servers have listed their tools (Codex does, on a busy
        // machine): a model would do something else meanwhile; this one waits a second in its shell, a few times.
        if (!turn.tools.includes(profile.dmSendOffered) && waits < 8) {
          waits++;
          return { toolCall: profile.shell('sleep 1') };
        }
        called = true;
        return { toolCall: profile.dmSend({ to: 'bob', body }) };
      });
      const result = await run(ws, 'mcp-scenario: tell bob hello');

      expect(offered, describeRun(result)).toContain(profile.dmSendOffered);
      const results = turnsOf(result).flatMap((turn) => turn.toolResults);
      expect(results.join('\n'), describeRun(result)).toMatch(/sent m-[0-9A-Z]+ to bob/);
      const inbox = batonJson<{ messages: { from: string; to: string; body: string }[] }>(ws, [
        'inbox',
        '--as',
        'bob',
      ]);
      expect(inbox.messages).toHaveLength(1);
      expect(inbox.messages[0]).toMatchObject({ from: agent, to: 'bob' });
      expect(inbox.messages[0]!.body.trim()).toBe(body);
    });
  });
}
