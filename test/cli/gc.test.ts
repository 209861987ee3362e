import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idTime, newId } from '../../src/core/store/ids.js';
import { baton, filesUnder, snapshot, testdir } from '../helpers/testdir.js';

describe('baton gc', () => {
  it('reports, then removes, a temp file left by a killed write', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton') };
    baton(['send', '--as', 'a', '--to', 'b', '--body', 'x'], { cwd: dir, env });
    const temp = join(env.BATON_DIR, '.board.json.1.abc.baton-tmp');
    writeFileSync(temp, '{');
    utimesSync(temp, new Date(0), new Date(0));
    expect(baton(['gc', '--dry-run'], { cwd: dir, env }).stdout).toBe(
      `would remove ${temp} (temp file left by an interrupted write)\nwould remove 1 item(s)\n`,
    );
    const run = baton(['gc'], { cwd: dir, env });
    expect(run.stdout).toBe(`removed ${temp} (temp file left by an interrupted write)\nremoved 1 item(s)\n`);
    expect(run.stderr).toBe(`[board ${env.BATON_DIR}]\n`);
    expect(filesUnder(dir)).not.toContain('.baton/.board.json.1.abc.baton-tmp');
    expect(baton(['inbox', '--as', 'b'], { cwd: dir, env }).stdout).toContain('a → b');
  });

  it('with no board fails and creates nothing', () => {
    const dir = testdir();
    expect(baton(['gc'], { cwd: dir }).code).toBe(1);
    expect(filesUnder(dir)).toEqual([]);
  });
});

const DAY = 86_400_000;

/** A board at `dir/.baton` (made by a send) with notes of project `p` created `daysAgo` days ago, oldest first. */
function boardWithNotes(dir: string, ages: number[], config?: string) {
  const env = { BATON_DIR: join(dir, '.baton') };
  baton(['send', '--as', 'a', '--to', 'b', '--body', 'x'], { cwd: dir, env });
  if (config !== undefined) writeFileSync(join(env.BATON_DIR, 'config.json'), config);
  const folder = join(env.BATON_DIR, 'notes', 'p');
  mkdirSync(folder, { recursive: true });
  // Newest written first: neither creation nor listing order is id order.
  const paths = [...ages]
    .sort((a, b) => a - b)
    .map((days) => {
      const path = join(folder, `${newId('n', Date.now() - days * DAY)}.md`);
      writeFileSync(path, '---\ntitle: t\n---\nbody\n');
      return path;
    })
    .reverse();
  return { env, paths };
}

/** The UTC day a note file's id says it was created. */
const created = (path: string) =>
  new Date(idTime(basename(path).slice(0, -'.md'.length))).toISOString().slice(0, 10);

describe('baton gc and notes', () => {
  it('--dry-run lists each expired note and why, removes nothing; gc then removes exactly those', () => {
    const dir = testdir();
    const { env, paths } = boardWithNotes(dir, [40, 5, 4, 3, 2, 1], '{"gc":{"maxPerProject":4}}');
    const [old, capped] = paths as [string, string];
    const before = snapshot(dir);
    const lines = (verb: string) =>
      `${verb} ${old} (older than gc.ttl (30d): created ${created(old)})\n` +
      `${verb} ${capped} (over gc.maxPerProject (4): older than the newest 4 of project p)\n` +
      `${verb} 2 item(s)\n`;
    const dry = baton(['gc', '--dry-run'], { cwd: dir, env });
    expect(dry).toEqual({
      code: 0,
      stdout: lines('would remove'),
      stderr: '',
    });
    expect(snapshot(dir)).toEqual(before);
    const run = baton(['gc'], { cwd: dir, env });
    expect(run).toEqual({
      code: 0,
      stdout: lines('removed'),
      stderr: `[board ${env.BATON_DIR}]\n`,
    });
    const gone = [old, capped].map((path) => path.slice(dir.length + 1));
    expect(filesUnder(dir)).toEqual(Object.keys(before).filter((f) => !f.endsWith('/') && !gone.includes(f)));
    expect(baton(['gc', '--json'], { cwd: dir, env }).stdout).toBe(
      `${JSON.stringify({ board: env.BATON_DIR, removed: [], dryRun: false, skipped: [], settingsProblems: [] }, null, 2)}\n`,
    );
  });

  it('a config.json that is not JSON: said on stderr, the defaults (30d, 500) used', () => {
    const dir = testdir();
    const { env, paths } = boardWithNotes(dir, [31, 29], '{"gc": {"ttl": "0"');
    const before = snapshot(dir);
    const run = baton(['gc'], { cwd: dir, env });
    expect(run).toEqual({
      code: 0,
      stdout: `removed ${paths[0]} (older than gc.ttl (30d): created ${created(paths[0]!)})\nremoved 1 item(s)\n`,
      stderr: `baton: ${join(env.BATON_DIR, 'config.json')} is not valid JSON — fix or remove it; defaults are used\n[board ${env.BATON_DIR}]\n`,
    });
    const gone = paths[0]!.slice(dir.length + 1);
    expect(filesUnder(dir)).toEqual(Object.keys(before).filter((f) => !f.endsWith('/') && f !== gone));
  });

  it('gc.ttl "0" and gc.maxPerProject 0: nothing expires', () => {
    const dir = testdir();
    const { env } = boardWithNotes(dir, [400, 300, 31], '{"gc":{"ttl":"0","maxPerProject":0}}');
    const before = snapshot(dir);
    expect(baton(['gc'], { cwd: dir, env })).toEqual({
      code: 0,
      stdout: 'removed 0 item(s)\n',
      stderr: `[board ${env.BATON_DIR}]\n`,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a symlink and a FIFO named like expired notes: reported on stderr, neither followed, opened nor removed', () => {
    const dir = testdir();
    const { env } = boardWithNotes(dir, [1]);
    const outside = join(dir, 'outside.md');
    writeFileSync(outside, 'not the board’s');
    const folder = join(env.BATON_DIR, 'notes', 'p');
    const link = join(folder, `${newId('n', Date.now() - 90 * DAY)}.md`);
    const fifo = join(folder, `${newId('n', Date.now() - 91 * DAY)}.md`);
    symlinkSync(outside, link);
    expect(spawnSync('mkfifo', [fifo], { encoding: 'utf8' }).stderr).toBe('');
    const before = snapshot(dir);
    const run = baton(['gc'], { cwd: dir, env });
    const skipped = [
      `baton: skipped ${link}: is a symlink (not followed: baton follows no link inside the board)\n`,
      `baton: skipped ${fifo}: not a regular file (a FIFO, socket or device)\n`,
    ];
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('removed 0 item(s)\n');
    expect(run.stderr.split(/(?<=\n)/).sort()).toEqual([...skipped, `[board ${env.BATON_DIR}]\n`].sort());
    expect(snapshot(dir)).toEqual(before);
  });

  it('a symlinked project folder is never entered', () => {
    const dir = testdir();
    const { env } = boardWithNotes(dir, [1]);
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', `${newId('n', Date.now() - 400 * DAY)}.md`), 'x');
    const linked = join(env.BATON_DIR, 'notes', 'linked');
    symlinkSync(join(dir, 'elsewhere'), linked);
    const before = snapshot(dir);
    expect(baton(['gc', '--dry-run'], { cwd: dir, env })).toEqual({
      code: 0,
      stdout: 'would remove 0 item(s)\n',
      stderr: `baton: skipped ${linked}: is a symlink (not followed: baton follows no link inside the board)\n`,
    });
    expect(snapshot(dir)).toEqual(before);
    const json = baton(['gc', '--json'], { cwd: dir, env });
    expect(JSON.parse(json.stdout)).toEqual({
      board: env.BATON_DIR,
      removed: [],
      dryRun: false,
      skipped: [
        { path: linked, reason: 'is a symlink (not followed: baton follows no link inside the board)' },
      ],
      settingsProblems: [],
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('BATON_DISABLE=1: exit 3, nothing removed', () => {
    const dir = testdir();
    const { env } = boardWithNotes(dir, [400]);
    const before = snapshot(dir);
    const run = baton(['gc'], { cwd: dir, env: { ...env, BATON_DISABLE: '1' } });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--help names the note valves', () => {
    const help = baton(['gc', '--help'], { cwd: testdir() }).stdout;
    expect(help).toContain('expired notes: older than gc.ttl (default "30d"; "0" = never)');
    expect(help).toContain('gc.maxPerProject of their project (default 500; 0 = no cap)');
  });
});
