// The package as a library: its declarations ship (package.json `types` and `exports`), compile in a strict consumer
// that checks every declaration file and has no @types/node, type the inputs so a wrong call fails type-checking, and
// a JavaScript caller that passes the wrong shape gets a clear error, not a TypeError. Every write names its agent
// `as`; the names the writes took before still work (deprecated).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  createCard,
  listMessages,
  openBoard,
  readCard,
  SECTION_KEYS,
  type SectionKey,
  sendMessage,
  writeHandoff,
  writeResult,
} from '../../src/index.js';
import { filesUnder, testdir } from '../helpers/testdir.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the library', () => {
  it('ships declarations that type its inputs', () => {
    const dir = testdir();
    const pkg = join(dir, 'pkg');
    mkdirSync(pkg);
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.types).toBe('dist/types/index.d.ts');
    expect(manifest.exports['.'].types).toBe('./dist/types/index.d.ts');
    // The declarations of the current source, emitted as `npm install` (prepare) emits them.
    const emit = spawnSync(
      process.execPath,
      [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--declarationDir', join(pkg, 'dist', 'types')],
      { encoding: 'utf8' },
    );
    expect(emit.stdout + emit.stderr).toBe('');
    const consumer = join(dir, 'consumer');
    mkdirSync(join(consumer, 'node_modules'), { recursive: true });
    symlinkSync(pkg, join(consumer, 'node_modules', manifest.name));
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // No @types/node: the declarations must not need it (it is not a dependency of the package).
          types: [],
        },
        files: ['use.mts'],
      }),
    );
    writeFileSync(
      join(consumer, 'use.mts'),
      `import * as baton from '${manifest.name}';
import { appendEntry, createCard, listMessages, openBoard, sendMessage, writeHandoff, type Board } from '${manifest.name}';
const board: Board = openBoard({ cwd: '/tmp' });
sendMessage(board, { as: 'alice', to: 'bob', body: 'hello' });
sendMessage(board, { as: 'alice', to: ['bob', 'carol'], body: 'hello' });
const card = createCard(board, { as: 'alice', title: 'Fix the clock' }).card;
appendEntry(board, card.id, { as: 'bob', type: 'note', body: 'on it' });
writeHandoff(board, { as: 'alice', body: 'state of things' });
// The old names still compile (deprecated overloads).
sendMessage(board, { from: 'alice', to: 'bob', body: 'hello' });
createCard(board, { by: 'alice', title: 'Fix the clock' });
appendEntry(board, card.id, { author: 'bob', type: 'note', body: 'on it' });
listMessages(board, { agent: 'bob' }).messages.map((m) => m.body.length);
// @ts-expect-error the sender and the body are required
sendMessage(board, { to: 'bob' });
// @ts-expect-error a recipient is a name or a list of names
sendMessage(board, { as: 'alice', to: 5, body: 'x' });
// @ts-expect-error the card's creator is required
createCard(board, { title: 'Fix the clock' });
// @ts-expect-error the two-phase protocol of the hooks is not part of the library
baton.commitPending;
`,
    );
    const check = spawnSync(process.execPath, [TSC, '-p', join(consumer, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 300_000); // tsc on a loaded two-core machine

  it('a JavaScript caller with the wrong shape gets a clear error and nothing is written', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    const wrong = { to: 'bob' } as unknown as Parameters<typeof sendMessage>[1];
    expect(() => sendMessage(board, wrong)).toThrow('invalid agent name: expected a string, got undefined');
    expect(filesUnder(dir)).toEqual([]);
  });

  it('every write names its agent `as`; the old names (`from`, `by`, `author`, `agent`) write the same', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: dir });
    sendMessage(board, { as: 'Alice', to: 'bob', body: 'new name' });
    sendMessage(board, { from: 'carol', to: 'bob', body: 'old name' });
    expect(listMessages(board, { agent: 'bob' }).messages.map((m) => [m.from, m.body])).toEqual([
      ['alice', 'new name\n'],
      ['carol', 'old name\n'],
    ]);
    const card = createCard(board, { as: 'alice', title: 'New name' }).card;
    expect(card.createdBy).toBe('alice');
    expect(createCard(board, { by: 'carol', title: 'Old name' }).card.createdBy).toBe('carol');
    appendEntry(board, card.id, { as: 'bob', type: 'note', body: 'new name' });
    appendEntry(board, card.id, { author: 'carol', type: 'note', body: 'old name' });
    expect(readCard(board, card.id).entries.map((e) => e.author)).toEqual(['bob', 'carol']);
    const options = { currentSession: false, session: 's-1' };
    const sections = Object.fromEntries(SECTION_KEYS.map((key) => [key, `the ${key}`])) as Record<
      SectionKey,
      string
    >;
    expect(writeHandoff(board, { ...options, as: 'alice', sections }).note.agent).toBe('alice');
    expect(writeHandoff(board, { ...options, agent: 'carol', sections }).note.agent).toBe('carol');
    expect(writeResult(board, { ...options, as: 'alice', body: 'x' }).note.agent).toBe('alice');
    expect(writeResult(board, { ...options, agent: 'carol', body: 'x' }).note.agent).toBe('carol');
    // Both given (a caller moving to the new name): `as` is the one used.
    const both = { as: 'dave', from: 'erin', to: 'bob', body: 'both' } as Parameters<typeof sendMessage>[1];
    sendMessage(board, both);
    expect(listMessages(board, { agent: 'bob' }).messages.at(-1)?.from).toBe('dave');
  });
});
