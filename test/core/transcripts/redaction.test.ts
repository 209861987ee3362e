// A raw draft never carries a secret that was in the transcript: not whole, not in part (a cut through a token),
// not in the note's fields, not in what the command prints.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDraft } from '../../../src/cli/handoff-draft.js';
import type { CliIO } from '../../../src/cli/io.js';
import { filesUnder } from '../../helpers/testdir.js';
import { draft, jsonl, project } from './helpers.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function githubToken(): string {
  return `ghp_${[...randomBytes(36)].map((byte) => ALNUM[byte % ALNUM.length]).join('')}`;
}

/** Every file of the board as one text. */
function boardText(root: string): string {
  return filesUnder(root)
    .map((file) => readFileSync(join(root, file), 'latin1'))
    .join('\n');
}

/** Whether `text` holds `secret` or any 12-character piece of it (a token cut in two). */
function leaks(text: string, secret: string): boolean {
  for (let at = 0; at + 12 <= secret.length; at++) if (text.includes(secret.slice(at, at + 12))) return true;
  return false;
}

const line = (type: string, message: object, extra: object = {}) => ({
  type,
  message,
  sessionId: '5ec7e700-0000-4000-8000-000000000009',
  cwd: '/w/app',
  uuid: randomBytes(8).toString('hex'),
  timestamp: '2026-06-01T10:00:00.000Z',
  ...extra,
});
const use = (id: string, name: string, input: object) =>
  line('assistant', { id: `m-${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
const result = (id: string, content: string, isError: boolean) =>
  line('user', {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }],
  });

describe('secrets in a transcript', () => {
  it('a token in the prompt, a command, a tool output, a plan item and the last message never reaches the board or the receipt', async () => {
    const { dir, root, board } = project();
    const token = githubToken();
    const path = jsonl(dir, 'planted.jsonl', [
      line('user', { role: 'user', content: `Publish the release with ${token} please` }),
      use('t1', 'Bash', { command: `curl -H "Authorization: token ${token}" https://api.github.com/user` }),
      result('t1', `Exit code 22\ncurl: (22) The requested URL returned error: 401 for token ${token}`, true),
      use('t2', 'Edit', { file_path: '/w/app/.env', old_string: 'x', new_string: 'y' }),
      result('t2', `<tool_use_error>String GITHUB_TOKEN=${token} not found in file.</tool_use_error>`, true),
      use('t3', 'TodoWrite', { todos: [{ content: `Rotate ${token}`, status: 'pending', activeForm: 'x' }] }),
      line('assistant', {
        id: 'm-end',
        role: 'assistant',
        content: [{ type: 'text', text: `Token ${token} is invalid.` }],
      }),
    ]);
    let out = '';
    let err = '';
    const io: CliIO = {
      env: {},
      cwd: root,
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
      readStdin: async () => '',
    };
    // The CLI, in-process, on the test's board: the receipt is checked too.
    expect(await runDraft(['--board', board.root, '--transcript', path], io)).toBe(0);
    const stored = boardText(board.root);
    expect(filesUnder(board.root).filter((file) => file.startsWith('notes/'))).toHaveLength(1);
    expect(stored).toContain('[REDACTED:github-token]');
    expect(leaks(stored, token.slice(4))).toBe(false);
    expect(leaks(out + err, token.slice(4))).toBe(false);
    expect(err).toMatch(/redacted \d+ credential span\(s\) from the transcript's text/);
  });

  it('a token where a kept text is cut is left out whole, never cut in two', async () => {
    const { dir, board } = project();
    const token = githubToken();
    const filler = (n: number) => 'word '.repeat(n);
    // The prompt is kept up to 4,000 characters, a later one 300, an error 300: each token straddles its cut.
    const path = jsonl(dir, 'cut.jsonl', [
      line('user', { role: 'user', content: `${filler(796)}abc ${token} tail` }),
      line('user', { role: 'user', content: `${filler(56)}ab ${token} tail` }),
      use('t1', 'Read', { file_path: '/w/app/x' }),
      result('t1', `${filler(56)}ab ${token} tail`, true),
    ]);
    const { note } = await draft(board, path);
    expect(leaks(boardText(board.root), token.slice(4))).toBe(false);
    expect(note.body).toContain('word word abc');
  });

  it('the value of a secret environment variable is redacted wherever it appears', async () => {
    const secret = 'Zq8-tmVv-93kd-Lp20-xR7w';
    const { dir, board } = project({ DEPLOY_API_KEY: secret });
    const path = jsonl(dir, 'env.jsonl', [
      line('user', { role: 'user', content: `use key ${secret} for the deploy` }),
      use('t1', 'Bash', { command: `deploy --key ${secret}` }),
      result('t1', 'deployed', false),
    ]);
    await draft(board, path);
    const stored = boardText(board.root);
    expect(stored).not.toContain(secret);
    expect(stored).toContain('[REDACTED:');
  });
});
