// `baton doctor` on the harnesses baton wired: ok when every hook command resolves, FAIL (exit 1) on a stale path, a
// missing hook or MCP entry, or settings that no longer parse; trust reminders as info.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATON_JS, wiringProject } from '../wiring/harness-files.js';

const project = () => wiringProject([]);

function edit(path: string, change: (text: string) => string): void {
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

const lines = (stdout: string, status: string) =>
  stdout.split('\n').filter((line) => line.startsWith(status));

describe('baton doctor: the wired harnesses', () => {
  it('every harness wired and resolving: ok lines, trust reminders as info, exit 0', () => {
    const { dir, run } = project();
    expect(run(['init', '--harness', 'claude,codex,gemini,opencode,pi']).code).toBe(0);
    const result = run(['doctor']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(result.stdout, 'FAIL')).toEqual([]);
    const ok = lines(result.stdout, 'ok');
    expect(ok).toContain(`ok    claude: ${dir}/.claude/settings.json: 8 hooks, every hook command resolves`);
    expect(ok).toContain(`ok    claude: ${dir}/.mcp.json: MCP server "baton" resolves`);
    expect(ok).toContain(`ok    codex: ${dir}/.codex/hooks.json: 8 hooks, every hook command resolves`);
    expect(ok).toContain(`ok    codex: ${dir}/.codex/config.toml: MCP server "baton" resolves`);
    expect(ok).toContain(`ok    gemini: ${dir}/.gemini/settings.json: 7 hooks, every hook command resolves`);
    expect(ok).toContain(`ok    opencode: ${dir}/opencode.json: MCP server "baton" resolves`);
    expect(ok).toContain(`ok    opencode: ${dir}/.opencode/plugin/baton.js is in place`);
    expect(ok).toContain(`ok    pi: ${dir}/.pi/extensions/baton.ts is in place`);
    const info = lines(result.stdout, 'info').join('\n');
    expect(info).toContain(
      'info  claude: Claude Code: the project MCP server "baton" (.mcp.json) needs approval',
    );
    expect(info).toContain(
      'info  codex: Codex: project hooks and .codex/config.toml load only in a trusted project',
    );
    expect(info).toContain(
      'info  gemini: Gemini CLI: .gemini/settings.json (hooks, MCP server) loads only in a trusted folder',
    );
    const json = JSON.parse(run(['doctor', '--json']).stdout);
    expect(json.healthy).toBe(true);
  });

  it('a stale path to baton.js in hooks and MCP entries: FAIL naming each, exit 1; baton init repairs it', () => {
    const { dir, run } = project();
    expect(run(['init', '--harness', 'claude,codex']).code).toBe(0);
    for (const rel of ['.claude/settings.json', '.codex/config.toml'])
      edit(join(dir, rel), (text) => text.replaceAll(BATON_JS, '/old/place/bin/baton.js'));
    const result = run(['doctor']);
    expect(result.code).toBe(1);
    const fail = lines(result.stdout, 'FAIL');
    expect(fail).toContain(
      `FAIL  claude: ${dir}/.claude/settings.json: the SessionStart hook runs /old/place/bin/baton.js, which does not exist — run \`baton init --harness claude\` to repair it`,
    );
    expect(fail).toHaveLength(9);
    expect(fail).toContain(
      `FAIL  codex: ${dir}/.codex/config.toml: the MCP server "baton" runs /old/place/bin/baton.js, which does not exist — run \`baton init --harness codex\` to repair it`,
    );
    expect(JSON.parse(run(['doctor', '--json']).stdout).healthy).toBe(false);
    expect(run(['init']).code).toBe(0);
    const repaired = run(['doctor']);
    expect(lines(repaired.stdout, 'FAIL')).toEqual([]);
    expect(repaired.code).toBe(0);
  });

  it('a missing hook, a missing MCP entry, a stale plugin, settings that no longer parse: FAIL, exit 1', () => {
    const { dir, run } = project();
    expect(run(['init', '--harness', 'claude,gemini,opencode']).code).toBe(0);
    edit(join(dir, '.claude/settings.json'), (text) => {
      const settings = JSON.parse(text);
      delete settings.hooks.Stop;
      return JSON.stringify(settings);
    });
    writeFileSync(join(dir, '.mcp.json'), '{"mcpServers":{}}\n');
    edit(join(dir, '.opencode/plugin/baton.js'), (text) => text.replaceAll(BATON_JS, '/gone/bin/baton.js'));
    // Cut in half (a crashed editor): it still names baton, and no longer parses.
    edit(join(dir, '.gemini/settings.json'), (text) => text.slice(0, text.length / 2));
    const result = run(['doctor']);
    expect(result.code).toBe(1);
    const fail = lines(result.stdout, 'FAIL');
    expect(fail).toContain(
      `FAIL  claude: ${dir}/.claude/settings.json: no baton hook for Stop — run \`baton init --harness claude\``,
    );
    expect(fail).toContain(
      `FAIL  claude: ${dir}/.mcp.json: no MCP server "baton" — run \`baton init --harness claude\``,
    );
    expect(fail).toContain(
      `FAIL  opencode: ${dir}/.opencode/plugin/baton.js runs /gone/bin/baton.js, which does not exist — run \`baton init --harness opencode\` to repair it`,
    );
    expect(
      fail.some((line) => line.startsWith(`FAIL  gemini: ${dir}/.gemini/settings.json is not valid JSON (`)),
    ).toBe(true);
  });

  it('nothing wired: one info line, still healthy', () => {
    const { dir, run } = project();
    expect(run(['init']).code).toBe(0);
    const result = run(['doctor']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `info  harnesses (project): none wired in ${dir} — run \`baton init --harness <name>\`\n`,
    );
  });

  it('--global checks the user-level wiring', () => {
    const { home, run } = project();
    expect(run(['init', '--global', '--harness', 'claude,gemini']).code).toBe(0);
    const result = run(['doctor', '--global']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `ok    claude: ${home}/.claude/settings.json: 8 hooks, every hook command resolves\n`,
    );
    expect(result.stdout).toContain(`ok    claude: ${home}/.claude.json: MCP server "baton" resolves\n`);
    expect(result.stdout).toContain(
      `ok    gemini: ${home}/.gemini/settings.json: 7 hooks, every hook command resolves\n`,
    );
    edit(join(home, '.gemini/settings.json'), (text) => text.replaceAll(BATON_JS, '/old/baton.js'));
    expect(run(['doctor', '--global']).code).toBe(1);
    expect(run(['doctor']).stdout).not.toContain('gemini');
  });
});
