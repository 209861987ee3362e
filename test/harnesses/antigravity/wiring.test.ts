// `baton init --harness antigravity` and `baton doctor`: the exact hooks.json Antigravity's documentation describes
// (the facts and their sources: hooks.test.ts here), a second run changing nothing, a person's own hooks kept, a
// refusal that writes nothing, --remove, and --global.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot } from '../../helpers/testdir.js';
import { generic, wiredFiles, wiringProject } from '../../wiring/harness-files.js';

const command = (event: string) =>
  `'/bin/sh' '<GATE>' '<NODE>' '<BATON_JS>' hook ${event} --harness antigravity`;
const TOOLS = '^(write_to_file|replace_file_content|multi_replace_file_content)$';

/** baton's named hook as init writes it [A1][A2]. */
const BATON_HOOK = {
  PreInvocation: [{ type: 'command', command: `${command('session-start')} --idle-after 30m`, timeout: 10 }],
  PreToolUse: [
    { matcher: TOOLS, hooks: [{ type: 'command', command: command('pre-tool-use'), timeout: 10 }] },
  ],
  PostToolUse: [
    { matcher: TOOLS, hooks: [{ type: 'command', command: command('post-tool-use'), timeout: 10 }] },
  ],
  Stop: [{ type: 'command', command: command('stop'), timeout: 30 }],
};

const LINT = {
  PostToolUse: [{ matcher: 'run_command', hooks: [{ command: './scripts/lint.sh', timeout: 10 }] }],
};

function hooksJson(dir: string): unknown {
  return JSON.parse(generic(readFileSync(join(dir, '.agents', 'hooks.json'), 'utf8')));
}

describe('baton init --harness antigravity', () => {
  it('writes baton’s named hook in .agents/hooks.json and the skill, no MCP file; a second run changes nothing', () => {
    const { dir, run } = wiringProject(['init']);
    const result = run(['--harness', 'antigravity']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'wired antigravity\n  create  .agents/hooks.json (hooks)\n  create  .agents/skills/baton/SKILL.md (skill baton)\n',
    );
    expect(result.stdout).toContain(
      'Antigravity: its MCP servers are set in the app, not in the project — open Manage MCP Servers → View raw config and add to "mcpServers": {"baton":{"command":',
    );
    expect(Object.keys(wiredFiles(dir)).sort()).toEqual([
      '.agents/hooks.json',
      '.agents/skills/baton/SKILL.md',
    ]);
    expect(hooksJson(dir)).toEqual({ baton: BATON_HOOK });
    const before = snapshot(dir);
    expect(run(['--harness', 'antigravity']).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  });

  it('keeps a person’s own named hooks, and --remove takes out only baton’s', () => {
    const { dir, run } = wiringProject(['init']);
    mkdirSync(join(dir, '.agents'));
    const own = `${JSON.stringify({ 'my-linter-hook': LINT }, null, 2)}\n`;
    writeFileSync(join(dir, '.agents', 'hooks.json'), own);
    expect(run(['--harness', 'antigravity']).code).toBe(0);
    expect(hooksJson(dir)).toEqual({ 'my-linter-hook': LINT, baton: BATON_HOOK });
    const removed = run(['--harness', 'antigravity', '--remove']);
    expect(removed.code).toBe(0);
    expect(readFileSync(join(dir, '.agents', 'hooks.json'), 'utf8')).toBe(own);
    expect(existsSync(join(dir, '.agents', 'skills', 'baton'))).toBe(false);
  });

  it('--remove of baton’s file alone deletes it', () => {
    const { dir, run } = wiringProject(['init']);
    expect(run(['--harness', 'antigravity']).code).toBe(0);
    expect(run(['--harness', 'antigravity', '--remove']).code).toBe(0);
    expect(Object.keys(wiredFiles(dir))).toEqual([]);
  });

  it('refuses a hook named "baton" that is not baton’s, and hooks.json that is not JSON: nothing written', () => {
    const { dir, run } = wiringProject(['init']);
    mkdirSync(join(dir, '.agents'));
    const path = join(dir, '.agents', 'hooks.json');
    writeFileSync(path, `${JSON.stringify({ baton: LINT })}\n`);
    const before = snapshot(dir);
    const taken = run(['--harness', 'antigravity']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(
      `${path}: a hook named "baton" is there and is not baton's — nothing was written; rename it and run baton init again`,
    );
    expect(snapshot(dir)).toEqual(before);
    writeFileSync(path, '{ "lint": {}, }\n');
    const broken = run(['--harness', 'antigravity']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`${path} is not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe('{ "lint": {}, }\n');
    expect(existsSync(join(dir, '.agents', 'skills'))).toBe(false);
  });

  it('--global writes ~/.gemini/config/hooks.json only', () => {
    const { dir, home, env } = wiringProject();
    const before = snapshot(dir);
    const result = baton(['init', '--global', '--harness', 'antigravity'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
    expect(Object.keys(wiredFiles(home)).sort()).toEqual(['.gemini/config/hooks.json']);
    expect(JSON.parse(generic(readFileSync(join(home, '.gemini/config/hooks.json'), 'utf8')))).toEqual({
      baton: BATON_HOOK,
    });
    expect(baton(['init', '--global', '--harness', 'antigravity', '--remove'], { cwd: dir, env }).code).toBe(
      0,
    );
    expect(Object.keys(wiredFiles(home))).toEqual([]);
  });
});

describe('baton init: finding Antigravity and Grok Build', () => {
  it('a workspace with .agents/rules and a .grok folder wires both; .agents/skills alone (other harnesses write it) does not', () => {
    const { dir, run } = wiringProject(['init']);
    mkdirSync(join(dir, '.agents', 'skills'), { recursive: true });
    expect(run([]).stdout).not.toContain('antigravity');
    mkdirSync(join(dir, '.agents', 'rules'));
    mkdirSync(join(dir, '.grok'));
    const found = run([]);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('\nwired antigravity, grok (found here)\n');
  });
});

describe('baton doctor: antigravity', () => {
  it('ok with every hook in place; FAIL naming a missing event when one is taken out', () => {
    const { dir, run } = wiringProject([]);
    expect(run(['init', '--harness', 'antigravity']).code).toBe(0);
    const ok = run(['doctor']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      `ok    antigravity: ${dir}/.agents/hooks.json: 4 hooks, every hook command resolves\n`,
    );
    const path = join(dir, '.agents', 'hooks.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    delete settings.baton.Stop;
    writeFileSync(path, JSON.stringify(settings));
    const failed = run(['doctor']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(
      `FAIL  antigravity: ${path}: no baton hook for Stop — run \`baton init --harness antigravity\`\n`,
    );
  });
});
