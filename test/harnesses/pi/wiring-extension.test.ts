// The pi extension's source, compiled from TypeScript the way pi's loader (jiti) strips types, and driven with a fake
// ExtensionAPI (per pi 0.73's types) and a fake baton: the events it answers, the /board and /handoff commands, and
// that nothing breaks pi. test/e2e/pi.test.ts loads the same source in the real pi.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { piExtensionSource } from '../../../src/harnesses/pi/wiring-extension.js';
import { testdir } from '../../helpers/testdir.js';
import { envelope, type FakeBaton, fakeBaton } from '../fake-baton.js';

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;

interface FakePi {
  on(event: string, handler: Handler): void;
  registerCommand(
    name: string,
    options: {
      handler: (args: string, ctx: unknown) => Promise<void>;
      getArgumentCompletions?: (prefix: string) => unknown;
    },
  ): void;
  sendMessage(message: unknown, options?: unknown): void;
  sendUserMessage(content: string, options?: unknown): void;
}

interface Loaded {
  emit(event: string, payload?: Record<string, unknown>): Promise<unknown>;
  command(name: string, args: string): Promise<void>;
  complete(name: string, prefix: string): unknown;
  user: [string, unknown][];
  messages: unknown[];
  notices: string[];
  confirms: boolean[];
  idle: { value: boolean };
  cwd: string;
}

let counter = 0;
async function load(baton: string[]): Promise<Loaded> {
  const cwd = testdir();
  const { code } = transformSync(piExtensionSource(baton), { loader: 'ts', format: 'esm' });
  const file = join(cwd, `baton-${counter++}.mjs`);
  writeFileSync(file, code);
  const mod = await import(pathToFileURL(file).href);
  const handlers = new Map<string, Handler>();
  const commands = new Map<string, (args: string, ctx: unknown) => Promise<void>>();
  const completions = new Map<string, ((prefix: string) => unknown) | undefined>();
  const loaded: Loaded = {
    user: [],
    messages: [],
    notices: [],
    confirms: [],
    idle: { value: true },
    cwd,
    emit: (event, payload = {}) => handlers.get(event)!({ type: event, ...payload }, ctx),
    command: (name, args) => commands.get(name)!(args, ctx),
    complete: (name, prefix) => completions.get(name)?.(prefix),
  };
  const ctx = {
    cwd,
    hasUI: true,
    sessionManager: { getSessionId: () => 'pi-session-1', getSessionFile: () => join(cwd, 'session.jsonl') },
    ui: {
      notify: (message: string) => loaded.notices.push(message),
      confirm: async () => loaded.confirms.shift() ?? false,
    },
    isIdle: () => loaded.idle.value,
    waitForIdle: async () => {},
  };
  const pi: FakePi = {
    on: (event, handler) => handlers.set(event, handler),
    registerCommand: (name, options) => {
      commands.set(name, options.handler);
      completions.set(name, options.getArgumentCompletions);
    },
    sendMessage: (message) => loaded.messages.push(message),
    sendUserMessage: (content, options) => loaded.user.push([content, options]),
  };
  mod.default(pi);
  expect([...handlers.keys()].sort()).toEqual(
    [
      'agent_end',
      'before_agent_start',
      'session_before_compact',
      'session_shutdown',
      'session_start',
      'tool_call',
      'tool_result',
    ].sort(),
  );
  expect([...commands.keys()]).toEqual(['board', 'handoff']);
  return loaded;
}

const reply = (text: string) => ({
  messages: [
    { role: 'user', content: 'q' },
    { role: 'assistant', content: [{ type: 'text', text }] },
  ],
});

let baton: FakeBaton;
let stdout: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  baton = fakeBaton();
  stdout = vi.spyOn(process.stdout, 'write');
});
afterEach(() => {
  expect(stdout).not.toHaveBeenCalled();
  stdout.mockRestore();
});

describe('pi extension source', () => {
  it('compiles as TypeScript and runs the embedded command, a path full of quotes, escapes and unicode', async () => {
    const pi = await load(baton.command);
    baton.answer('hook session-start', envelope({ additionalContext: '<baton-board>index</baton-board>' }));
    await pi.emit('session_start', { reason: 'startup' });
    // Started at the first prompt, not when pi opens the session.
    expect(baton.calls()).toEqual([]);
    await pi.emit('before_agent_start', { prompt: 'hello' });
    expect(baton.calls().map((call) => call.argv)).toEqual([
      ['hook', 'session-start', '--harness', 'pi'],
      ['hook', 'user-prompt-submit', '--harness', 'pi'],
    ]);
    expect(baton.hookInputs('session-start')).toEqual([
      {
        session_id: 'pi-session-1',
        cwd: pi.cwd,
        transcript_path: join(pi.cwd, 'session.jsonl'),
        source: 'startup',
      },
    ]);
    // The agent's bash tool inherits pi's environment: its baton commands know their session.
    expect(process.env.BATON_SESSION).toBe('pi-session-1');
    // …but the hooks are told their session on stdin only.
    expect(baton.calls()[0]!.session).toBeUndefined();
  });

  it('type-checks as strict TypeScript against node’s types (pi loads it as TypeScript)', () => {
    const dir = testdir();
    const repo = resolve(import.meta.dirname, '../../..');
    writeFileSync(join(dir, 'baton.ts'), piExtensionSource(baton.command));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
          typeRoots: [join(repo, 'node_modules/@types')],
          skipLibCheck: true,
        },
        files: ['baton.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('a session closed before anyone prompts it takes no mail and is not recorded', async () => {
    const pi = await load(baton.command);
    await pi.emit('session_start', { reason: 'startup' });
    await pi.command('board', 'new A card');
    await pi.emit('session_shutdown', { reason: 'quit' });
    expect(baton.calls().map((call) => call.argv[0])).toEqual(['card']);
    expect(process.env.BATON_SESSION).toBeUndefined();
  });

  it('session start context and new mail reach the model as one custom message before the run; later only new mail', async () => {
    const pi = await load(baton.command);
    baton.answer('hook session-start', envelope({ additionalContext: '<baton-board>index</baton-board>' }));
    baton.answer('hook user-prompt-submit', envelope({ additionalContext: '<baton-mail>new</baton-mail>' }));
    await pi.emit('session_start', { reason: 'resume' });
    expect(await pi.emit('before_agent_start', { prompt: 'fix it' })).toEqual({
      message: {
        customType: 'baton',
        content: '<baton-board>index</baton-board>\n\n<baton-mail>new</baton-mail>',
        display: true,
      },
    });
    expect(baton.hookInputs('session-start')[0]).toMatchObject({ source: 'resume' });
    expect(baton.hookInputs('user-prompt-submit')[0]).toMatchObject({ prompt: 'fix it' });
    expect(await pi.emit('before_agent_start', { prompt: 'again' })).toEqual({
      message: { customType: 'baton', content: '<baton-mail>new</baton-mail>', display: true },
    });
    baton.answer('hook user-prompt-submit', {});
    expect(await pi.emit('before_agent_start', { prompt: 'quiet' })).toBeUndefined();
  });

  it('agent_end: the stop hook gets the last reply; a block is sent once as a follow-up, the next stop with stop_hook_active', async () => {
    const pi = await load(baton.command);
    await pi.emit('session_start', { reason: 'startup' });
    baton.answer('hook stop', envelope({ decision: 'block', reason: '<baton-mail>m1</baton-mail>' }));
    await pi.emit('agent_end', reply('all done'));
    expect(baton.hookInputs('stop')).toEqual([
      expect.objectContaining({
        session_id: 'pi-session-1',
        last_assistant_message: 'all done',
        stop_hook_active: false,
      }),
    ]);
    expect(pi.user).toEqual([['<baton-mail>m1</baton-mail>', { deliverAs: 'followUp' }]]);
    await pi.emit('agent_end', reply('read it'));
    expect(baton.hookInputs('stop')[1]).toMatchObject({
      last_assistant_message: 'read it',
      stop_hook_active: true,
    });
    expect(pi.user).toHaveLength(1);

    expect(await pi.emit('session_before_compact', {})).toBeUndefined();
    expect(baton.hookInputs('pre-compact')).toEqual([
      expect.objectContaining({ session_id: 'pi-session-1', transcript_path: join(pi.cwd, 'session.jsonl') }),
    ]);
    await pi.emit('session_shutdown', { reason: 'reload' });
    expect(baton.hookInputs('session-end')).toEqual([]);
    await pi.emit('session_shutdown', { reason: 'quit' });
    expect(baton.hookInputs('session-end')).toEqual([expect.objectContaining({ reason: 'quit' })]);
    expect(process.env.BATON_SESSION).toBeUndefined();
  });

  it('write and edit: a pre-edit warning is appended to the result, the path recorded, a deny blocks the call', async () => {
    const pi = await load(baton.command);
    await pi.emit('session_start', { reason: 'startup' });
    baton.answer('hook pre-tool-use', envelope({ additionalContext: 'baton: bob edited a.ts 2 min ago' }));
    expect(
      await pi.emit('tool_call', { toolName: 'edit', toolCallId: 't1', input: { path: 'a.ts' } }),
    ).toBeUndefined();
    const content = [{ type: 'text', text: 'Edited a.ts' }];
    expect(
      await pi.emit('tool_result', {
        toolName: 'edit',
        toolCallId: 't1',
        input: { path: 'a.ts' },
        content,
        isError: false,
      }),
    ).toEqual({ content: [...content, { type: 'text', text: 'baton: bob edited a.ts 2 min ago' }] });
    expect(baton.hookInputs('post-tool-use')).toEqual([
      expect.objectContaining({ tool_name: 'edit', tool_input: { path: 'a.ts' } }),
    ]);

    const before = baton.calls().length;
    await pi.emit('tool_call', { toolName: 'bash', toolCallId: 't2', input: { command: 'ls' } });
    await pi.emit('tool_result', {
      toolName: 'write',
      toolCallId: 't3',
      input: { path: 'b.ts' },
      content,
      isError: true,
    });
    expect(baton.calls()).toHaveLength(before);

    baton.answer('hook pre-tool-use', envelope({ decision: 'deny', reason: 'baton: a.ts is locked' }));
    expect(
      await pi.emit('tool_call', { toolName: 'write', toolCallId: 't4', input: { path: 'a.ts' } }),
    ).toEqual({
      block: true,
      reason: 'baton: a.ts is locked',
    });
  });

  it('/board runs the card commands; write sends the prompt baton printed; del and clean only once confirmed', async () => {
    const pi = await load(baton.command);
    await pi.emit('session_start', { reason: 'startup' });
    const runs = () => baton.calls().filter((call) => call.argv[0] === 'card');

    await pi.command('board', '');
    expect(pi.notices.at(-1)).toContain('usage: /board new <title>');
    expect(pi.complete('board', 'd')).toEqual([{ value: 'del', label: 'del' }]);
    expect(pi.complete('board', 'write c-1')).toBeNull();
    baton.answer('card new', { stdout: 'created card c-1 "Release plan"\n', stderr: '[board /b/.baton]\n' });
    await pi.command('board', 'new Release plan');
    expect(runs().at(-1)!.argv).toEqual(['card', 'new', '--', 'Release plan']);
    expect(pi.notices.at(-1)).toBe('baton: created card c-1 "Release plan"');

    baton.answer('card ask', { stdout: 'Reply with only one fenced ```board-entry block\n' });
    await pi.command('board', 'write c-1 record the release date');
    expect(runs().at(-1)).toEqual({
      argv: ['card', 'ask', '--session', 'pi-session-1', '--', 'c-1', 'record the release date'],
      stdin: '',
      session: 'pi-session-1',
    });
    expect(pi.user).toEqual([['Reply with only one fenced ```board-entry block', undefined]]);
    baton.answer('card ask', { stderr: 'no card c-9 — see baton card list\n', code: 1 });
    await pi.command('board', 'write c-9 anything');
    expect(pi.notices.at(-1)).toBe('baton: no card c-9 — see baton card list');
    expect(pi.user).toHaveLength(1);

    baton.answer('card read', { stdout: '---\ntitle: Release plan\n---\nbody\n' });
    await pi.command('board', 'read c-1');
    expect(pi.messages).toEqual([
      { customType: 'baton-card', content: '---\ntitle: Release plan\n---\nbody', display: true },
    ]);

    const count = runs().length;
    pi.confirms.push(false);
    await pi.command('board', 'del c-1');
    pi.confirms.push(false);
    await pi.command('board', 'clean');
    expect(runs()).toHaveLength(count);
    expect(pi.notices.slice(-2)).toEqual(['baton: card c-1 kept', 'baton: cards kept']);
    pi.confirms.push(true, true);
    await pi.command('board', 'del c-1');
    await pi.command('board', 'clean');
    expect(
      runs()
        .slice(-2)
        .map((call) => call.argv),
    ).toEqual([
      ['card', 'del', '--yes', '--', 'c-1'],
      ['card', 'clean', '--yes'],
    ]);

    baton.answer('card open', { stdout: '/p/.baton/cards\n' });
    await pi.command('board', 'open');
    expect(pi.notices.at(-1)).toContain('baton cards: /p/.baton/cards');
  });

  it('/handoff asks for the six sections and saves the reply that answers it with baton handoff write', async () => {
    const pi = await load(baton.command);
    await pi.emit('session_start', { reason: 'startup' });
    baton.answer('handoff write', { stdout: 'wrote n-01ABC "Login fix"\n' });
    await pi.command('handoff', 'Login fix');
    expect(pi.user).toHaveLength(1);
    const prompt = pi.user[0]![0];
    expect(prompt).toContain('## Next steps and read-first list');
    // A run that was not the handoff's own saves nothing.
    await pi.emit('agent_end', reply('unrelated'));
    expect(baton.calls().filter((call) => call.argv[0] === 'handoff')).toEqual([]);
    await pi.emit('before_agent_start', { prompt });
    await pi.emit('agent_end', reply('## Goal\nship'));
    const [write] = baton.calls().filter((call) => call.argv[0] === 'handoff');
    expect(write).toEqual({
      argv: ['handoff', 'write', '--session', 'pi-session-1', '--harness', 'pi', '--title', 'Login fix'],
      stdin: '## Goal\nship',
    });
    expect(pi.notices.at(-1)).toBe('baton: wrote n-01ABC "Login fix"');
  });

  it('a baton that fails, prints garbage or cannot start never breaks pi', async () => {
    for (const command of [[join(testdir(), 'missing-node'), 'x'], baton.command]) {
      const pi = await load(command);
      baton.answer('hook session-start', { stdout: 'not json', code: 1 });
      baton.answer('hook user-prompt-submit', { stdout: '["an","array"]' });
      baton.answer('hook stop', { stderr: 'boom', code: 2 });
      await pi.emit('session_start', { reason: 'startup' });
      expect(await pi.emit('before_agent_start', { prompt: 'x' })).toBeUndefined();
      expect(await pi.emit('tool_call', { toolName: 'write', toolCallId: 't', input: null })).toBeUndefined();
      expect(
        await pi.emit('tool_result', {
          toolName: 'write',
          toolCallId: 't',
          input: { path: 'a' },
          content: [],
        }),
      ).toBeUndefined();
      await pi.emit('agent_end', { messages: null });
      await pi.command('board', 'new x');
      await pi.emit('session_shutdown', { reason: 'quit' });
      expect(pi.user).toEqual([]);
    }
  });
});
