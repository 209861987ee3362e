// Mail to a session that has not started (issue 23): `baton init --harness X` names X's sessions in the project
// `X@shop`, so mail sent to that name before any session exists is pushed into the first one that starts — for each
// harness, its hook fed what that harness sends (Codex's SessionStart checked against Codex's own input schema). Mail
// to a session's own name (its alias, `codex-ddb799`) reaches that session only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { derivedAgent } from '../../src/core/agents/alias.js';
import { baton, testdir } from '../helpers/testdir.js';

const CODEX_INPUT = resolve(
  import.meta.dirname,
  '../fixtures/harness-schemas/codex/session-start.command.input.schema.json',
);

interface Harness {
  name: string;
  /** Two session ids in the harness's own shape. */
  ids: [string, string];
  /** What the harness writes on stdin at session start and at a prompt. */
  start(id: string, cwd: string): Record<string, unknown>;
  prompt(id: string, cwd: string): Record<string, unknown>;
}

const claudeLike = (extra: Record<string, unknown> = {}) => ({
  start: (id: string, cwd: string) => ({
    session_id: id,
    transcript_path: join(cwd, `${id}.jsonl`),
    cwd,
    hook_event_name: 'SessionStart',
    source: 'startup',
    ...extra,
  }),
  prompt: (id: string, cwd: string) => ({
    session_id: id,
    transcript_path: join(cwd, `${id}.jsonl`),
    cwd,
    hook_event_name: 'UserPromptSubmit',
    prompt: 'go on',
    ...extra,
  }),
});

// What baton's own plugin (opencode) and extension (pi) send: the session id, the folder, baton's event fields.
const pluginLike = {
  start: (id: string, cwd: string) => ({ session_id: id, cwd, source: 'startup' }),
  prompt: (id: string, cwd: string) => ({ session_id: id, cwd, prompt: 'go on' }),
};

const HARNESSES: Harness[] = [
  {
    name: 'claude',
    ids: ['3f2a9c11-7e4b-4c1d-9a55-0123456789ab', '77b1aa02-1c2d-4e5f-8a9b-abcdefabcdef'],
    ...claudeLike(),
  },
  {
    name: 'codex',
    // Time-ordered (UUIDv7): the two share their first letters.
    ids: ['019e1625-789d-76c0-80ab-3724b5ddb799', '019e1625-9c01-7d2e-8f00-11aa22bb33cc'],
    start: (id, cwd) => ({
      session_id: id,
      transcript_path: null,
      cwd,
      hook_event_name: 'SessionStart',
      model: 'gpt-5.1-codex',
      permission_mode: 'default',
      source: 'startup',
    }),
    prompt: (id, cwd) => ({
      session_id: id,
      turn_id: 'turn-1',
      transcript_path: null,
      cwd,
      hook_event_name: 'UserPromptSubmit',
      model: 'gpt-5.1-codex',
      permission_mode: 'default',
      prompt: 'go on',
    }),
  },
  {
    name: 'gemini',
    ids: ['5d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d', '6e2d3c4b-5f6a-4b7c-9d8e-1f2a3b4c5d6e'],
    ...claudeLike({ timestamp: '2026-12-02T09:00:00.000Z' }),
  },
  {
    name: 'opencode',
    ids: ['ses_2dce0a1b3ffe7QvXbq9ZkR2mNp', 'ses_2dce0a1b3ffe7Ab1cD2eF3gH'],
    ...pluginLike,
  },
  {
    name: 'pi',
    ids: ['019e2a00-1111-7222-8333-444455556666', '019e2a00-2222-7333-8444-555566667777'],
    ...pluginLike,
  },
];

function shop() {
  const dir = testdir();
  const root = join(dir, 'shop');
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const home = join(dir, 'home');
  mkdirSync(home);
  const run = (args: string[], input = '') => baton(args, { cwd: root, env: { HOME: home }, input });
  return { root, run };
}

describe('mail to <harness>@<project> before any session: the first session started there gets it', () => {
  for (const harness of HARNESSES) {
    it(harness.name, () => {
      const { root, run } = shop();
      const name = `${harness.name}@shop`;
      const init = run(['init', '--harness', harness.name]);
      expect(init.code).toBe(0);
      expect(init.stdout).toContain(`  ${harness.name}  ${name}\n`);
      expect(run(['send', '--to', name, '--as', 'alice', '--body', 'start with the login flake']).code).toBe(
        0,
      );

      const [first, second] = harness.ids;
      const start = harness.start(first, root);
      if (harness.name === 'codex') {
        const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(CODEX_INPUT, 'utf8')));
        expect(validate(start) ? [] : validate.errors).toEqual([]);
      }
      const hook = (event: string, payload: Record<string, unknown>) =>
        run(['hook', event, '--harness', harness.name], JSON.stringify(payload));
      const started = hook('session-start', start);
      expect(started.code).toBe(0);
      expect(started.stdout).toContain('start with the login flake');
      expect(started.stdout).toContain(`baton-mail to=\\"${name}\\"`);
      const record = JSON.parse(readFileSync(join(root, '.baton', 'sessions', `${first}.json`), 'utf8'));
      expect(record).toMatchObject({ id: first, harness: harness.name, agent: name });

      // Mail to the first session's own name waits for it; mail to the stable name goes to whichever comes first.
      const alias = derivedAgent(harness.name, first);
      expect(alias).not.toBe(derivedAgent(harness.name, second));
      expect(run(['send', '--to', alias, '--as', 'alice', '--body', 'only for the first session']).code).toBe(
        0,
      );
      expect(run(['send', '--to', name, '--as', 'alice', '--body', 'for any of them']).code).toBe(0);
      const other = hook('session-start', harness.start(second, root)).stdout;
      expect(other).toContain('for any of them');
      expect(other).not.toContain('only for the first session');
      const prompt = hook('user-prompt-submit', harness.prompt(first, root)).stdout;
      expect(prompt).toContain('only for the first session');
      expect(prompt).toContain(`baton-mail to=\\"${alias}\\"`);
      expect(prompt).not.toContain('for any of them');
      expect(run(['agents']).stdout).toMatch(
        new RegExp(
          `^${name} .* ${harness.name} sessions here · aliases ${alias}, ${derivedAgent(harness.name, second)}$`,
          'm',
        ),
      );
    });
  }
});
