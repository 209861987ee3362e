// `baton search`, spawned as a user or an agent runs it: what it prints, --type, --project, --json, escaping, and every
// bad input refused with its exact message (exit 2) and nothing written. Never on the hot path.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../src/core/cards/index.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { writeHandoff } from '../../src/core/notes/write.js';
import { writeResult } from '../../src/core/notes/write-result.js';
import { BIN, baton, cleanEnv, snapshot, testdir } from '../helpers/testdir.js';

const SECTIONS = {
  goal: 'Repaint the zebra crossing.',
  done: '- primed the road\n- bought `white-paint`',
  state: 'Half done.',
  decisions: 'Thermoplastic, not paint.',
  pitfalls: 'Rain.',
  next: 'Finish the stripes.',
};

function seeded() {
  const dir = testdir();
  const root = join(dir, '.baton');
  let now = Date.parse('2026-11-30T10:00:00.000Z');
  const board = openBoard({ board: root, cwd: dir, env: {}, home: dir, clock: () => (now += 1_000) });
  const note = writeHandoff(board, {
    sections: SECTIONS,
    title: 'Zebra crossing handoff',
    session: 's-zebra',
    parentSession: '',
    agent: 'alice',
    harness: 'claude',
    currentSession: false,
  }).note;
  const result = writeResult(board, {
    body: 'The zebra paint dries in an hour.\n',
    task: 'How long does the paint take',
    parentSession: 's-zebra',
    agent: 'carol',
    harness: 'codex',
    currentSession: false,
  }).note;
  const { card } = createCard(board, { title: 'Road markings', as: 'dave' });
  appendEntry(board, card.id, { type: 'finding', as: 'erin', body: 'The zebra stripes are worn.' });
  const sent = sendMessage(board, {
    from: 'alice',
    to: ['bob', 'carol'],
    body: 'Zebra crossing closed today.',
  }).sent;
  const run = (args: string[]) => baton(args, { cwd: dir, env: { BATON_DIR: root } });
  const first = [...sent].sort((a, b) => (a.id < b.id ? -1 : 1))[0]!;
  const at = /^at: '?([^'\n]*)'?$/m.exec(readFileSync(first.path, 'utf8'))![1]!;
  return { dir, root, note, result, card, message: { ...first, at }, run };
}

const shownTime = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')}Z`;

describe('baton search', () => {
  it('prints each hit: type, id, time, title, project, and the lines around the match; title matches first', () => {
    const s = seeded();
    const out = s.run(['search', 'zebra', 'crossing']);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    const project = s.note.projectKey;
    expect(out.stdout).toBe(
      [
        `note    ${s.note.id}  ${shownTime(s.note.createdAt)}  Zebra crossing handoff  (${project})`,
        '  │ ## Goal',
        '  │ Repaint the zebra crossing.',
        `message ${s.message.id}  ${shownTime(s.message.at)}  alice → bob, carol`,
        '  │ Zebra crossing closed today.',
        `open one: baton read ${s.note.id}`,
        '',
      ].join('\n'),
    );
  });

  it('--type narrows to some types; --project to one project’s notes and results; --limit keeps the best', () => {
    const s = seeded();
    const ids = (args: string[]) => {
      const out = s.run(['search', ...args, '--json']);
      expect(out.code).toBe(0);
      return JSON.parse(out.stdout).hits.map((hit: { type: string; id: string }) => `${hit.type} ${hit.id}`);
    };
    expect(ids(['zebra', '--type', 'card'])).toEqual([`card ${s.card.id}`]);
    expect(ids(['zebra', '--type', 'result,message']).sort()).toEqual(
      [`result ${s.result.id}`, `message ${s.message.id}`].sort(),
    );
    expect(ids(['zebra', '--project', s.note.projectKey]).sort()).toEqual(
      [`note ${s.note.id}`, `result ${s.result.id}`].sort(),
    );
    expect(ids(['zebra', '--project', 'elsewhere'])).toEqual([]);
    expect(ids(['zebra', '--limit', '1'])).toHaveLength(1);
    const more = s.run(['search', 'zebra', '--limit', '1']);
    expect(more.stdout).toContain('… 3 more (--limit 0 shows every one)\n');
  });

  it('--json: the board, the query, the filters, the total and each hit with its snippet and ranges', () => {
    const s = seeded();
    const json = JSON.parse(s.run(['search', 'worn', '--json', '--type', 'card']).stdout);
    expect(json).toEqual({
      board: s.root,
      query: 'worn',
      types: ['card'],
      project: null,
      total: 1,
      hits: [
        {
          type: 'card',
          id: s.card.id,
          title: 'Road markings',
          at: expect.any(String),
          snippet: 'The zebra stripes are worn.',
          ranges: { title: [], snippet: [[22, 26]] },
          score: expect.any(Number),
        },
      ],
    });
  });

  it('no match says so (exit 0); board text is escaped in a terminal', () => {
    const s = seeded();
    expect(s.run(['search', 'giraffe'])).toEqual({
      code: 0,
      stdout: 'nothing matches "giraffe" — every word must match; try fewer or shorter words\n',
      stderr: '',
    });
    const board = openBoard({ board: s.root, cwd: s.dir, env: {}, home: s.dir });
    sendMessage(board, { from: 'mallory', to: 'bob', body: 'Evil \u001b]0;pwned\u0007 body\u202e.' });
    const out = s.run(['search', 'evil']);
    expect(out.stdout).toContain('  │ Evil \\e]0;pwned\\x07 body\\u202e.');
    expect(out.stdout).not.toContain('\u001b');
  });

  it.each([
    [['search'], 'search for something: baton search <words>'],
    [['search', '  '], 'search for something: baton search <words>'],
    [['search', 'a'.repeat(201)], 'a search is at most 200 characters'],
    [
      ['search', 'zebra', '--type', 'bogus'],
      '--type must be one of note, result, card, message, got "bogus"',
    ],
    [['search', 'zebra', '--type', 'note,'], '--type must be one of note, result, card, message, got ""'],
    [['search', 'zebra', '--project', 'x', '--all'], '--project and --all: pass only one'],
    [
      ['search', 'zebra', '--project', '../x'],
      '--project "../x" is not a project key (see `baton board --all`)',
    ],
    [['search', 'zebra', '--limit', '-1'], '--limit must be 0 or more, got -1'],
    [['search', 'zebra', '--bogus'], 'unknown flag --bogus for `baton search` — see `baton search --help`'],
  ])('%j is a usage error (exit 2) with its exact message; nothing written', (args, message) => {
    const s = seeded();
    const before = snapshot(s.dir);
    expect(s.run(args)).toEqual({ code: 2, stdout: '', stderr: `baton: ${message}\n` });
    expect(snapshot(s.dir)).toEqual(before);
  });

  it('with no board: exit 1 naming it, and no board is created', () => {
    const dir = testdir();
    const out = baton(['search', 'zebra'], { cwd: dir, env: { BATON_DIR: join(dir, '.baton') } });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`no board at ${join(dir, '.baton')}`);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('not on the hot path', () => {
  it('send, poll, inbox and board never load minisearch; no hot bundle holds it', () => {
    const dir = testdir();
    // The hot bundles are CommonJS (a resolver patch sees them); the full CLI is ESM (a loader hook sees it).
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
  if (specifier === 'minisearch' || specifier.startsWith('minisearch/')) throw new Error('hot path loaded ' + specifier);
  return next(specifier, context);
}\n`,
    );
    const register = join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const guard = join(dir, 'guard.cjs');
    writeFileSync(
      guard,
      `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'minisearch' || request.startsWith('minisearch/')) throw new Error('hot path loaded ' + request);
  return resolve.call(this, request, ...rest);
};\n`,
    );
    const run = (args: string[]) =>
      spawnSync(
        process.execPath,
        ['--require', guard, '--import', pathToFileURL(register).href, BIN, ...args],
        {
          cwd: dir,
          env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
          input: '',
          encoding: 'utf8',
        },
      );
    for (const args of [
      ['send', '--as', 'alice', '--to', 'bob', '--body', 'hi'],
      ['poll', '--as', 'bob'],
      ['inbox', '--as', 'bob'],
      ['board', '--all'],
    ]) {
      const out = run(args);
      expect({ args, loaded: out.stderr.includes('hot path loaded'), code: out.status }).toEqual({
        args,
        loaded: false,
        code: 0,
      });
    }
    // The guard does catch it: search loads it.
    const search = run(['search', 'hi']);
    expect(search.status).not.toBe(0);
    expect(search.stderr).toContain('hot path loaded minisearch');
    const hot = join(import.meta.dirname, '../../dist/hot');
    for (const name of readdirSync(hot).filter((file) => file.endsWith('.cjs'))) {
      const text = readFileSync(join(hot, name), 'utf8');
      expect({ name, holds: /class MiniSearch|SearchableMap/.test(text) }).toEqual({ name, holds: false });
    }
  });
});
