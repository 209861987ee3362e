// `baton init --harness qwen`, spawned as a person runs it: hooks and mcpServers.baton in .qwen/settings.json (its
// tools declared up front), slash commands in .qwen/commands, the block in QWEN.md; a person's own settings kept, a
// second run changing nothing, --remove restoring them, --global under $QWEN_HOME, and `baton doctor` reading it back.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot } from '../../helpers/testdir.js';
import { BATON_JS, GATE, MCP_FRONT, NODE, wiringProject } from '../../wiring/harness-files.js';

function write(dir: string, rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');

describe('baton init --harness qwen', () => {
  it('writes Claude-format hooks (seconds), the MCP server with alwaysLoadTools, commands and the QWEN.md block', () => {
    const { dir, run } = wiringProject(['init']);
    expect(run(['--harness', 'qwen']).code).toBe(0);
    const settings = JSON.parse(read(dir, '.qwen/settings.json'));
    expect(Object.keys(settings.hooks)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'Stop',
      'SubagentStop',
      'PreCompact',
      'SessionEnd',
    ]);
    expect(settings.hooks.PreToolUse).toEqual([
      {
        matcher: 'write_file|edit',
        hooks: [
          {
            type: 'command',
            command: `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook pre-tool-use --harness qwen`,
            timeout: 10,
          },
        ],
      },
    ]);
    expect(settings.mcpServers.baton).toEqual({
      command: '/bin/sh',
      args: [MCP_FRONT, NODE, BATON_JS, 'mcp'],
      alwaysLoadTools: true,
    });
    expect(read(dir, '.qwen/commands/handoff.md')).toMatch(/^---\ndescription: ".+"\n---\n/);
    expect(read(dir, 'QWEN.md')).toContain('<!-- baton:begin -->');
    expect(existsSync(join(dir, 'AGENTS.md'))).toBe(false);
    // Found next time without --harness.
    expect(run([]).stdout).toContain('wired qwen (found here)');
  });

  it('keeps a person’s own settings, hooks and servers; a second run changes nothing; --remove restores the file', () => {
    const { dir, run } = wiringProject(['init']);
    const own = `${JSON.stringify(
      {
        model: { name: 'qwen3-coder-plus' },
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }] },
        mcpServers: { mine: { command: 'my-server' } },
      },
      null,
      2,
    )}\n`;
    write(dir, '.qwen/settings.json', own);
    write(dir, 'QWEN.md', '# Qwen notes\n');
    expect(run(['--harness', 'qwen']).code).toBe(0);
    const settings = JSON.parse(read(dir, '.qwen/settings.json'));
    expect(settings.model).toEqual({ name: 'qwen3-coder-plus' });
    expect(settings.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'notify-send done' }] });
    expect(settings.hooks.Stop).toHaveLength(2);
    expect(Object.keys(settings.mcpServers)).toEqual(['mine', 'baton']);
    const once = snapshot(dir);
    expect(run(['--harness', 'qwen']).code).toBe(0);
    expect(snapshot(dir)).toEqual(once);
    expect(run(['--remove', '--harness', 'qwen']).code).toBe(0);
    expect(read(dir, '.qwen/settings.json')).toBe(own);
    expect(read(dir, 'QWEN.md')).toBe('# Qwen notes\n');
    expect(existsSync(join(dir, '.qwen/commands'))).toBe(false);
  });

  it('a settings.json that is not JSON is refused by name, and nothing at all is written', () => {
    const { dir, run } = wiringProject(['init']);
    write(dir, '.qwen/settings.json', '{ "hooks": ');
    const before = snapshot(dir);
    const result = run(['--harness', 'qwen']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, '.qwen/settings.json')} is not valid JSON`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--global writes under $QWEN_HOME (settings.json, commands, QWEN.md), the skill in ~/.agents; never the project', () => {
    const { root, dir, home, env } = wiringProject([]);
    const qwenHome = join(root, 'qwen-home');
    const result = baton(['init', '--global', '--harness', 'qwen'], {
      cwd: dir,
      env: { ...env, QWEN_HOME: qwenHome },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(read(qwenHome, 'settings.json')).hooks.SessionEnd[0].hooks[0].command).toBe(
      `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook session-end --harness qwen`,
    );
    expect(existsSync(join(qwenHome, 'commands/board.md'))).toBe(true);
    expect(read(qwenHome, 'QWEN.md')).toContain('<!-- baton:begin -->');
    expect(existsSync(join(home, '.agents/skills/baton/SKILL.md'))).toBe(true);
    expect(Object.keys(snapshot(dir))).toEqual([]);
  });

  it('doctor: eight hooks that resolve and the MCP server; a removed entry is named', () => {
    const { dir, run } = wiringProject([]);
    expect(run(['init', '--harness', 'qwen']).code).toBe(0);
    const result = run(['doctor']);
    expect(result.stdout).toContain(
      `ok    qwen: ${dir}/.qwen/settings.json: 8 hooks, every hook command resolves`,
    );
    expect(result.stdout).toContain(`ok    qwen: ${dir}/.qwen/settings.json: MCP server "baton" resolves`);
    const path = join(dir, '.qwen/settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    delete settings.hooks.Stop;
    writeFileSync(path, JSON.stringify(settings));
    const broken = run(['doctor']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`FAIL  qwen: ${path}: no baton hook for Stop`);
  });
});
