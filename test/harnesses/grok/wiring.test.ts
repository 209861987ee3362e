// `baton init --harness grok` and `baton doctor`: the hooks file and the MCP entry Grok Build's documentation
// describes (the facts and their sources: hooks.test.ts here) — the entry as `grok mcp add --scope project` writes it
// (grok is not installed here, so it is not run) —, a second run changing nothing, a person's own files kept, --remove
// and --global.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot } from '../../helpers/testdir.js';
import { generic, MCP_FRONT, wiredFiles, wiringProject } from '../../wiring/harness-files.js';

const handler = (event: string, timeout: number) => ({
  type: 'command',
  command: `'/bin/sh' '<GATE>' '<NODE>' '<BATON_JS>' hook ${event} --harness grok`,
  timeout,
});

/** .grok/hooks/baton.json as init writes it [G1][G2]. */
const HOOKS = {
  hooks: {
    SessionStart: [{ hooks: [handler('session-start', 10)] }],
    PreToolUse: [{ matcher: 'search_replace', hooks: [handler('pre-tool-use', 10)] }],
    PostToolUse: [{ matcher: 'search_replace', hooks: [handler('post-tool-use', 10)] }],
    Stop: [{ hooks: [handler('stop', 30)] }],
    PreCompact: [{ hooks: [handler('pre-compact', 10)] }],
    SessionEnd: [{ hooks: [handler('session-end', 10)] }],
  },
};

/** What `grok mcp add --scope project baton -- <node> <baton.js> mcp` puts in .grok/config.toml [G7]. */
const MCP =
  '[mcp_servers.baton]\ncommand = "/bin/sh"\nargs = ["<MCP_FRONT>", "<NODE>", "<BATON_JS>", "mcp"]\nenabled = true\n';

const grokEnv = (env: Record<string, string>) => ({ ...env, GROK_HOME: '' });

describe('baton init --harness grok', () => {
  it('writes .grok/hooks/baton.json, the MCP entry, the skill and the AGENTS.md block; a second run changes nothing', () => {
    const { dir, env } = wiringProject();
    const run = (args: string[]) => baton(['init', ...args], { cwd: dir, env: grokEnv(env) });
    const result = run(['--harness', 'grok']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'wired grok\n  create  .grok/hooks/baton.json (hooks)\n  create  .grok/config.toml (MCP server baton)\n',
    );
    expect(result.stdout).toContain(
      'Grok Build: .grok/hooks and .grok/config.toml load only in a trusted folder',
    );
    const files = wiredFiles(dir);
    expect(Object.keys(files).sort()).toEqual([
      '.agents/skills/baton/SKILL.md',
      '.grok/config.toml',
      '.grok/hooks/baton.json',
      'AGENTS.md',
    ]);
    expect(JSON.parse(files['.grok/hooks/baton.json']!)).toEqual(HOOKS);
    expect(files['.grok/config.toml']).toBe(MCP);
    const before = snapshot(dir);
    expect(run(['--harness', 'grok']).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  });

  it('keeps a person’s own hook files and config, and --remove restores them byte for byte', () => {
    const { dir, env } = wiringProject();
    const run = (args: string[]) => baton(['init', ...args], { cwd: dir, env: grokEnv(env) });
    mkdirSync(join(dir, '.grok', 'hooks'), { recursive: true });
    const mine =
      '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bin/guard.sh"}]}]}}\n';
    const config = '# mine\n[mcp_servers.linear]\nurl = "https://mcp.linear.app/mcp"\n';
    writeFileSync(join(dir, '.grok', 'hooks', 'guard.json'), mine);
    writeFileSync(join(dir, '.grok', 'config.toml'), config);
    expect(run(['--harness', 'grok']).code).toBe(0);
    expect(readFileSync(join(dir, '.grok', 'hooks', 'guard.json'), 'utf8')).toBe(mine);
    expect(generic(readFileSync(join(dir, '.grok', 'config.toml'), 'utf8'))).toBe(`${config}\n${MCP}`);
    expect(run(['--harness', 'grok', '--remove']).code).toBe(0);
    expect(readFileSync(join(dir, '.grok', 'config.toml'), 'utf8')).toBe(config);
    expect(existsSync(join(dir, '.grok', 'hooks', 'baton.json'))).toBe(false);
    expect(Object.keys(wiredFiles(dir)).sort()).toEqual(['.grok/config.toml', '.grok/hooks/guard.json']);
  });

  it('refuses a config.toml that is not TOML: nothing written', () => {
    const { dir, env } = wiringProject();
    mkdirSync(join(dir, '.grok'));
    writeFileSync(join(dir, '.grok', 'config.toml'), '[mcp_servers\n');
    const before = snapshot(dir);
    const result = baton(['init', '--harness', 'grok'], { cwd: dir, env: grokEnv(env) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, '.grok', 'config.toml')} is not valid TOML`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--global writes under $GROK_HOME (else ~/.grok): hooks, config.toml, the skill in its skills folder', () => {
    const { root, dir, home, env } = wiringProject();
    const before = snapshot(dir);
    expect(baton(['init', '--global', '--harness', 'grok'], { cwd: dir, env: grokEnv(env) }).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
    expect(Object.keys(wiredFiles(home)).sort()).toEqual([
      '.grok/config.toml',
      '.grok/hooks/baton.json',
      '.grok/skills/baton/SKILL.md',
    ]);
    const grokHome = join(root, 'grok-home');
    expect(
      baton(['init', '--global', '--harness', 'grok'], { cwd: dir, env: { ...env, GROK_HOME: grokHome } })
        .code,
    ).toBe(0);
    expect(Object.keys(wiredFiles(grokHome)).sort()).toEqual([
      'config.toml',
      'hooks/baton.json',
      'skills/baton/SKILL.md',
    ]);
  });
});

describe('baton doctor: grok', () => {
  it('ok with the hooks and the MCP entry; FAIL when the MCP entry is gone', () => {
    const { dir, env } = wiringProject();
    const run = (args: string[]) => baton(args, { cwd: dir, env: grokEnv(env) });
    expect(run(['init', '--harness', 'grok']).code).toBe(0);
    const ok = run(['doctor']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      `ok    grok: ${dir}/.grok/hooks/baton.json: 6 hooks, every hook command resolves\n`,
    );
    expect(ok.stdout).toContain(`ok    grok: ${dir}/.grok/config.toml: MCP server "baton" resolves\n`);
    writeFileSync(join(dir, '.grok', 'config.toml'), '');
    const failed = run(['doctor']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(
      `FAIL  grok: ${dir}/.grok/config.toml: no MCP server "baton" — run \`baton init --harness grok\`\n`,
    );
  });
});
