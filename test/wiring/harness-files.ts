// Test helpers for harness wiring: the project's files (without the board), with this machine's node and baton.js
// paths written as <NODE>, <BATON_JS> and <GATE>, golden folders, and the harnesses' settings schemas.
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { BIN, baton, filesUnder, type RunResult, testdir } from '../helpers/testdir.js';

export const NODE = realpathSync(process.execPath);
export const BATON_JS = realpathSync(BIN);
/** The hook gate the build writes next to bin/ (hooks/gate/script.ts): every hook command runs it first. */
export const GATE = join(dirname(dirname(BATON_JS)), 'dist', 'hook-gate.sh');
/** The MCP front the build writes next to it (mcp/front/script.ts): every MCP entry runs it first. */
export const MCP_FRONT = join(dirname(dirname(BATON_JS)), 'dist', 'mcp-front.sh');

/**
 * A project folder and a HOME of its own (every harness's user-level folder under it), so nothing global is read or
 * written outside the test's folder. `run(args)` runs `baton <prefix…> <args…>` in the project.
 */
export function wiringProject(prefix: string[] = []) {
  const root = testdir();
  const dir = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(dir);
  mkdirSync(home);
  const env = {
    HOME: home,
    CODEX_HOME: '',
    XDG_CONFIG_HOME: '',
    CLAUDE_CONFIG_DIR: '',
    PI_CODING_AGENT_DIR: '',
  };
  const run = (args: string[]): RunResult => baton([...prefix, ...args], { cwd: dir, env });
  return { root, dir, home, env, run };
}

export function generic(text: string): string {
  return text
    .replaceAll(GATE, '<GATE>')
    .replaceAll(MCP_FRONT, '<MCP_FRONT>')
    .replaceAll(BATON_JS, '<BATON_JS>')
    .replaceAll(NODE, '<NODE>');
}

/** Every file under `dir` but the board, with its text made machine-independent. */
export function wiredFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of filesUnder(dir)) {
    if (rel.startsWith('.baton/')) continue;
    out[rel] = generic(readFileSync(join(dir, rel), 'utf8'));
  }
  return out;
}

const GOLDEN = resolve(import.meta.dirname, 'golden');

// Each golden file is stored as <path>.golden, so formatters and linters leave the exact bytes alone.
const SUFFIX = '.golden';

/** Compares `files` with test/wiring/golden/<name>/ (UPDATE_GOLDEN=1 rewrites the folder). */
export function expectGolden(name: string, files: Record<string, string>): void {
  const folder = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    rmSync(folder, { recursive: true, force: true });
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, rel)), { recursive: true });
      writeFileSync(join(folder, rel + SUFFIX), text);
    }
  }
  const expected: Record<string, string> = {};
  for (const rel of filesUnder(folder))
    expected[rel.slice(0, -SUFFIX.length)] = readFileSync(join(folder, rel), 'utf8');
  expect(files).toEqual(expected);
}

const SCHEMAS = resolve(import.meta.dirname, '../fixtures/harness-schemas');

function loadSchema(rel: string): object {
  return JSON.parse(readFileSync(join(SCHEMAS, rel), 'utf8'));
}

const draft7 = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const draft2020 = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

const validators = {
  claude: draft7.compile(loadSchema('claude/claude-code-settings.json')),
  codex: draft7.compile(loadSchema('codex/codex-hooks.json')),
  gemini: draft2020.compile(loadSchema('gemini/settings.schema.json')),
};

/** Asserts the JSON text validates against the harness's settings (Codex: hooks.json) schema. */
export function expectValidSettings(harness: keyof typeof validators, text: string): void {
  const validate = validators[harness];
  const ok = validate(JSON.parse(text));
  expect(validate.errors ?? [], `${harness} settings`).toEqual([]);
  expect(ok).toBe(true);
}
