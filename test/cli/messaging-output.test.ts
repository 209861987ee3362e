// What the messaging commands print, and their exit codes, run in process (main() with a captured io): fan-outs,
// agents, every bad input with "nothing was written", and what a hostile board makes them report. The spawned
// binary is messaging.test.ts; the domain on every store is test/core/contract/messaging.test.ts.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { filesUnder, testdir } from '../helpers/testdir.js';

function board() {
  const dir = testdir();
  const env = { BATON_DIR: join(dir, '.baton') };
  return { dir, env, cwd: dir };
}

function idsOf(stdout: string): string[] {
  return [...stdout.matchAll(/sent (m-[0-9A-Z]{26}) to/g)].map((m) => m[1]!);
}

describe('baton send / inbox / thread / agents', () => {
  it('a fan-out reaches three agents: one thread line for its copies, every recipient unread, every agent listed', async () => {
    const b = board();
    const fan = await cli(
      ['send', '--as', 'alice', '--to', 'bob,carol', '--to', 'dave', '--body', 'standup in 5'],
      b,
    );
    expect(idsOf(fan.stdout)).toHaveLength(3);
    const fanThread = (await cli(['thread', idsOf(fan.stdout)[1]!], b)).stdout;
    expect(fanThread.match(/alice → .*/g)).toEqual(['alice → bob, carol, dave']);
    expect(fanThread.match(/standup in 5/g)).toHaveLength(1);
    for (const agent of ['bob', 'carol', 'dave']) {
      expect((await cli(['inbox', '--as', agent, '--unread'], b)).stdout).toContain('standup in 5');
    }
    const agents = await cli(['agents', '--json'], b);
    expect(JSON.parse(agents.stdout).agents.map((a: { name: string }) => a.name)).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
  });

  it('inbox has no side effects', async () => {
    const b = board();
    await cli(['send', '--as', 'alice', '--to', 'bob', '--body', 'hi'], b);
    const before = filesUnder(b.dir);
    await cli(['inbox', '--as', 'bob'], b);
    await cli(['inbox', '--as', 'bob', '--unread', '--json'], b);
    expect(filesUnder(b.dir)).toEqual(before);
    expect((await cli(['poll', '--as', 'bob'], b)).stdout).toContain('hi');
  });
});

describe('bad input', () => {
  it('oversize and empty bodies are refused and nothing is written', async () => {
    const b = board();
    expect(await cli(['send', '--as', 'a', '--to', 'b', '--body', 'x'.repeat(8001)], b)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: body too long: 8001 characters (at most 8000) — put the detail in a card or note and send its id\n',
    });
    expect((await cli(['send', '--as', 'a', '--to', 'b', '--body', ''], b)).stderr).toBe(
      'baton: empty body — pass --body <text> or pipe it on stdin\n',
    );
    expect(filesUnder(b.dir)).toEqual([]);
  });

  it.each([
    ['../x', 'must not contain path separators'],
    ['a/b', 'must not contain path separators'],
    ['a\u0007b', 'must not contain control characters'],
    ['n'.repeat(200), 'must be at most 64 characters'],
  ])('recipient %j is refused: %s', async (name, rule) => {
    const b = board();
    expect(await cli(['send', '--as', 'a', '--to', `ok,${name}`, '--body', 'x'], b)).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: invalid agent name ${JSON.stringify(name)}: ${rule}\n`,
    });
    expect(filesUnder(b.dir)).toEqual([]);
  });

  it('51 recipients are refused', async () => {
    const b = board();
    const to = Array.from({ length: 51 }, (_, i) => `a${i}`).join(',');
    expect((await cli(['send', '--as', 'a', '--to', to, '--body', 'x'], b)).stderr).toBe(
      'baton: too many recipients: 51 (at most 50) — split the list\n',
    );
    expect(filesUnder(b.dir)).toEqual([]);
  });

  it('--reply to a malformed id is refused', async () => {
    const b = board();
    expect(await cli(['send', '--as', 'a', '--to', 'b', '--body', 'x', '--reply', 'nope'], b)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: malformed message id "nope" — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see `baton inbox`)\n',
    });
    expect(filesUnder(b.dir)).toEqual([]);
  });

  it.each([
    ['inbox', '--as', 'bob', '--after', 'nope'],
    ['redeliver', '--as', 'bob', '--after', 'nope'],
    ['thread', 'nope'],
  ])('%s … with a malformed message id is refused and writes nothing', async (...args) => {
    const b = board();
    await cli(['send', '--as', 'alice', '--to', 'bob', '--body', 'x'], b);
    const before = filesUnder(b.dir);
    expect(await cli(args, b)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: malformed message id "nope" — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see `baton inbox`)\n',
    });
    expect(filesUnder(b.dir)).toEqual(before);
  });

  it.each([['agents'], ['listen', '--as', 'bob']])(
    'read command %s with no board fails, names the path and creates nothing',
    async (...args) => {
      const dir = testdir();
      expect(await cli(args, { cwd: dir })).toEqual({
        code: 1,
        stdout: '',
        stderr: `baton: no board at ${join(dir, '.baton')} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR\n`,
      });
      expect(filesUnder(dir)).toEqual([]);
    },
  );

  it('a board path that is a file is refused and left alone', async () => {
    const dir = testdir();
    const file = join(dir, 'notaboard');
    writeFileSync(file, 'keep me');
    const env = { BATON_DIR: file };
    const expected = {
      code: 1,
      stdout: '',
      stderr: `baton: ${file} is not a baton board (not a folder) — --board and BATON_DIR take a board folder, or a project folder holding .baton/\n`,
    };
    expect(await cli(['send', '--as', 'a', '--to', 'b', '--body', 'x'], { cwd: dir, env })).toEqual(expected);
    expect(await cli(['inbox', '--as', 'b'], { cwd: dir, env })).toEqual(expected);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    expect(filesUnder(dir)).toEqual(['notaboard']);
  });

  it('a symlink planted in messages/ is reported and never followed or deleted through', async () => {
    const b = board();
    await cli(['send', '--as', 'alice', '--to', 'bob', '--body', 'real'], b);
    const outside = join(b.dir, 'outside');
    mkdirSync(join(outside, '2026-11-30'), { recursive: true });
    writeFileSync(join(outside, 'secret.md'), '---\nid: x\n---\nsecret\n');
    symlinkSync(outside, join(b.env.BATON_DIR, 'messages', 'mallory'));
    const day = filesUnder(join(b.env.BATON_DIR, 'messages', 'bob'))[0]!.split('/')[0]!;
    const planted = join(b.env.BATON_DIR, 'messages', 'bob', day, 'm-01M8P1ZDQDQA0HSZZ7R976HZ20.md');
    symlinkSync(join(outside, 'secret.md'), planted);
    const all = await cli(['inbox', '--all'], b);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('real');
    expect(all.stdout).not.toContain('secret');
    expect(all.stderr).toContain(
      `baton: skipped ${join(b.env.BATON_DIR, 'messages', 'mallory')}: is a symlink (not followed: baton follows no link inside the board)`,
    );
    expect(all.stderr).toContain(
      `baton: skipped ${planted}: is a symlink (not followed: baton follows no link inside the board)`,
    );
    const doctor = await cli(['doctor'], b);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(
      `${planted}: is a symlink (not followed: baton follows no link inside the board)`,
    );
    expect(readFileSync(join(outside, 'secret.md'), 'utf8')).toContain('secret');
  });

  it('a message whose header was edited by hand into full YAML (a block list) is still read', async () => {
    const b = board();
    await cli(['send', '--as', 'alice', '--to', 'bob', '--body', 'hand edited'], b);
    const mailbox = join(b.env.BATON_DIR, 'messages', 'bob');
    const file = join(mailbox, filesUnder(mailbox)[0]!);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('from: alice\n', 'from: alice\ntags:\n  - a\n  - b\n'),
    );
    const inbox = await cli(['inbox', '--as', 'bob', '--json'], b);
    expect(inbox.stderr).toBe('');
    expect(JSON.parse(inbox.stdout).messages.map((m: { body: string }) => m.body)).toEqual(['hand edited\n']);
  });

  it('truncated and non-UTF-8 message files are skipped and reported; the others are still listed', async () => {
    const b = board();
    for (const body of ['one', 'two', 'three'])
      await cli(['send', '--as', 'alice', '--to', 'bob', '--body', body], b);
    const mailbox = join(b.env.BATON_DIR, 'messages', 'bob');
    const [first, second] = filesUnder(mailbox);
    const truncated = join(mailbox, first!);
    const binary = join(mailbox, second!);
    writeFileSync(truncated, readFileSync(truncated, 'utf8').slice(0, 30));
    writeFileSync(binary, Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a]));
    const inbox = await cli(['inbox', '--as', 'bob'], b);
    expect(inbox.code).toBe(0);
    expect(inbox.stdout).toContain('three');
    expect(inbox.stdout).not.toContain('one');
    expect(inbox.stderr).toBe(
      `baton: skipped ${truncated}: front matter is not closed by ---\nbaton: skipped ${binary}: is not valid UTF-8\n`,
    );
    const doctor = await cli(['doctor'], b);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain('FAIL  files: 2 file(s) skipped by readers (listed below)');
  });
});
