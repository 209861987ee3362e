// Every write path redacts: a key planted in any stored free text never reaches a byte (or a name) under the board.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAgent } from '../../../src/core/agents/registry.js';
import { type Board, ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { commitPending, requestCardEntry } from '../../../src/core/pending/index.js';
import { bindSession, writeSession } from '../../../src/core/sessions/session.js';
import { baton, testdir } from '../../helpers/testdir.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number) => [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join('');

// Built at run time so no credential-shaped literal sits in the repository.
const GITHUB = `${'gh'}${'p_'}${random(36)}`;
// An env secret whose URL-encoded and JSON-escaped spellings differ from the raw one.
const ENV_SECRET = `q7/${random(20)}+z"w\\x`;
// Secrets that are also valid names, for the fields that only hold names (session ids in the registry).
const NAME_SECRET = `dk-${random(28)}`;
const ENV = { MY_API_TOKEN: ENV_SECRET, DEPLOY_KEY: NAME_SECRET };
const SECRETS = [GITHUB, ENV_SECRET, NAME_SECRET];
const fence = '```';

/** Every spelling in which a secret could sit in a file: raw, URL-encoded, JSON-escaped, lowercased (slugs). */
function spellings(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    secret.toLowerCase(),
  ];
  return [...new Set(forms)];
}
const FORBIDDEN = SECRETS.flatMap(spellings);

/** Every file and folder under `root` (hidden ones and lock folders too), with its raw bytes. */
function everything(root: string): { rel: string; bytes: Buffer }[] {
  const out: { rel: string; bytes: Buffer }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        out.push({ rel: `${rel}/`, bytes: Buffer.alloc(0) });
        walk(join(dir, entry.name), `${rel}/`);
      } else out.push({ rel, bytes: readFileSync(join(dir, entry.name)) });
    }
  };
  walk(root, '');
  return out;
}

/** Where any spelling of any secret occurs under `root`, in a file's bytes or in a path. */
function leaks(root: string): string[] {
  const found: string[] = [];
  for (const { rel, bytes } of everything(root)) {
    for (const form of FORBIDDEN) {
      if (rel.includes(form)) found.push(`${rel} (name)`);
      if (bytes.includes(Buffer.from(form, 'utf8'))) found.push(`${rel}: ${JSON.stringify(form)}`);
    }
  }
  return found;
}

function testBoard(): Board {
  const dir = testdir();
  const cwd = join(dir, 'project');
  mkdirSync(cwd, { recursive: true });
  return openBoard({
    board: join(cwd, '.baton'),
    cwd,
    env: ENV,
    clock: () => Date.parse('2026-11-30T11:00:00Z'),
  });
}

function addSession(board: Board, id: string, extra: Record<string, unknown> = {}): void {
  writeSession(board, {
    id,
    harness: 'claude',
    agent: 'claude-3f2a9c',
    cwd: board.cwd,
    projectKey: 'project',
    parentSession: '',
    startedAt: '2026-11-30T11:00:00.000Z',
    lastSeen: '2026-11-30T11:00:00.000Z',
    ...extra,
  });
}

const TEXT = `deploy with ${GITHUB} and ${ENV_SECRET}, see ${encodeURIComponent(ENV_SECRET)}`;

/** Each write path: writes the planted text, returns the files that must now hold `[REDACTED:` markers. */
const PATHS: Record<string, (board: Board) => string[]> = {
  'message body': (board) =>
    sendMessage(board, { from: 'alice', to: ['bob'], body: TEXT }).sent.map((s) => s.path),
  'message subject': (board) =>
    sendMessage(board, {
      from: 'alice',
      to: ['bob'],
      subject: `${GITHUB} ${ENV_SECRET}`,
      body: 'hi',
    }).sent.map((s) => s.path),
  'fan-out copies': (board) => {
    const sent = sendMessage(board, {
      from: 'alice',
      to: ['bob', 'carol', 'dave'],
      subject: `re ${GITHUB}`,
      body: TEXT,
    }).sent;
    expect(sent).toHaveLength(3);
    return sent.map((s) => s.path);
  },
  'session record (cwd, transcriptPath, touched)': (board) => {
    addSession(board, 'sess-1', {
      cwd: `/work/${GITHUB}/src`,
      transcriptPath: `/tmp/${ENV_SECRET}/t.jsonl`,
      touched: [`notes-${GITHUB}.txt`, `cfg/${NAME_SECRET}`],
      pid: process.pid,
    });
    return [join(board.root, 'sessions', 'sess-1.json')];
  },
  'session bind (fields carried over from a record written before redaction)': (board) => {
    // A record stored raw (by hand, or by an older baton): binding rewrites it, redacting what it keeps.
    const previous = {
      id: 'sess-2',
      harness: 'claude',
      agent: 'alice',
      cwd: board.cwd,
      projectKey: 'project',
      parentSession: NAME_SECRET,
      startedAt: '2026-11-30T10:00:00.000Z',
      lastSeen: '2026-11-30T10:00:00.000Z',
      transcriptPath: `/x/${GITHUB}`,
    };
    const path = join(board.root, 'sessions', 'sess-2.json');
    ensureBoard(board);
    mkdirSync(join(board.root, 'sessions'), { recursive: true });
    writeFileSync(path, JSON.stringify(previous));
    const env = { ...ENV, BATON_SESSION: 'sess-2' };
    const bound = openBoard({
      board: board.root,
      cwd: board.cwd,
      env,
      clock: board.clock,
      redact: board.redact,
    });
    expect(bindSession(bound, 'bob').transcriptPath).toBe(`/x/${GITHUB}`);
    return [path];
  },
  'agent registry (session list)': (board) => {
    registerAgent(board, 'alice', GITHUB);
    registerAgent(board, 'alice', NAME_SECRET);
    return [join(board.root, 'agents', 'alice.json')];
  },
  'card title + first entry': (board) => {
    const { card } = createCard(board, {
      title: `Leak ${GITHUB} ${ENV_SECRET}`,
      by: 'you',
      entry: { type: 'finding', body: TEXT },
    });
    expect(card.slug).not.toContain(GITHUB.toLowerCase());
    return [card.path];
  },
  'card entry append': (board) => {
    const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
    appendEntry(board, card.id, { type: 'note', author: 'bob', body: TEXT });
    return [card.path];
  },
  'pending write intent': (board) => {
    addSession(board, 'sess-3');
    const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
    return [
      requestCardEntry(board, { card: card.id, intent: TEXT, requestedBy: 'you', session: 'sess-3' }).path,
    ];
  },
  'committed reply (new card title + body)': (board) => {
    addSession(board, 'sess-4');
    requestCardEntry(board, { intent: 'write it up', requestedBy: 'you', session: 'sess-4' });
    const reply = `Done.\n${fence}board-entry\ntitle: Key ${GITHUB}\ntype: finding\n---\n${TEXT}\n${fence}\n`;
    const result = commitPending(board, { session: 'sess-4', reply });
    if (result.status !== 'committed') throw new Error(`not committed: ${JSON.stringify(result)}`);
    return [result.card.path];
  },
};

describe('redaction on every write path', () => {
  it('the scan finds every spelling of a planted key, in bytes and in names (it can fail)', () => {
    const dir = testdir();
    writeFileSync(join(dir, 'raw.md'), GITHUB);
    writeFileSync(join(dir, 'enc.json'), JSON.stringify({ v: ENV_SECRET }));
    writeFileSync(join(dir, 'url.txt'), `?k=${encodeURIComponent(ENV_SECRET)}`);
    mkdirSync(join(dir, `c-${NAME_SECRET.toLowerCase()}.md.lock`));
    writeFileSync(join(dir, `.hidden-${GITHUB}.baton-tmp`), '');
    expect(leaks(dir).sort()).toEqual(
      [
        `raw.md: ${JSON.stringify(GITHUB)}`,
        `enc.json: ${JSON.stringify(JSON.stringify(ENV_SECRET).slice(1, -1))}`,
        `url.txt: ${JSON.stringify(encodeURIComponent(ENV_SECRET))}`,
        `c-${NAME_SECRET.toLowerCase()}.md.lock/ (name)`,
        `.hidden-${GITHUB}.baton-tmp (name)`,
      ].sort(),
    );
  });

  for (const [name, write] of Object.entries(PATHS)) {
    it(`${name}: no spelling of the key on disk, [REDACTED: in the record`, () => {
      const board = testBoard();
      const files = write(board);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(readFileSync(file, 'utf8')).toContain('[REDACTED:');
      expect(leaks(board.root)).toEqual([]);
    });
  }

  it('all paths on one board: not one byte of any key anywhere under it', () => {
    const board = testBoard();
    const files = Object.values(PATHS).flatMap((write) => write(board));
    const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const kind of ['github-token', 'env-secret']) expect(text).toContain(`[REDACTED:${kind}]`);
    expect(leaks(board.root)).toEqual([]);
  });
});

describe('redaction through the built CLI', () => {
  beforeAll(() => {
    // `npm test` builds first; a lone run builds only when dist is missing (a rebuild would pull dist from
    // under other test files that spawn the binary meanwhile).
    const built = ['dist/cli.js', 'dist/hot/send.cjs'].every((file) =>
      existsSync(resolve(import.meta.dirname, '../../..', file)),
    );
    if (built) return;
    const build = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: resolve(import.meta.dirname, '../../..'),
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
  });

  it('`baton send` with the key in --body and an X_API_KEY value in the env writes neither', () => {
    const dir = testdir();
    const boardDir = join(dir, '.baton');
    const apiKey = `xk-${random(30)}`;
    const forms = [...FORBIDDEN, ...spellings(apiKey)];
    const result = baton(
      [
        'send',
        '--as',
        'alice',
        '--to',
        'bob,carol',
        '--subject',
        `s ${apiKey}`,
        '--body',
        `${TEXT} ${apiKey}`,
      ],
      { cwd: dir, env: { BATON_DIR: boardDir, X_API_KEY: apiKey, MY_API_TOKEN: ENV_SECRET } },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('redacted');
    for (const form of forms) expect(result.stdout + result.stderr).not.toContain(form);
    const files = everything(boardDir).filter((f) => f.rel.endsWith('.md'));
    expect(files).toHaveLength(2);
    for (const { bytes } of files) {
      const text = bytes.toString('utf8');
      for (const kind of ['github-token', 'env-secret']) expect(text).toContain(`[REDACTED:${kind}]`);
    }
    const found = everything(boardDir).flatMap(({ rel, bytes }) =>
      forms
        .filter((form) => rel.includes(form) || bytes.includes(Buffer.from(form)))
        .map((f) => `${rel}: ${f}`),
    );
    expect(found).toEqual([]);
  });
});
