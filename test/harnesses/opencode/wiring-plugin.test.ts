// The opencode plugin's source, loaded as opencode loads it (an ES module exporting the plugin function) and driven
// with a fake opencode client and a fake baton: what it runs, what it gives opencode back, and that nothing breaks it.
// test/e2e/opencode.test.ts runs the same source inside the real opencode.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { opencodePluginSource } from '../../../src/harnesses/opencode/wiring-plugin.js';
import { testdir } from '../../helpers/testdir.js';
import { waitFor } from '../../helpers/wait.js';
import { envelope, type FakeBaton, fakeBaton } from '../fake-baton.js';

// The hooks are called with the shapes opencode passes; the plugin is untyped JavaScript.
// biome-ignore lint/suspicious/noExplicitAny: the plugin's hooks take opencode's loosely typed inputs
type Hooks = Record<string, (...args: any[]) => Promise<unknown>>;
type Json = Record<string, unknown>;
interface Part {
  text?: string;
  id?: string;
  [key: string]: unknown;
}

interface Fake {
  hooks: Hooks;
  directory: string;
  prompts: unknown[];
  messages: Json[];
}

/** Set to make the fake client's calls fail (opencode going away). */
const fail = { messages: false };
let counter = 0;
async function load(baton: string[], messages: Json[] = []): Promise<Fake> {
  const directory = testdir();
  const file = join(directory, `baton-${counter++}.mjs`);
  writeFileSync(file, opencodePluginSource(baton));
  const mod = await import(pathToFileURL(file).href);
  expect(Object.keys(mod)).toEqual(['BatonPlugin']);
  const prompts: unknown[] = [];
  const client = {
    session: {
      messages: async () => {
        if (fail.messages) throw new Error('opencode is gone');
        return { data: messages };
      },
      get: async (options: { path: { id: string } }) => ({
        data: { id: options.path.id, title: 'Fix the bug', directory, version: '1.18.33' },
      }),
      promptAsync: async (options: unknown) => {
        prompts.push(options);
        return { data: undefined };
      },
    },
    tui: { showToast: async () => ({ data: true }) },
  };
  const hooks = await mod.BatonPlugin({ client, directory, worktree: directory, project: {} });
  return { hooks, directory, prompts, messages };
}

const userMessage = (id: string) => ({
  message: { id, sessionID: 'ses_a', role: 'user' },
  parts: [] as Part[],
});

function exchange(reply: string) {
  return [
    {
      info: { role: 'user', agent: 'build', model: { providerID: 'p', modelID: 'm' } },
      parts: [{ type: 'text', text: 'hi' }],
    },
    { info: { role: 'assistant' }, parts: [{ type: 'tool' }, { type: 'text', text: reply }] },
  ];
}

let baton: FakeBaton;
let stdout: ReturnType<typeof vi.spyOn>;
/** Where the plugin keeps transcripts in these tests ($XDG_STATE_HOME/baton/opencode). */
let stateHome: string;
beforeEach(() => {
  baton = fakeBaton();
  stateHome = testdir();
  fail.messages = false;
  process.env.XDG_STATE_HOME = stateHome;
  // No polling while idle: each test drives the idles itself.
  process.env.BATON_POLL_MS = '0';
  stdout = vi.spyOn(process.stdout, 'write');
});
afterEach(() => {
  // The plugin never writes to opencode's stdout.
  expect(stdout).not.toHaveBeenCalled();
  stdout.mockRestore();
});

describe('opencode plugin source', () => {
  it('parses as JavaScript and runs the embedded command, a path full of quotes, escapes and unicode', async () => {
    const dir = testdir();
    writeFileSync(join(dir, 'baton.js'), opencodePluginSource(baton.command));
    const check = spawnSync(process.execPath, ['--check', join(dir, 'baton.js')], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);

    const { hooks, directory } = await load(baton.command);
    await hooks['chat.message']!({ sessionID: 'ses_a' }, userMessage('msg_1'));
    expect(baton.calls().map((call) => call.argv)).toEqual([
      ['hook', 'session-start', '--harness', 'opencode'],
      ['hook', 'user-prompt-submit', '--harness', 'opencode'],
    ]);
    // The transcript is named from the start, where the plugin will write it.
    expect(baton.hookInputs('session-start')).toEqual([
      {
        session_id: 'ses_a',
        cwd: directory,
        source: 'resume',
        transcript_path: join(stateHome, 'baton/opencode/ses_a.jsonl'),
      },
    ]);
  });

  it('session start context and new mail ride on the first user message as one synthetic part; later only new mail', async () => {
    const { hooks } = await load(baton.command);
    baton.answer('hook session-start', envelope({ additionalContext: '<baton-board>index</baton-board>' }));
    baton.answer('hook user-prompt-submit', envelope({ additionalContext: '<baton-mail>new</baton-mail>' }));
    await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 'ses_a' } } } });
    const first = userMessage('msg_1');
    first.parts.push({ type: 'text', text: 'fix the bug' });
    await hooks['chat.message']!({ sessionID: 'ses_a' }, first);

    expect(baton.hookInputs('session-start')[0]).toMatchObject({ session_id: 'ses_a', source: 'startup' });
    expect(baton.hookInputs('user-prompt-submit')[0]).toMatchObject({ prompt: 'fix the bug' });
    expect(first.parts).toHaveLength(2);
    expect(first.parts[1]).toMatchObject({
      type: 'text',
      synthetic: true,
      sessionID: 'ses_a',
      messageID: 'msg_1',
      text: '<baton-board>index</baton-board>\n\n<baton-mail>new</baton-mail>',
    });
    expect(first.parts[1]!.id).toMatch(/^prt_[0-9a-f]{12}[0-9A-Za-z]{14}$/);

    const second = userMessage('msg_2');
    await hooks['chat.message']!({ sessionID: 'ses_a' }, second);
    expect(second.parts.map((part) => part.text)).toEqual(['<baton-mail>new</baton-mail>']);
    // Started once.
    expect(baton.hookInputs('session-start')).toHaveLength(1);
  });

  it('a session nobody prompts takes no mail and is not recorded', async () => {
    const { hooks } = await load(baton.command);
    await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 'ses_a' } } } });
    await hooks.event!({ event: { type: 'session.deleted', properties: { info: { id: 'ses_a' } } } });
    await hooks.dispose!();
    expect(baton.calls()).toEqual([]);
  });

  it('at idle the stop hook gets the last reply; a block is pushed once, with the agent and model of the last user message', async () => {
    const { hooks, prompts } = await load(baton.command, exchange('all done'));
    baton.answer('hook stop', envelope({ decision: 'block', reason: '<baton-mail>m1</baton-mail>' }));
    const idle = { event: { type: 'session.idle', properties: { sessionID: 'ses_a' } } };
    await hooks.event!(idle);

    expect(baton.hookInputs('stop')).toEqual([
      expect.objectContaining({
        session_id: 'ses_a',
        last_assistant_message: 'all done',
        stop_hook_active: false,
      }),
    ]);
    expect(prompts).toEqual([
      {
        path: { id: 'ses_a' },
        query: { directory: expect.any(String) },
        body: {
          parts: [{ type: 'text', text: '<baton-mail>m1</baton-mail>' }],
          agent: 'build',
          model: { providerID: 'p', modelID: 'm' },
        },
      },
    ]);

    // The idle the push causes: asked with stop_hook_active; the same text is never pushed twice.
    await hooks.event!({
      event: { type: 'session.status', properties: { sessionID: 'ses_a', status: { type: 'busy' } } },
    });
    await hooks.event!(idle);
    expect(baton.hookInputs('stop')[1]).toMatchObject({ stop_hook_active: true });
    expect(prompts).toHaveLength(1);
  });

  it('an idle while an earlier stop is still running is answered with its own reply afterwards', async () => {
    const messages = exchange('reply A');
    const { hooks } = await load(baton.command, messages);
    baton.answer('hook stop', { held: true });
    const idle = { event: { type: 'session.idle', properties: { sessionID: 'ses_a' } } };
    const first = hooks.event!(idle);
    // The first idle's stop is running (its settle over, the hook not answering yet) when the next turn ends.
    await waitFor('the first stop hook', () => baton.hookInputs('stop').length === 1);
    messages.splice(0, messages.length, ...exchange('reply B'));
    await hooks.event!({
      event: { type: 'session.status', properties: { sessionID: 'ses_a', status: { type: 'busy' } } },
    });
    const second = hooks.event!(idle);
    baton.release();
    await Promise.all([first, second]);
    expect(baton.hookInputs('stop').map((input) => input.last_assistant_message)).toEqual([
      'reply A',
      'reply B',
    ]);
  });

  it('opencode exiting right after the idle (opencode run): nothing pushed, the reply committed with stop_hook_active, then session end', async () => {
    const { hooks, prompts } = await load(baton.command, exchange('```board-entry\n...\n```'));
    baton.answer('hook stop', envelope({ decision: 'block', reason: 'mail that would be lost' }));
    await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 'ses_a' } } } });
    const idle = hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_a' } } });
    await hooks.dispose!();
    await idle;

    expect(prompts).toEqual([]);
    expect(baton.hookInputs('stop')).toEqual([
      expect.objectContaining({ last_assistant_message: '```board-entry\n...\n```', stop_hook_active: true }),
    ]);
    const order = baton.calls().map((call) => call.argv[1]);
    expect(order).toEqual(['session-start', 'stop', 'session-end']);
  });

  it('write, edit and patch tools: a pre-edit warning reaches the tool output, each path is recorded, a deny refuses the call', async () => {
    const { hooks } = await load(baton.command);
    await hooks.event!({ event: { type: 'session.created', properties: { info: { id: 'ses_a' } } } });
    await hooks.event!({
      event: { type: 'session.created', properties: { info: { id: 'ses_child', parentID: 'ses_a' } } },
    });
    baton.answer(
      'hook pre-tool-use',
      envelope({ additionalContext: 'baton: bob edited src/a.ts 2 min ago' }),
    );
    const args = { filePath: 'src/a.ts', content: 'x' };
    await hooks['tool.execute.before']!({ tool: 'write', sessionID: 'ses_child', callID: 'c1' }, { args });
    const output = { title: '', output: 'Wrote file successfully.', metadata: {} };
    await hooks['tool.execute.after']!({ tool: 'write', sessionID: 'ses_child', callID: 'c1', args }, output);
    expect(output.output).toBe('Wrote file successfully.\n\nbaton: bob edited src/a.ts 2 min ago');
    // A sub-agent's edit is its root session's.
    expect(baton.hookInputs('post-tool-use')).toEqual([
      expect.objectContaining({
        session_id: 'ses_a',
        tool_name: 'write',
        tool_input: { filePath: 'src/a.ts' },
      }),
    ]);

    const patchText =
      '*** Begin Patch\n*** Update File: src/b.ts\n@@\n-a\n+b\n*** Add File: src/c.ts\n+c\n*** End Patch';
    await hooks['tool.execute.after']!(
      { tool: 'apply_patch', sessionID: 'ses_a', callID: 'c2', args: { patchText } },
      { title: '', output: 'ok', metadata: {} },
    );
    expect(baton.hookInputs('post-tool-use').map((input) => input.tool_input)).toEqual([
      { filePath: 'src/a.ts' },
      { filePath: 'src/b.ts' },
      { filePath: 'src/c.ts' },
    ]);

    const before = baton.calls().length;
    await hooks['tool.execute.after']!(
      { tool: 'read', sessionID: 'ses_a', callID: 'c3', args: { filePath: 'x' } },
      { title: '', output: 'ok', metadata: {} },
    );
    expect(baton.calls()).toHaveLength(before);

    baton.answer(
      'hook pre-tool-use',
      envelope({ decision: 'deny', reason: 'baton: src/a.ts is locked by bob' }),
    );
    await expect(
      hooks['tool.execute.before']!(
        { tool: 'edit', sessionID: 'ses_a', callID: 'c4' },
        { args: { filePath: 'src/a.ts' } },
      ),
    ).rejects.toThrow('baton: src/a.ts is locked by bob');
  });

  it('compaction writes a raw handoff first (pre-compact)', async () => {
    const { hooks } = await load(baton.command);
    await hooks['experimental.session.compacting']!({ sessionID: 'ses_a' }, { context: [] });
    expect(baton.hookInputs('pre-compact')).toEqual([expect.objectContaining({ session_id: 'ses_a' })]);
  });

  it('writes the session’s transcript at idle (what `opencode export` holds, as JSONL baton reads), names it at session end, keeps it when the session is gone', async () => {
    const long = 'x'.repeat(70_000);
    const messages: Json[] = exchange('all done');
    messages.push({
      info: { role: 'assistant', id: 'msg_3', sessionID: 'ses_a' },
      parts: [
        {
          type: 'tool',
          tool: 'bash',
          state: { status: 'completed', input: { command: 'ls' }, output: long },
        },
      ],
    });
    const { hooks, directory } = await load(baton.command, messages);
    await hooks['chat.message']!({ sessionID: 'ses_a' }, userMessage('msg_1'));
    await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_a' } } });
    const file = join(stateHome, 'baton/opencode/ses_a.jsonl');
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual([
      'opencode.session',
      'opencode.message',
      'opencode.message',
      'opencode.message',
    ]);
    expect(lines[0].info).toEqual({ id: 'ses_a', title: 'Fix the bug', directory, version: '1.18.33' });
    expect(lines[2].parts[1]).toEqual({ type: 'text', text: 'all done' });
    // Long texts are cut: a draft quotes their start.
    expect(lines[3].parts[0].state.output).toHaveLength(65_536);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(stateHome, 'baton/opencode')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(stateHome, 'baton/opencode'))).toEqual(['ses_a.jsonl']);
    // baton reads it as an opencode transcript.
    const digest = await readTranscript(file);
    expect(digest.harness).toBe('opencode');
    expect(digest.lastAssistant).toBe('all done');

    // The session deleted (opencode no longer has its messages): the session end names the transcript written
    // last, which stays as it was.
    const before = readFileSync(file, 'utf8');
    fail.messages = true;
    await hooks.event!({ event: { type: 'session.deleted', properties: { info: { id: 'ses_a' } } } });
    expect(baton.hookInputs('session-end')).toEqual([
      { session_id: 'ses_a', cwd: directory, reason: 'exit', transcript_path: file },
    ]);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('compaction writes the transcript first and names it; a session id that is no file name gets no transcript', async () => {
    const { hooks } = await load(baton.command, exchange('done'));
    await hooks['chat.message']!({ sessionID: 'ses_a' }, userMessage('msg_1'));
    await hooks['experimental.session.compacting']!({ sessionID: 'ses_a' }, { context: [] });
    const file = join(stateHome, 'baton/opencode/ses_a.jsonl');
    expect(baton.hookInputs('pre-compact')).toEqual([expect.objectContaining({ transcript_path: file })]);
    expect(readFileSync(file, 'utf8')).toContain('"type":"opencode.message"');

    await hooks['chat.message']!({ sessionID: '../../etc/x' }, userMessage('msg_2'));
    await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: '../../etc/x' } } });
    expect(baton.hookInputs('session-start')[1]).not.toHaveProperty('transcript_path');
    expect(readdirSync(join(stateHome, 'baton/opencode'))).toEqual(['ses_a.jsonl']);
  });

  it('gives the agent’s shell its session (the root session for a sub-agent)', async () => {
    const { hooks } = await load(baton.command);
    await hooks.event!({
      event: { type: 'session.created', properties: { info: { id: 'ses_child', parentID: 'ses_root' } } },
    });
    const env: Record<string, string> = {};
    await hooks['shell.env']!({ cwd: '/', sessionID: 'ses_child' }, { env });
    expect(env).toEqual({ BATON_SESSION: 'ses_root' });
  });

  it('a baton that fails, prints garbage or cannot start never breaks opencode', async () => {
    for (const command of [[join(testdir(), 'missing-node'), 'x'], baton.command]) {
      const { hooks, prompts } = await load(command, exchange('done'));
      baton.answer('hook session-start', { stdout: 'not json', code: 1 });
      baton.answer('hook user-prompt-submit', { stdout: '["an","array"]' });
      baton.answer('hook stop', { stderr: 'boom', code: 2 });
      const message = userMessage('msg_1');
      await hooks['chat.message']!({ sessionID: 'ses_a' }, message);
      expect(message.parts).toEqual([]);
      await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_a' } } });
      await hooks.event!({ event: { type: 'no.such.event' } });
      await hooks.event!({ event: { type: 'session.idle', properties: null } });
      const output = { title: '', output: 'ok', metadata: {} };
      await hooks['tool.execute.before']!({ tool: 'write', sessionID: 'ses_a', callID: 'c' }, { args: null });
      await hooks['tool.execute.after']!(
        { tool: 'write', sessionID: 'ses_a', callID: 'c', args: undefined },
        output,
      );
      expect(output.output).toBe('ok');
      await hooks.dispose!();
      expect(prompts).toEqual([]);
    }
  });
});
