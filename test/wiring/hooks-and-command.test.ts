// baton's hook entries among a person's own, and the command line they run.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batonCommand,
  hookCommandLine,
  hookCommandPaths,
  isBatonHookCommand,
  shQuote,
} from '../../src/wiring/baton-command.js';
import { type HookGroup, setBatonHooks } from '../../src/wiring/hook-entries.js';

const COMMAND = ["/opt/node it's/bin/node", '/x/agent-baton/bin/baton.js'];

describe('the baton command', () => {
  it('is the running node and this package’s bin/baton.js, absolute', () => {
    const [node, script] = batonCommand();
    expect(node).toBe(resolve(process.execPath));
    expect(script).toBe(resolve(import.meta.dirname, '../../bin/baton.js'));
    expect(existsSync(script!)).toBe(true);
  });

  it('is single-quoted for sh, and recognised (with its paths) whatever the install', () => {
    expect(shQuote("it's")).toBe(`'it'\\''s'`);
    const line = hookCommandLine('pre-tool-use', 'codex', COMMAND);
    expect(line).toBe(
      `'/opt/node it'\\''s/bin/node' '/x/agent-baton/bin/baton.js' hook pre-tool-use --harness codex`,
    );
    expect(isBatonHookCommand(line)).toBe(true);
    expect(hookCommandPaths(line)).toEqual(COMMAND);
    expect(isBatonHookCommand('baton hook stop --harness claude')).toBe(true);
    expect(isBatonHookCommand('node /old/baton.js hook stop')).toBe(true);
    for (const other of [
      'echo baton',
      'npx prettier --write',
      'baton poll',
      "'/n' '/x/baton.js' mcp",
      undefined,
      3,
    ])
      expect(isBatonHookCommand(other)).toBe(false);
    expect(hookCommandPaths('baton hook stop')).toEqual([]);
  });
});

describe('hook entries', () => {
  const group = (event: string, command: string, matcher?: string): HookGroup => ({
    event,
    matcher,
    hook: { type: 'command', command, timeout: 10 },
  });
  const mine = { type: 'command', command: 'npx prettier --write' };

  it('adds baton’s groups after the person’s, then replaces them in place (a re-run changes nothing)', () => {
    const settings: Record<string, unknown> = {
      model: 'x',
      hooks: { PostToolUse: [{ matcher: 'Write', hooks: [mine] }], Notification: [{ hooks: [mine] }] },
    };
    const line = hookCommandLine('post-tool-use', 'claude', COMMAND);
    setBatonHooks('s.json', settings, [
      group('PostToolUse', line, 'Write|Edit'),
      group('Stop', 'baton hook stop'),
    ]);
    expect(settings.hooks).toEqual({
      PostToolUse: [
        { matcher: 'Write', hooks: [mine] },
        { matcher: 'Write|Edit', hooks: [{ type: 'command', command: line, timeout: 10 }] },
      ],
      Notification: [{ hooks: [mine] }],
      Stop: [{ hooks: [{ type: 'command', command: 'baton hook stop', timeout: 10 }] }],
    });
    const once = JSON.stringify(settings);
    // The person adds a group after baton's: a re-run (here with a new path) keeps baton's where it was.
    (settings.hooks as { PostToolUse: unknown[] }).PostToolUse.push({ matcher: 'Bash', hooks: [mine] });
    const moved = hookCommandLine('post-tool-use', 'claude', ['/new/node', '/new/baton.js']);
    setBatonHooks('s.json', settings, [
      group('PostToolUse', moved, 'Write|Edit'),
      group('Stop', 'baton hook stop'),
    ]);
    const post = (settings.hooks as { PostToolUse: { matcher: string }[] }).PostToolUse;
    expect(post.map((entry) => entry.matcher)).toEqual(['Write', 'Write|Edit', 'Bash']);
    expect(JSON.stringify(post[1])).toContain('/new/baton.js');
    expect(once).not.toBe(JSON.stringify(settings));
  });

  it('takes only baton’s hooks out, also from a group it shares with the person’s', () => {
    const shared = {
      matcher: '*',
      hooks: [mine, { type: 'command', command: "'/n' '/b/baton.js' hook stop --harness claude" }],
    };
    const settings: Record<string, unknown> = {
      hooks: {
        Stop: [shared],
        SessionStart: [{ hooks: [{ type: 'command', command: 'baton hook session-start' }] }],
      },
    };
    setBatonHooks('s.json', settings, []);
    expect(settings).toEqual({ hooks: { Stop: [{ matcher: '*', hooks: [mine] }] } });
    const only: Record<string, unknown> = {
      hooks: { Stop: [{ hooks: [{ command: 'baton hook stop' }] }] },
      x: 1,
    };
    setBatonHooks('s.json', only, []);
    expect(only).toEqual({ x: 1 });
    const empty: Record<string, unknown> = { hooks: {} };
    setBatonHooks('s.json', empty, []);
    expect(empty).toEqual({ hooks: {} });
  });

  it('refuses a hooks value that is not an object, naming the file', () => {
    expect(() =>
      setBatonHooks('/p/settings.json', { hooks: [] }, [group('Stop', 'baton hook stop')]),
    ).toThrow(
      '/p/settings.json: "hooks" is not an object — nothing was written; fix the file and run baton init again',
    );
  });
});
