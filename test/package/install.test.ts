// Installing the package as a user does, from a fresh checkout of this source (no node_modules, no dist): linked
// (`npm install /path/to/checkout`) and packed (`npm pack`, then installing the tarball). Both must leave a working
// library and `baton` binary, and the tarball's declarations must compile for a strict consumer without @types/node.
// Slow (npm ci and a full build with declarations): `npm test` runs it, test:quick leaves it out.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testdir } from '../helpers/testdir.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
// npm's own cache: what `npm ci` here downloaded is installed again without the network.
const NPM = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

function sh(cwd: string, command: string, args: string[]) {
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, BATON_DIR: '' } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A checkout of the working tree: the files git tracks or would (untracked, not ignored), as a fresh clone has. */
function freshCheckout(dir: string): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(listed.status).toBe(0);
  const checkout = join(dir, 'checkout');
  for (const file of listed.stdout.split('\0')) {
    if (file === '' || !existsSync(join(ROOT, file))) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    cpSync(join(ROOT, file), join(checkout, file));
  }
  return checkout;
}

function consumer(dir: string): string {
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
  );
  return dir;
}

/** The README's library example, run by the consumer: a message sent and read back through the installed package. */
function expectLibraryWorks(dir: string) {
  writeFileSync(
    join(dir, 'use.mjs'),
    `import { openBoard, sendMessage, listMessages } from 'agent-baton';
const board = openBoard({ board: process.argv[2], cwd: process.argv[2], env: {} });
sendMessage(board, { as: 'alice', to: 'bob', body: 'hello' });
console.log(listMessages(board, { agent: 'bob' }).messages.map((m) => m.from + ': ' + m.body.trim()).join());
`,
  );
  expect(sh(dir, process.execPath, ['use.mjs', join(dir, '.baton')])).toEqual({
    status: 0,
    out: 'alice: hello\n',
  });
  const version = sh(dir, join(dir, 'node_modules', '.bin', 'baton'), ['--version']);
  expect(version).toEqual({ status: 0, out: expect.stringMatching(/^baton \d+\.\d+\.\d+\n$/) });
}

describe('installing the package', () => {
  it('from a fresh checkout (linked), and packed from it, as a dependency of another project', () => {
    const dir = testdir();
    const checkout = freshCheckout(dir);
    expect(existsSync(join(checkout, 'node_modules'))).toBe(false);
    expect(existsSync(join(checkout, 'dist'))).toBe(false);

    // npm links the folder and installs none of its dependencies; its prepare installs them and builds.
    const linked = consumer(join(dir, 'linked'));
    const link = sh(linked, 'npm', ['install', ...NPM, checkout]);
    expect(link.status, link.out).toBe(0);
    expect(existsSync(join(checkout, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(checkout, 'dist', 'types', 'index.d.ts'))).toBe(true);
    expectLibraryWorks(linked);

    // The tarball carries dist/ and the licence, not the sources; installing it runs no build.
    const pack = sh(checkout, 'npm', ['pack', '--json', '--pack-destination', dir, ...NPM]);
    expect(pack.status, pack.out).toBe(0);
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const listing = sh(dir, 'tar', ['tzf', tarball!]).out.split('\n');
    expect(listing).toContain('package/LICENSE');
    expect(listing).toContain('package/dist/index.js');
    expect(listing).toContain('package/dist/types/index.d.ts');
    expect(listing.filter((path) => path.startsWith('package/src/'))).toEqual([]);
    const packed = consumer(join(dir, 'packed'));
    const install = sh(packed, 'npm', ['install', ...NPM, join(dir, tarball!)]);
    expect(install.status, install.out).toBe(0);
    expectLibraryWorks(packed);

    // A strict TypeScript consumer: every declaration file checked, no @types/node installed or loaded.
    writeFileSync(
      join(packed, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['use.mts'],
      }),
    );
    writeFileSync(
      join(packed, 'use.mts'),
      `import { openBoard, sendMessage, type SendResult } from 'agent-baton';
const sent: SendResult = sendMessage(openBoard({ cwd: '.' }), { as: 'alice', to: 'bob', body: 'hi' });
export const ids = sent.sent.map((copy) => copy.id);
`,
    );
    expect(existsSync(join(packed, 'node_modules', '@types', 'node'))).toBe(false);
    expect(sh(packed, process.execPath, [TSC, '-p', 'tsconfig.json'])).toEqual({ status: 0, out: '' });
  }, 900_000); // npm ci, a build with declarations and two installs on a loaded two-core machine
});
