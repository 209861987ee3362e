// A stable agent name per harness in every wired project (issue 23): `baton init` gives each harness it wires one
// (`claude@shop`, or `--as`), keeps it in .baton/config.json, prints it; `baton agents` lists it before any session and
// with its sessions' aliases after. Every bad --as is refused with its exact error and nothing written.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot, testdir } from '../helpers/testdir.js';

/** `<tmp>/shop`, a git checkout with no board yet; `run` is baton in it with an empty HOME. */
function shop(name = 'shop') {
  const dir = testdir();
  const root = join(dir, name);
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const home = join(dir, 'home');
  mkdirSync(home);
  const run = (args: string[], env: Record<string, string> = {}) =>
    baton(args, { cwd: root, env: { HOME: home, ...env } });
  const config = () => JSON.parse(readFileSync(join(root, '.baton', 'config.json'), 'utf8'));
  return { dir, root, run, config };
}

describe('init: a stable agent name per wired harness', () => {
  it('gives each harness <harness>@<project folder>, keeps it in config.json and prints it', () => {
    const { run, config, root } = shop('My Shop');
    const init = run(['init', '--harness', 'claude,codex']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(
      'agents (mail sent to one waits for the next session of its harness here):\n  claude  claude@my-shop\n  codex   codex@my-shop\n',
    );
    expect(config()).toEqual({ agents: { claude: 'claude@my-shop', codex: 'codex@my-shop' } });
    const json = JSON.parse(run(['init', '--harness', 'claude', '--json']).stdout);
    expect(json.agents).toEqual({ claude: 'claude@my-shop' });
    // Idempotent: a second run leaves config.json as it was (not even rewritten).
    const before = snapshot(join(root, '.baton'));
    expect(run(['init', '--harness', 'claude,codex']).code).toBe(0);
    expect(snapshot(join(root, '.baton'))).toEqual(before);
  });

  it('--as sets it (case-folded), replaces an earlier one, and keeps the rest of config.json', () => {
    const { run, config, root } = shop();
    mkdirSync(join(root, '.baton'));
    writeFileSync(join(root, '.baton', 'config.json'), '{"index": {"maxNotes": 5}}\n');
    expect(run(['init', '--harness', 'claude']).code).toBe(0);
    const init = run(['init', '--harness', 'claude', '--as', 'Reviewer@Shop']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('\n  claude  reviewer@shop\n');
    expect(config()).toEqual({ index: { maxNotes: 5 }, agents: { claude: 'reviewer@shop' } });
  });

  it('a global board gets a name only with --as (it holds many projects)', () => {
    const { run, dir } = shop();
    const home = join(dir, 'home');
    expect(run(['init', '--global', '--harness', 'claude']).stdout).not.toContain('agents (');
    expect(existsSync(join(home, '.baton', 'config.json'))).toBe(false);
    expect(run(['init', '--global', '--harness', 'claude', '--as', 'me@laptop']).code).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.baton', 'config.json'), 'utf8'))).toEqual({
      agents: { claude: 'me@laptop' },
    });
  });

  describe('a bad --as: its exact error, exit code, and nothing written', () => {
    const cases: [string, string[], number, string][] = [
      [
        'a path',
        ['--harness', 'claude', '--as', 'a/b'],
        1,
        'baton: invalid agent name "a/b": must not contain path separators\n',
      ],
      [
        'two "@"',
        ['--harness', 'claude', '--as', 'a@b@c'],
        1,
        'baton: invalid agent name "a@b@c": may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")\n',
      ],
      [
        'a credential',
        ['--harness', 'claude', '--as', 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB'],
        1,
        'baton: invalid agent name: it looks like a credential (github-token) — pick another name\n',
      ],
      [
        'two harnesses',
        ['--harness', 'claude,codex', '--as', 'bot'],
        2,
        'baton: --as names the agent of one harness — pass one --harness with it (baton init --harness claude --as claude@shop)\n',
      ],
      [
        'no --harness',
        ['--as', 'bot'],
        2,
        'baton: --as names the agent of one harness — pass one --harness with it (baton init --harness claude --as claude@shop)\n',
      ],
      [
        'with --remove',
        ['--harness', 'claude', '--as', 'bot', '--remove'],
        2,
        'baton: --as does not go with --remove — see `baton init --help`\n',
      ],
    ];
    for (const [name, args, code, stderr] of cases) {
      it(name, () => {
        const { run, root } = shop();
        const before = snapshot(root);
        const result = run(['init', ...args]);
        expect({
          code: result.code,
          stdout: result.stdout,
          stderr: result.stderr.replace(/\nusage:[\s\S]*/, '\n'),
        }).toEqual({
          code,
          stdout: '',
          stderr,
        });
        expect(snapshot(root)).toEqual(before);
      });
    }

    it('a name another harness already has here', () => {
      const { run, root } = shop();
      expect(run(['init', '--harness', 'claude']).code).toBe(0);
      const before = snapshot(root);
      const result = run(['init', '--harness', 'codex', '--as', 'claude@shop']);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `baton: claude@shop is already the agent of claude sessions here (${join(root, '.baton', 'config.json')} agents.claude) — pick another name; nothing was written\n`,
      });
      expect(snapshot(root)).toEqual(before);
    });

    it('a config.json that is not JSON (the person’s settings are never dropped)', () => {
      const { run, root } = shop();
      mkdirSync(join(root, '.baton'));
      writeFileSync(join(root, '.baton', 'config.json'), '{"index": ');
      const before = snapshot(root);
      const result = run(['init', '--harness', 'claude']);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `baton: ${join(root, '.baton', 'config.json')} is not valid JSON — fix or remove it; nothing was written\n`,
      });
      expect(snapshot(root)).toEqual(before);
    });
  });
});

describe('agents: the stable names, before and after their first session', () => {
  it('lists claude@shop before any session (with its waiting mail), then with its sessions’ aliases', () => {
    const { run, root } = shop();
    expect(run(['init', '--harness', 'claude']).code).toBe(0);
    expect(
      run(['send', '--to', 'claude@shop', '--as', 'alice', '--body', 'start with the login flake']).code,
    ).toBe(0);
    const before = run(['agents']).stdout;
    expect(before).toMatch(/^claude@shop +1 unread +not registered +claude sessions here$/m);
    const session = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';
    const start = JSON.stringify({
      session_id: session,
      cwd: root,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    expect(baton(['hook', 'session-start', '--harness', 'claude'], { cwd: root, input: start }).code).toBe(0);
    expect(run(['agents']).stdout).toMatch(
      /^claude@shop +0 unread +last seen \S+ \S+ +claude sessions here · aliases claude-3f2a9c$/m,
    );
    const json = JSON.parse(run(['agents', '--json']).stdout);
    expect(json.agents.find((a: { name: string }) => a.name === 'claude@shop')).toMatchObject({
      registered: true,
      harnesses: ['claude'],
      aliases: ['claude-3f2a9c'],
      sessions: [session],
    });
  });
});
