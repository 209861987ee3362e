// `baton init --harness copilot`, spawned as a person runs it: Copilot's own hooks file (.github/hooks/baton.json,
// `version: 1`, `bash` entries), the MCP server in .github/mcp.json, a person's own entries kept, a second run
// changing nothing, --remove putting every file back, refusals writing nothing, --global under $COPILOT_HOME, and
// `baton doctor` reading it back.
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
const EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'postToolUse',
  'agentStop',
  'sessionEnd',
];

describe('baton init --harness copilot', () => {
  it('writes version 1 hooks that run the absolute node and baton.js, and the MCP server as a local server', () => {
    const { dir, run } = wiringProject(['init']);
    const result = run(['--harness', 'copilot']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nwired copilot\n/);
    const hooks = JSON.parse(read(dir, '.github/hooks/baton.json'));
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual(EVENTS);
    expect(hooks.hooks.agentStop).toEqual([
      {
        type: 'command',
        bash: `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook stop --harness copilot`,
        timeoutSec: 30,
      },
    ]);
    expect(JSON.parse(read(dir, '.github/mcp.json')).mcpServers.baton).toEqual({
      type: 'local',
      command: '/bin/sh',
      args: [MCP_FRONT, NODE, BATON_JS, 'mcp'],
      tools: ['*'],
    });
    expect(read(dir, 'AGENTS.md')).toContain('<!-- baton:begin -->');
    expect(existsSync(join(dir, '.agents/skills/baton/SKILL.md'))).toBe(true);
    // Found next time without --harness: .github/hooks is Copilot's.
    expect(run([]).stdout).toContain('wired copilot (found here)');
  });

  it('keeps a person’s own hook entries and MCP servers, a second run changes nothing, --remove restores every file', () => {
    const { dir, run } = wiringProject(['init']);
    const ownHooks = `${JSON.stringify(
      {
        version: 1,
        hooks: { sessionEnd: [{ type: 'command', bash: './scripts/log-end.sh', timeoutSec: 5 }] },
      },
      null,
      2,
    )}\n`;
    const ownMcp =
      '{\n  "mcpServers": {\n    "mine": {\n      "type": "local",\n      "command": "my-server"\n    }\n  }\n}\n';
    write(dir, '.github/hooks/baton.json', ownHooks);
    write(
      dir,
      '.github/hooks/lint.json',
      '{"version":1,"hooks":{"postToolUse":[{"type":"command","bash":"npm run lint"}]}}\n',
    );
    write(dir, '.github/mcp.json', ownMcp);
    write(dir, 'AGENTS.md', '# Rules\n');
    const before = snapshot(dir);
    expect(run(['--harness', 'copilot']).code).toBe(0);
    const hooks = JSON.parse(read(dir, '.github/hooks/baton.json'));
    expect(hooks.hooks.sessionEnd).toEqual([
      { type: 'command', bash: './scripts/log-end.sh', timeoutSec: 5 },
      {
        type: 'command',
        bash: `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook session-end --harness copilot`,
        timeoutSec: 30,
      },
    ]);
    expect(Object.keys(JSON.parse(read(dir, '.github/mcp.json')).mcpServers)).toEqual(['mine', 'baton']);
    const once = snapshot(dir);
    const again = run(['--harness', 'copilot']);
    expect(again.code).toBe(0);
    expect(snapshot(dir)).toEqual(once);
    const removed = run(['--remove', '--harness', 'copilot']);
    expect(removed.code).toBe(0);
    const after = snapshot(dir);
    for (const rel of [
      '.github/hooks/baton.json',
      '.github/hooks/lint.json',
      '.github/mcp.json',
      'AGENTS.md',
    ])
      expect(after[rel]?.replace(/ @[\d.]+$/, ''), rel).toBe(before[rel]?.replace(/ @[\d.]+$/, ''));
    expect(Object.keys(after).filter((rel) => rel.startsWith('.agents'))).toEqual([]);
  });

  it('--remove deletes the hooks file baton made, and the .github folders it left empty', () => {
    const { dir, run } = wiringProject(['init']);
    expect(run(['--harness', 'copilot']).code).toBe(0);
    expect(run(['--remove', '--harness', 'copilot']).code).toBe(0);
    expect(existsSync(join(dir, '.github/hooks/baton.json'))).toBe(false);
    expect(existsSync(join(dir, '.github/mcp.json'))).toBe(false);
    expect(existsSync(join(dir, '.github'))).toBe(false);
  });

  it('a hooks file whose event is not a list is refused by name, and nothing at all is written', () => {
    const { dir, run } = wiringProject(['init']);
    write(dir, '.github/hooks/baton.json', '{"version":1,"hooks":{"preToolUse":{"bash":"x"}}}\n');
    const before = snapshot(dir);
    const result = run(['--harness', 'copilot']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${join(dir, '.github/hooks/baton.json')}: hooks.preToolUse is not a list — nothing was written`,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('--global writes under $COPILOT_HOME: hooks/baton.json, mcp-config.json, copilot-instructions.md; never the project', () => {
    const { root, dir, home, env } = wiringProject([]);
    const copilotHome = join(root, 'copilot-home');
    const result = baton(['init', '--global', '--harness', 'copilot'], {
      cwd: dir,
      env: { ...env, COPILOT_HOME: copilotHome },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(read(copilotHome, 'hooks/baton.json')).hooks.preToolUse[0].bash).toBe(
      `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook pre-tool-use --harness copilot`,
    );
    expect(JSON.parse(read(copilotHome, 'mcp-config.json')).mcpServers.baton.args).toEqual([
      MCP_FRONT,
      NODE,
      BATON_JS,
      'mcp',
    ]);
    expect(read(copilotHome, 'copilot-instructions.md')).toContain('<!-- baton:begin -->');
    expect(existsSync(join(home, '.agents/skills/baton/SKILL.md'))).toBe(true);
    expect(Object.keys(snapshot(dir))).toEqual([]);
  });

  it('doctor reads the hooks back: six hooks that resolve, the MCP server, the trust reminder', () => {
    const { dir, run } = wiringProject([]);
    expect(run(['init', '--harness', 'copilot']).code).toBe(0);
    const result = run(['doctor']);
    expect(result.stdout).toContain(
      `ok    copilot: ${dir}/.github/hooks/baton.json: 6 hooks, every hook command resolves`,
    );
    expect(result.stdout).toContain(`ok    copilot: ${dir}/.github/mcp.json: MCP server "baton" resolves`);
    expect(result.stdout).toContain(
      'info  copilot: GitHub Copilot CLI: .github/hooks and .github/mcp.json load only in a trusted folder',
    );
    // A hook lost from the file is named.
    const path = join(dir, '.github/hooks/baton.json');
    const hooks = JSON.parse(readFileSync(path, 'utf8'));
    delete hooks.hooks.agentStop;
    writeFileSync(path, JSON.stringify(hooks));
    const broken = run(['doctor']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`FAIL  copilot: ${path}: no baton hook for agentStop`);
  });
});
