// `baton init` wiring the harnesses, spawned as a user runs it: what it writes (golden files, valid against each
// harness's schema), merging with a person's own settings, idempotence, repair, refusals, --global and --remove.
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { opencodePluginSource } from '../../src/harnesses/opencode/wiring-plugin.js';
import { piExtensionSource } from '../../src/harnesses/pi/wiring-extension.js';
import { HARNESS_NAMES } from '../../src/harnesses/registry.js';
import { ownedMarkLine } from '../../src/wiring/owned-file.js';
import { baton, snapshot } from '../helpers/testdir.js';
import {
  BATON_JS,
  expectGolden,
  expectValidSettings,
  GATE,
  generic,
  MCP_FRONT,
  NODE,
  wiredFiles,
  wiringProject,
} from '../wiring/harness-files.js';

// The plugin and the extension are written by their own modules (and tested there): here, that init writes exactly
// their text for this install, marked as baton's.
const SOURCES: Record<string, string> = {
  '.opencode/plugin/baton.js': `${ownedMarkLine('slash')}\n${generic(opencodePluginSource(['/bin/sh', GATE, NODE, BATON_JS]))}`,
  '.pi/extensions/baton.ts': `${ownedMarkLine('slash')}\n${generic(piExtensionSource(['/bin/sh', GATE, NODE, BATON_JS]))}`,
};

function withSourcesNamed(files: Record<string, string>): Record<string, string> {
  const out = { ...files };
  for (const [rel, text] of Object.entries(SOURCES))
    if (out[rel] === text) out[rel] = `<the text of ${rel}>\n`;
  return out;
}

function write(dir: string, rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

function read(dir: string, rel: string): string {
  return readFileSync(join(dir, rel), 'utf8');
}

const project = () => wiringProject(['init']);

function withoutBoard(tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).filter(([path]) => !path.startsWith('.baton')));
}

/**
 * The project's folders and files (not the board) as content: a JSON file as its parsed value (init rewrites
 * JSON with a 2-space indent, so "as before" means the same settings), any other file as its exact text.
 */
function contents(dir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rel, value] of Object.entries(withoutBoard(snapshot(dir)))) {
    if (rel.endsWith('/')) out[rel] = true;
    else {
      const text = value.replace(/ @[\d.]+$/, '');
      out[rel] = rel.endsWith('.json') ? JSON.parse(text) : text;
    }
  }
  return out;
}

describe('baton init --harness: what each harness gets', () => {
  for (const harness of ['claude', 'codex', 'gemini', 'opencode', 'pi', 'copilot', 'qwen']) {
    it(`${harness}: golden files`, () => {
      const { dir, run } = project();
      const result = run(['--harness', harness]);
      expect(result.stderr).toBe(`[board ${dir}/.baton]\n`);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^created board ${dir}/\\.baton\nwired ${harness}\n`));
      expectGolden(harness, withSourcesNamed(wiredFiles(dir)));
    });
  }

  it('settings validate against the harnesses’ schemas, and hooks run the absolute node and baton.js', () => {
    const { dir, run } = project();
    expect(run(['--harness', 'claude,codex,gemini']).code).toBe(0);
    expectValidSettings('claude', read(dir, '.claude/settings.json'));
    expectValidSettings('codex', read(dir, '.codex/hooks.json'));
    expectValidSettings('gemini', read(dir, '.gemini/settings.json'));
    const claude = JSON.parse(read(dir, '.claude/settings.json'));
    expect(claude.hooks.PreToolUse[0].hooks[0].command).toBe(
      `'/bin/sh' '${GATE}' '${NODE}' '${BATON_JS}' hook pre-tool-use --harness claude`,
    );
    expect(JSON.parse(read(dir, '.mcp.json')).mcpServers.baton).toEqual({
      type: 'stdio',
      command: '/bin/sh',
      args: [MCP_FRONT, NODE, BATON_JS, 'mcp'],
    });
    const skill = read(dir, '.claude/skills/baton/SKILL.md');
    expect(skill).toMatch(/^---\nname: baton\ndescription: .+\n---\n/);
    expect(skill.length).toBeLessThan(2500);
  });
});

describe('baton init: detection', () => {
  it('wires the harnesses whose folders or files are here, and says which', () => {
    const { dir, run } = project();
    write(dir, '.claude/settings.local.json', '{}\n');
    write(dir, 'GEMINI.md', '# Gemini notes\n');
    const result = run([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\nwired claude, gemini (found here)\n');
    const files = Object.keys(wiredFiles(dir));
    expect(files).toContain('.claude/settings.json');
    expect(files).toContain('.gemini/settings.json');
    expect(files.filter((file) => /codex|opencode|\.pi\//.test(file))).toEqual([]);
  });

  it('AGENTS.md alone names no harness: only the board is made, and it says how to name one', () => {
    const { dir, run } = project();
    write(dir, 'AGENTS.md', '# Agents\n');
    const result = run([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`created board ${dir}/.baton\n`);
    expect(result.stderr).toBe(
      `[board ${dir}/.baton]\nno harness found here (.claude, CLAUDE.md, .codex, .gemini, GEMINI.md, opencode.json, .opencode, .pi, .github/hooks, .qwen, QWEN.md, .agents/hooks.json, .agents/rules, .agents/workflows, .grok) — wire one with --harness ${HARNESS_NAMES.join(',')}\n`,
    );
    expect(Object.keys(wiredFiles(dir))).toEqual(['AGENTS.md']);
    expect(read(dir, 'AGENTS.md')).toBe('# Agents\n');
  });

  it('refuses an unknown or unsupported harness as a usage error, writing nothing', () => {
    const { dir, run } = project();
    const before = snapshot(dir);
    const cursor = run(['--harness', 'claude,cursor']);
    expect(cursor.code).toBe(2);
    expect(cursor.stderr).toBe(
      `baton: --harness cursor is not supported yet — supported: ${HARNESS_NAMES.join(', ')} — see \`baton init --help\`\n`,
    );
    const unknown = run(['--harness', 'vim']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `baton: unknown harness "vim" — supported: ${HARNESS_NAMES.join(', ')} — see \`baton init --help\`\n`,
    );
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('baton init: merging with a person’s own settings', () => {
  const ALL = ['--harness', 'claude,codex,gemini,opencode,pi'];
  const own = {
    '.claude/settings.json': `${JSON.stringify(
      {
        permissions: { allow: ['Bash(npm test)'] },
        hooks: {
          PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'npx prettier --write' }] }],
        },
      },
      null,
      2,
    )}\n`,
    '.mcp.json': '{\n  "mcpServers": {\n    "mine": { "command": "my-server" }\n  }\n}\n',
    '.claude/commands/board.md': '# my own /board command\n',
    '.codex/config.toml':
      '# my Codex config\nmodel = "o3"   # keep this comment\n\n[mcp_servers.mine]\ncommand = "my-server"\nargs = ["--x"]\n',
    '.codex/hooks.json': '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"notify-send done"}]}]}}\n',
    '.gemini/settings.json':
      '{\n  "ui": { "theme": "Dracula" },\n  "mcpServers": { "mine": { "command": "my-server" } }\n}\n',
    'opencode.json':
      '{\n  "share": "disabled",\n  "mcp": { "mine": { "type": "local", "command": ["my-server"] } }\n}\n',
    'AGENTS.md': '# Project rules\n\nRun the tests before committing.\n',
    'GEMINI.md': '# Gemini\n',
    '.pi/settings.json': '{}\n',
  };

  it('keeps every entry of the person’s own, and --remove leaves every file as it was', () => {
    const { dir, run } = project();
    for (const [rel, text] of Object.entries(own)) write(dir, rel, text);
    const before = contents(dir);
    const result = run(ALL);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `  kept    .claude/commands/board.md: a file of the same name that is not baton’s is there: left as it was (command /board)\n`,
    );
    const claude = JSON.parse(read(dir, '.claude/settings.json'));
    expect(claude.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(claude.hooks.PostToolUse[0]).toEqual(
      JSON.parse(own['.claude/settings.json']).hooks.PostToolUse[0],
    );
    expect(claude.hooks.PostToolUse).toHaveLength(2);
    expectValidSettings('claude', read(dir, '.claude/settings.json'));
    expect(JSON.parse(read(dir, '.mcp.json')).mcpServers.mine).toEqual({ command: 'my-server' });
    expect(read(dir, '.claude/commands/board.md')).toBe(own['.claude/commands/board.md']);
    expect(read(dir, '.codex/config.toml').startsWith(own['.codex/config.toml'])).toBe(true);
    const codexHooks = JSON.parse(read(dir, '.codex/hooks.json'));
    expect(codexHooks.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'notify-send done' }] });
    expectValidSettings('codex', read(dir, '.codex/hooks.json'));
    const gemini = JSON.parse(read(dir, '.gemini/settings.json'));
    expect(gemini.ui).toEqual({ theme: 'Dracula' });
    expect(Object.keys(gemini.mcpServers)).toEqual(['mine', 'baton']);
    expectValidSettings('gemini', read(dir, '.gemini/settings.json'));
    expect(Object.keys(JSON.parse(read(dir, 'opencode.json')).mcp)).toEqual(['mine', 'baton']);
    expect(read(dir, 'AGENTS.md').startsWith(`${own['AGENTS.md']}\n<!-- baton:begin -->\n`)).toBe(true);

    const removed = run(['--remove']);
    expect(removed.code).toBe(0);
    // The ones wired, not every harness that shares AGENTS.md or the skill.
    expect(removed.stdout.split('\n')[0]).toBe('unwired claude, codex, gemini, opencode, pi');
    expect(contents(dir)).toEqual(before);
    // Text files (TOML, Markdown) are byte-identical; so is a JSON file already in 2-space form.
    expect(read(dir, '.codex/config.toml')).toBe(own['.codex/config.toml']);
    expect(read(dir, 'AGENTS.md')).toBe(own['AGENTS.md']);
    expect(read(dir, '.claude/settings.json')).toBe(own['.claude/settings.json']);
    expect(run(['--remove']).stdout).toBe('nothing to remove: no baton wiring found\n');
  });

  it('a second run changes nothing and says so', () => {
    const { dir, run } = project();
    for (const [rel, text] of Object.entries(own)) write(dir, rel, text);
    expect(run(ALL).code).toBe(0);
    const once = snapshot(dir);
    const again = run(ALL);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('\n  nothing to change: already wired\n');
    expect(again.stdout).not.toMatch(/^ {2}(create|update|delete) /m);
    expect(snapshot(dir)).toEqual(once);
    expect(run([]).stdout).toContain('nothing to change: already wired');
  });

  it('re-running repairs baton’s stale entries (an old path to baton.js) and nothing else', () => {
    const { dir, run } = project();
    write(dir, '.codex/config.toml', own['.codex/config.toml']);
    expect(run(ALL).code).toBe(0);
    const fresh = wiredFiles(dir);
    for (const rel of Object.keys(fresh))
      writeFileSync(join(dir, rel), read(dir, rel).replaceAll(BATON_JS, '/old/place/bin/baton.js'));
    expect(JSON.stringify(wiredFiles(dir))).toContain('/old/place/bin/baton.js');
    const repaired = run(ALL);
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain('  update  .claude/settings.json (hooks)\n');
    expect(repaired.stdout).toContain('  update  .codex/config.toml (MCP server baton)\n');
    expect(wiredFiles(dir)).toEqual(fresh);
  });

  it('--remove of one harness keeps what another wired harness still uses (AGENTS.md block, the skill)', () => {
    const { dir, run } = project();
    expect(run(['--harness', 'codex,pi']).code).toBe(0);
    const result = run(['--remove', '--harness', 'codex']);
    expect(result.code).toBe(0);
    const files = Object.keys(wiredFiles(dir));
    expect(files).toEqual(['.agents/skills/baton/SKILL.md', '.pi/extensions/baton.ts', 'AGENTS.md']);
    expect(read(dir, 'AGENTS.md')).toContain('<!-- baton:begin -->');
    expect(run(['--remove', '--harness', 'pi']).code).toBe(0);
    expect(wiredFiles(dir)).toEqual({});
  });

  it('--remove names only the harnesses that were wired, not every one sharing AGENTS.md or the skill', () => {
    const { run } = project();
    expect(run(['--harness', 'claude']).code).toBe(0);
    expect(run(['--remove']).stdout.split('\n')[0]).toBe('unwired claude');
    expect(run(['--harness', 'codex,gemini']).code).toBe(0);
    expect(run(['--remove']).stdout.split('\n')[0]).toBe('unwired codex, gemini');
    expect(run(['--remove']).stdout).toBe('nothing to remove: no baton wiring found\n');
  });

  it('without `baton` on PATH, init and doctor say so (the commands, the skill and AGENTS.md call it); with it, neither', () => {
    const { dir, env } = project();
    const bin = join(dir, '..', 'bin');
    mkdirSync(bin);
    const path = `${bin}:/usr/bin:/bin`;
    const said =
      '`baton` is not on PATH: the hooks and the MCP server run ' +
      `${BATON_JS} directly, but the slash commands, the skill and AGENTS.md tell agents to run \`baton …\` — run \`npm link\` in ${join(BATON_JS, '..', '..')} (or install baton globally) so their shell finds it`;
    const init = baton(['init', '--harness', 'codex'], { cwd: dir, env: { ...env, PATH: path } });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(`\n  - ${said}\n`);
    const doctor = baton(['doctor'], { cwd: dir, env: { ...env, PATH: path } });
    expect(doctor.stdout).toContain(`info  baton command: ${said}\n`);
    expect(doctor.stdout).toMatch(/^ok {4}codex: .*hooks\.json: \d+ hooks, every hook command resolves$/m);
    writeFileSync(join(bin, 'baton'), '#!/bin/sh\n');
    chmodSync(join(bin, 'baton'), 0o755);
    const found = { cwd: dir, env: { ...env, PATH: path } };
    expect(baton(['init', '--harness', 'codex'], found).stdout).not.toContain('not on PATH');
    expect(baton(['doctor'], found).stdout).not.toContain('not on PATH');
  });

  it('--json lists every file changed and how', () => {
    const { dir, run } = project();
    const result = run(['--harness', 'gemini', '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.board).toBe(`${dir}/.baton`);
    expect(json.harnesses).toEqual(['gemini']);
    expect(json.detected).toBe(false);
    expect(
      json.changes.map((change: { path: string; action: string }) => [
        generic(change.path).slice(dir.length + 1),
        change.action,
      ]),
    ).toEqual([
      ['.gemini/settings.json', 'create'],
      ['.gemini/commands/handoff.toml', 'create'],
      ['.gemini/commands/board.toml', 'create'],
      ['.gemini/commands/card-write.toml', 'create'],
      ['.agents/skills/baton/SKILL.md', 'create'],
      ['GEMINI.md', 'create'],
    ]);
    expect(json.followUps[0]).toMatch(/^Gemini CLI: .*trust/);
  });
});

describe('baton init: refusals write nothing anywhere', () => {
  it('a settings file that is not valid JSON: exit 1, the file named, no board, no other file', () => {
    const { root, dir, run } = project();
    write(dir, '.claude/settings.json', '{ "hooks": ');
    write(dir, 'AGENTS.md', '# mine\n');
    const before = snapshot(root);
    const result = run(['--harness', 'claude,gemini,pi']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^baton: ${dir}/\\.claude/settings\\.json is not valid JSON \\([^\\n]+\\) — nothing was written; fix the file \\(or move it away\\) and run baton init again\n$`,
      ),
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('a config.toml that is not valid TOML, and a second bad file: both named, nothing written', () => {
    const { root, dir, run } = project();
    write(dir, '.codex/config.toml', '[mcp_servers.mine\ncommand = "x"\n');
    write(dir, 'opencode.json', '[1, 2]\n');
    const before = snapshot(root);
    const result = run([]);
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^baton: ${dir}/\\.codex/config\\.toml is not valid TOML \\(.+\\) — nothing was written; fix the file \\(or move it away\\) and run baton init again$`,
      ),
    );
    expect(lines[1]).toBe(
      `${dir}/opencode.json does not hold a JSON object — nothing was written; fix the file (or move it away) and run baton init again`,
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('a folder where a file goes, a file where a folder goes, a file that is not UTF-8: each named, nothing written', () => {
    const { root, dir, run } = project();
    mkdirSync(join(dir, '.mcp.json'));
    write(dir, '.gemini', 'not a folder\n');
    write(dir, 'AGENTS.md', '# caf\xe9\n');
    writeFileSync(join(dir, 'AGENTS.md'), Buffer.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const before = snapshot(root);
    const result = run(['--harness', 'claude,gemini']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      `baton: ${dir}/.mcp.json is a folder, not a file — nothing was written; fix that and run baton init again`,
      `${dir}/AGENTS.md is not valid UTF-8 — nothing was written; fix that and run baton init again`,
      `${dir}/.gemini is a file where baton needs a folder — nothing was written; fix that and run baton init again`,
      '',
    ]);
    expect(snapshot(root)).toEqual(before);
  });

  it('a FIFO where a settings file goes is refused without being opened (init never hangs), nothing written', () => {
    const { root, dir, run } = project();
    mkdirSync(join(dir, '.claude'));
    expect(spawnSync('mkfifo', [join(dir, '.claude', 'settings.json')]).status).toBe(0);
    const before = snapshot(root);
    const result = run(['--harness', 'claude']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `baton: ${dir}/.claude/settings.json is not a regular file — nothing was written; fix that and run baton init again\n`,
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('--remove refuses the same way', () => {
    const { root, dir, run } = project();
    expect(run(['--harness', 'claude']).code).toBe(0);
    write(dir, '.mcp.json', '{ not json');
    const before = snapshot(root);
    const result = run(['--remove']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^baton: ${dir}/\\.mcp\\.json is not valid JSON`));
    expect(snapshot(root)).toEqual(before);
  });
});

describe('baton init --global', () => {
  it('writes only under HOME (and CODEX_HOME), never in the project', () => {
    const { root, dir, home, env } = project();
    const codexHome = join(root, 'codex-home');
    mkdirSync(join(home, '.claude'));
    const before = snapshot(dir);
    const result = baton(['init', '--global', '--harness', 'claude,codex,gemini,opencode,pi'], {
      cwd: dir,
      env: { ...env, CODEX_HOME: codexHome },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^created board ${home}/\\.baton\n`));
    expect(snapshot(dir)).toEqual(before);
    expect(Object.keys(wiredFiles(home)).sort()).toEqual([
      '.agents/skills/baton/SKILL.md',
      '.claude.json',
      '.claude/CLAUDE.md',
      '.claude/commands/board.md',
      '.claude/commands/card-write.md',
      '.claude/commands/handoff.md',
      '.claude/settings.json',
      '.claude/skills/baton/SKILL.md',
      '.config/opencode/AGENTS.md',
      '.config/opencode/command/board.md',
      '.config/opencode/command/card-write.md',
      '.config/opencode/command/handoff.md',
      '.config/opencode/opencode.json',
      '.config/opencode/plugin/baton.js',
      '.gemini/GEMINI.md',
      '.gemini/commands/board.toml',
      '.gemini/commands/card-write.toml',
      '.gemini/commands/handoff.toml',
      '.gemini/settings.json',
      '.pi/agent/AGENTS.md',
      '.pi/agent/extensions/baton.ts',
    ]);
    expect(Object.keys(wiredFiles(codexHome)).sort()).toEqual([
      'AGENTS.md',
      'config.toml',
      'hooks.json',
      'prompts/board.md',
      'prompts/card-write.md',
      'prompts/handoff.md',
    ]);
    expectValidSettings('codex', read(codexHome, 'hooks.json'));
    expect(result.stdout).toContain('Codex: hooks run only after you review them');
    const removed = baton(['init', '--global', '--remove'], {
      cwd: dir,
      env: { ...env, CODEX_HOME: codexHome },
    });
    expect(removed.code).toBe(0);
    expect(wiredFiles(home)).toEqual({});
    expect(wiredFiles(codexHome)).toEqual({});
  });

  it('a settings file that is a link (dotfiles) is written through to its target and stays a link', () => {
    const { root, home, env, dir } = project();
    const dotfiles = join(root, 'dotfiles');
    write(dotfiles, 'claude-settings.json', '{\n  "model": "opus"\n}\n');
    mkdirSync(join(home, '.claude'));
    symlinkSync(join(dotfiles, 'claude-settings.json'), join(home, '.claude/settings.json'));
    const result = baton(['init', '--global', '--harness', 'claude'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(lstatSync(join(home, '.claude/settings.json')).isSymbolicLink()).toBe(true);
    const settings = JSON.parse(read(dotfiles, 'claude-settings.json'));
    expect(settings.model).toBe('opus');
    expect(Object.keys(settings.hooks)).toHaveLength(8);
    expect(baton(['init', '--global', '--remove'], { cwd: dir, env }).code).toBe(0);
    expect(read(dotfiles, 'claude-settings.json')).toBe('{\n  "model": "opus"\n}\n');
    expect(lstatSync(join(home, '.claude/settings.json')).isSymbolicLink()).toBe(true);
  });
});
