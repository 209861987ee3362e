// The package as a library: its declarations ship (package.json `types` and `exports`), type the inputs so a wrong
// call fails type-checking, and a JavaScript caller that passes the wrong shape gets a clear error, not a TypeError.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
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
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['use.mts'],
      }),
    );
    writeFileSync(
      join(consumer, 'use.mts'),
      `import { openBoard, sendMessage, listMessages, type Board } from '${manifest.name}';
const board: Board = openBoard({ cwd: '/tmp' });
sendMessage(board, { from: 'alice', to: 'bob', body: 'hello' });
sendMessage(board, { from: 'alice', to: ['bob', 'carol'], body: 'hello' });
listMessages(board, { agent: 'bob' }).messages.map((m) => m.body.length);
// @ts-expect-error from and body are required
sendMessage(board, { to: 'bob' });
// @ts-expect-error a recipient is a name or a list of names
sendMessage(board, { from: 'alice', to: 5, body: 'x' });
`,
    );
    const check = spawnSync(process.execPath, [TSC, '-p', join(consumer, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 180_000); // tsc on a loaded two-core machine

  it('a JavaScript caller with the wrong shape gets a clear error and nothing is written', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    const wrong = { to: 'bob' } as unknown as Parameters<typeof sendMessage>[1];
    expect(() => sendMessage(board, wrong)).toThrow('invalid agent name: expected a string, got undefined');
    expect(filesUnder(dir)).toEqual([]);
  });
});
