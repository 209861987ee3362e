// The hot bundles' code caches (dist/hot/<name>.cjs.cache, read by bin/load-hot.cjs): each hot command runs here,
// at build, on a throwaway board in a throwaway home, the way a session runs them (a session starts, mail waits at
// a prompt and at a stop, a file is edited, the context is compacted, `send`, `inbox`, `poll`, `board`, `index`,
// `baton mcp` answering a client), with BATON_CODE_CACHE_TRAIN=1: each run starts from the cache so far and writes
// it back with what it compiled. A run that fails leaves that bundle compiled as usual at run time, and is reported.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'baton.js');
const SESSION = '0c0de0ca-c4e0-4a11-8b22-0123456789ab';
const AGENT = 'claude-0c0de0';

/** Trains the caches; returns what went wrong (empty when every run did as expected). */
export function trainCodeCache() {
  const home = mkdtempSync(join(tmpdir(), 'baton-code-cache-'));
  const problems = [];
  try {
    const project = join(home, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    const transcript = join(project, 'session.jsonl');
    writeFileSync(
      transcript,
      `${[
        { type: 'user', message: { role: 'user', content: 'Fix the flaky login test' }, sessionId: SESSION },
        {
          type: 'assistant',
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: 'Frozen time per test; green 20/20.' }],
          },
          sessionId: SESSION,
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );
    const env = { PATH: process.env.PATH, HOME: home, BATON_CODE_CACHE_TRAIN: '1' };
    const run = (args, input = '', expect = 0) => {
      const result = spawnSync(process.execPath, [BIN, ...args], {
        cwd: project,
        env,
        input,
        encoding: 'utf8',
        timeout: 30_000,
      });
      if (result.status !== expect)
        problems.push(
          `baton ${args.join(' ')}: exit ${result.status ?? result.signal}: ${result.stderr.slice(0, 300)}`,
        );
    };
    const hook = (event, name, extra = {}) =>
      run(
        ['hook', event, '--harness', 'claude'],
        JSON.stringify({
          session_id: SESSION,
          transcript_path: transcript,
          cwd: project,
          permission_mode: 'default',
          hook_event_name: name,
          ...extra,
        }),
      );
    const edit = {
      tool_name: 'Edit',
      tool_input: { file_path: join(project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' },
    };

    run(['send', '--as', 'bob', '--to', AGENT, '--body', 'the login test is flaky again']);
    hook('session-start', 'SessionStart', { source: 'startup' });
    hook('user-prompt-submit', 'UserPromptSubmit', { prompt: 'go on' });
    hook('pre-tool-use', 'PreToolUse', edit);
    hook('post-tool-use', 'PostToolUse', { ...edit, tool_response: { success: true } });
    run(['send', '--as', 'bob', '--to', AGENT, '--body', 'and the e2e suite too']);
    hook('stop', 'Stop', { stop_hook_active: false });
    hook('pre-compact', 'PreCompact', { trigger: 'auto', custom_instructions: '' });
    run(['inbox', '--as', 'bob']);
    run(['poll', '--as', 'bob']);
    run(['board']);
    run(['index', '--as', AGENT]);
    const mcp = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'build', version: '0' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'board', arguments: {} } },
    ];
    run(['mcp', '--as', 'bob'], `${mcp.map((line) => JSON.stringify(line)).join('\n')}\n`);
    run(['--url', 'http://127.0.0.1:9', 'inbox', '--as', 'bob'], '', 1);
    for (const name of ['hook', 'hook-work', 'send', 'inbox', 'poll', 'board', 'index', 'mcp', 'remote']) {
      if (!existsSync(join(ROOT, 'dist', 'hot', `${name}.cjs.cache`)))
        problems.push(`no code cache for ${name}.cjs`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return problems;
}
