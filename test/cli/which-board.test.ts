// Which board a command uses, run as a user runs it: a project board beside a global one, --board on a project
// folder, and folders that are not boards (never written, cleaned or turned into one).
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, batonAsync, filesUnder, snapshot, testdir } from '../helpers/testdir.js';

describe('a new board', () => {
  it('eight agents sending their first message at once all succeed, and make one board', async () => {
    for (let round = 0; round < 4; round++) {
      const dir = testdir();
      const env = { BATON_DIR: join(dir, '.baton') };
      const runs = Array.from({ length: 8 }, (_, k) =>
        batonAsync(['send', '--as', `a${k}`, '--to', 'bob', '--body', `hello ${k}`], { cwd: dir, env }),
      );
      const results = await Promise.all(
        runs.map(
          (child) =>
            new Promise<{ code: number | null; stderr: string }>((done) => {
              let stderr = '';
              child.stderr.on('data', (chunk) => {
                stderr += chunk;
              });
              child.on('close', (code) => done({ code, stderr }));
            }),
        ),
      );
      for (const result of results)
        expect(result.stderr).toMatch(
          /^waiting — bob has no live session \(never seen on this board\)\n\[board /,
        );
      expect(results.map((result) => result.code)).toEqual(Array(8).fill(0));
      expect(baton(['inbox', '--as', 'bob'], { cwd: dir, env }).stdout.match(/│ hello/g)).toHaveLength(8);
    }
  });
});

describe('which board', () => {
  it('after init --global, init in a project creates the project board, and each folder uses its own', () => {
    const home = testdir();
    const project = join(home, 'code', 'proj');
    const elsewhere = join(home, 'code', 'other');
    mkdirSync(project, { recursive: true });
    mkdirSync(elsewhere, { recursive: true });
    const env = { HOME: home };
    expect(baton(['init', '--global'], { cwd: home, env }).stdout).toBe(
      `created board ${join(home, '.baton')}\n`,
    );
    const init = baton(['init'], { cwd: project, env });
    expect(init.stdout).toBe(`created board ${join(project, '.baton')}\n`);
    expect(baton(['init'], { cwd: join(project), env }).stdout).toBe(
      `board already here: ${join(project, '.baton')}\n`,
    );
    const sent = baton(['send', '--as', 'alice', '--to', 'bob', '--body', 'project mail'], {
      cwd: project,
      env,
    });
    expect(sent.stderr).toContain(`[board ${join(project, '.baton')}]`);
    // A folder with no board of its own uses the global one, for reads and writes alike.
    const global = baton(['send', '--as', 'alice', '--to', 'bob', '--body', 'global mail'], {
      cwd: elsewhere,
      env,
    });
    expect(global.stderr).toContain(`[board ${join(home, '.baton')}]`);
    expect(baton(['inbox', '--as', 'bob'], { cwd: elsewhere, env }).stdout).toContain('global mail');
    expect(baton(['inbox', '--as', 'bob'], { cwd: project, env }).stdout).toContain('project mail');
    expect(filesUnder(elsewhere)).toEqual([]);
  });

  it('--board on a project folder uses its .baton, never the folder itself', () => {
    const project = testdir();
    expect(baton(['init'], { cwd: project }).code).toBe(0);
    writeFileSync(join(project, 'README.md'), 'a project');
    const other = testdir();
    const sent = baton(['send', '--board', project, '--as', 'alice', '--to', 'bob', '--body', 'hi'], {
      cwd: other,
    });
    expect(sent.code).toBe(0);
    expect(sent.stderr).toContain(`[board ${join(project, '.baton')}]`);
    expect(filesUnder(project).filter((file) => !file.startsWith('.baton/'))).toEqual(['README.md']);
  });

  it('--board on a checkout with no board names an init that works; on a file, no init at all', () => {
    const checkout = testdir();
    mkdirSync(join(checkout, '.git'));
    writeFileSync(join(checkout, 'README.md'), 'a project');
    const other = testdir();
    const refused = baton(['--board', checkout, 'inbox', '--as', 'bob'], { cwd: other });
    const init = `baton init --board ${join(checkout, '.baton')}`;
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: ${checkout} is not a baton board (it holds files but no board.json) — to give this folder a board, run \`${init}\` (or \`baton init\` in it); or pass a board folder with --board\n`,
    });
    // What it names works, and then the first command does too.
    expect(baton(init.split(' ').slice(1), { cwd: other }).code).toBe(0);
    expect(baton(['--board', checkout, 'inbox', '--as', 'bob'], { cwd: other })).toMatchObject({
      code: 0,
      stdout: 'no messages\n',
    });
    const file = join(checkout, 'README.md');
    const notFolder = `baton: ${file} is not a baton board (not a folder) — --board and BATON_DIR take a board folder, or a project folder holding .baton/\n`;
    for (const args of [['inbox', '--as', 'bob'], ['init']]) {
      expect(baton(['--board', file, ...args], { cwd: other })).toEqual({
        code: 1,
        stdout: '',
        stderr: notFolder,
      });
    }
    expect(filesUnder(other)).toEqual([]);
  });

  it('gc --board on a folder that is not a board removes nothing, and says why', () => {
    const repo = testdir();
    const lock = join(repo, 'node_modules', 'pkg', 'x.lock');
    mkdirSync(lock, { recursive: true });
    writeFileSync(join(lock, 'owner'), '2147483646');
    writeFileSync(join(repo, 'node_modules', '.y.json.1.abc.baton-tmp'), '');
    utimesSync(lock, new Date(0), new Date(0));
    const before = snapshot(repo);
    const run = baton(['gc', '--board', repo], { cwd: repo });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${repo} is not a baton board (it holds files but no board.json)`);
    expect(snapshot(repo)).toEqual(before);
  });

  it('BATON_DIR=$HOME is refused by every writer, and nothing lands in the home folder', () => {
    const home = testdir();
    writeFileSync(join(home, '.profile'), 'x');
    const before = snapshot(home);
    const env = { HOME: home, BATON_DIR: home };
    const send = baton(['send', '--as', 'alice', '--to', 'bob', '--body', 'hi'], { cwd: home, env });
    expect(send.code).toBe(1);
    expect(send.stderr).toContain(`refusing your home folder (${home}) as a board`);
    for (const args of [['init'], ['register', '--as', 'alice'], ['card', 'new', 'T'], ['gc']]) {
      expect(baton(args, { cwd: home, env }).code, args.join(' ')).toBe(1);
    }
    expect(snapshot(home)).toEqual(before);
  });
});
