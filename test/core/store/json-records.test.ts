// writeJsonRecord: every string leaf redacted at any depth, keys and non-strings untouched, written atomically.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { redactJson, writeJsonRecord } from '../../../src/core/store/records.js';
import { testdir } from '../../helpers/testdir.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) => [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join('');

function board(env: Record<string, string> = {}) {
  const dir = testdir();
  const opened = openBoard({ board: join(dir, '.baton'), cwd: dir, env });
  ensureBoard(opened);
  return opened;
}

describe('writeJsonRecord', () => {
  it('redacts strings at any depth and leaves keys, numbers, booleans and null alone', () => {
    const token = `ghp_${random(36)}`;
    const secret = `s3-${random(24)}`;
    const b = board({ MY_API_TOKEN: secret });
    const path = join(b.root, 'x', 'r.json');
    const result = writeJsonRecord(b, path, {
      [`key-${token}`]: 1,
      top: `see ${token}`,
      list: ['plain', `env ${secret}`, 7, true, null],
      deep: { deeper: [{ value: token }] },
      missing: undefined,
    });
    expect(result).toEqual({ path, redacted: 3, kinds: ['env-secret', 'github-token'] });
    const text = readFileSync(path, 'utf8');
    expect(JSON.parse(text)).toEqual({
      [`key-${token}`]: 1,
      top: 'see [REDACTED:github-token]',
      list: ['plain', 'env [REDACTED:env-secret]', 7, true, null],
      deep: { deeper: [{ value: '[REDACTED:github-token]' }] },
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "top"');
    expect(readdirSync(join(b.root, 'x'))).toEqual(['r.json']);
  });

  it('leaves an ordinary session record byte-identical (ids, times, paths are not secrets)', () => {
    const b = board({ HOME: '/home/me', GITHUB_TOKEN: `ghp_${random(36)}` });
    const record = {
      id: '4b1c2d3e-5f60-4718-9a2b-3c4d5e6f7a8b',
      harness: 'claude',
      agent: 'claude-3f2a9c',
      cwd: '/home/me/src/shop',
      projectKey: 'home-me-src-shop',
      parentSession: 'codex-48213-912873',
      startedAt: '2026-11-30T11:02:10.000Z',
      lastSeen: '2026-11-30T12:00:00.000Z',
      pid: 48213,
      transcriptPath:
        '/home/me/.claude/projects/-home-me-src-shop/4b1c2d3e-5f60-4718-9a2b-3c4d5e6f7a8b.jsonl',
      touched: ['src/login.ts', 'test/login.spec.ts', 'package-lock.json'],
    };
    const path = join(b.root, 'sessions', `${record.id}.json`);
    expect(writeJsonRecord(b, path, record).redacted).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(record, null, 2)}\n`);
  });

  it('redactJson returns a copy and never changes its input', () => {
    const token = `ghp_${random(36)}`;
    const input = { a: [token], b: { c: token } };
    const out = redactJson(board(), input);
    expect(out.value).toEqual({ a: ['[REDACTED:github-token]'], b: { c: '[REDACTED:github-token]' } });
    expect(input).toEqual({ a: [token], b: { c: token } });
    expect(out.redacted).toBe(2);
  });
});
