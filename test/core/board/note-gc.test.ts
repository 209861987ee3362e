import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { findExpiredNotes } from '../../../src/core/board/note-gc.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { newId } from '../../../src/core/store/ids.js';
import { SYMLINK_REASON } from '../../../src/core/store/safe-fs.js';
import { filesUnder, snapshot, testdir } from '../../helpers/testdir.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const ttl = (days: number, created: string) => `older than gc.ttl (${days}d): created ${created}`;
const cap = (n: number, project: string) =>
  `over gc.maxPerProject (${n}): older than the newest ${n} of project ${project}`;

/** A board whose clock says NOW, with `config` (a string) as config.json when given. */
function plant(config?: string) {
  const dir = testdir();
  const root = join(dir, '.baton');
  mkdirSync(root);
  writeFileSync(
    join(root, 'board.json'),
    '{"name":"t","version":1,"createdAt":"2026-01-01T00:00:00.000Z"}\n',
  );
  if (config !== undefined) writeFileSync(join(root, 'config.json'), config);
  const board = openBoard({ board: root, cwd: dir, env: {}, clock: () => NOW });
  return { dir, root, board };
}

/** Writes a note created `daysAgo` before NOW; its front matter and mtime say otherwise, to show neither counts. */
function note(root: string, project: string, daysAgo: number, agent = 'alice'): string {
  const id = newId('n', NOW - daysAgo * DAY);
  const folder = join(root, 'notes', project);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${id}.md`);
  writeFileSync(
    path,
    `---\nid: ${id}\nagent: ${agent}\ncreatedAt: ${new Date(NOW).toISOString()}\n---\nbody\n`,
  );
  const mtime = new Date(NOW - (1000 - daysAgo) * DAY);
  utimesSync(path, mtime, mtime);
  return path;
}

const rel = (dir: string, paths: string[]) => paths.map((path) => path.slice(dir.length + 1));

describe('findExpiredNotes', () => {
  it('expires by the id time alone: older than the ttl, never mtime or front matter', () => {
    const { root, board } = plant();
    const kept = [note(root, 'p', 1), note(root, 'p', 29.9)];
    const old = note(root, 'p', 30.1);
    const older = note(root, 'p', 400);
    const found = findExpiredNotes(board, { ttlMs: 30 * DAY, maxPerProject: Number.POSITIVE_INFINITY }, NOW);
    expect(found).toEqual({
      expired: [
        { path: older, reason: ttl(30, '2025-10-26') },
        { path: old, reason: ttl(30, '2026-10-31') },
      ],
      skipped: [],
    });
    expect(kept).toHaveLength(2);
  });

  it('caps each project at its newest N, oldest first by id across agents, whatever order the files were made in', () => {
    const { root, board } = plant();
    // Newest first on disk: creation and listing order are the reverse of id order.
    const paths = [5, 4, 3, 2, 1].map((days, i) => note(root, 'p', days, i % 2 ? 'bob' : 'alice'));
    const other = [note(root, 'q', 9), note(root, 'q', 8)];
    const found = findExpiredNotes(board, { ttlMs: Number.POSITIVE_INFINITY, maxPerProject: 3 }, NOW);
    expect(found.expired).toEqual([
      { path: paths[0], reason: cap(3, 'p') },
      { path: paths[1], reason: cap(3, 'p') },
    ]);
    expect(other).toHaveLength(2);
  });

  it('with no ttl and no cap nothing expires', () => {
    const { root, board } = plant();
    for (let i = 0; i < 5; i++) note(root, 'p', 10_000 + i);
    const none = { ttlMs: Number.POSITIVE_INFINITY, maxPerProject: Number.POSITIVE_INFINITY };
    expect(findExpiredNotes(board, none, NOW)).toEqual({ expired: [], skipped: [] });
  });
});

describe('collectGarbage expires notes by the board settings', () => {
  const cases: { name: string; config?: string; problems: string[]; expired: (days: number) => boolean }[] = [
    { name: 'no config.json: 30d', problems: [], expired: (days) => days > 30 },
    { name: 'config.json {}: 30d', config: '{}', problems: [], expired: (days) => days > 30 },
    {
      name: 'gc.ttl absent: 30d',
      config: '{"gc":{"maxPerProject":9}}',
      problems: [],
      expired: (d) => d > 30,
    },
    { name: 'gc.ttl "0": never', config: '{"gc":{"ttl":"0"}}', problems: [], expired: () => false },
    { name: 'gc.ttl "2d"', config: '{"gc":{"ttl":"2d"}}', problems: [], expired: (days) => days > 2 },
    {
      name: 'config.json not JSON: 30d',
      config: '{"gc": {"ttl": "0"',
      problems: ['is not valid JSON — fix or remove it; defaults are used'],
      expired: (days) => days > 30,
    },
  ];
  for (const { name, config, problems, expired } of cases) {
    it(name, () => {
      const { dir, root, board } = plant(config);
      const ages = [1, 3, 29, 31, 365];
      const paths = ages.map((days) => note(root, 'p', days));
      const before = snapshot(dir);
      const dry = collectGarbage(board, { dryRun: true });
      expect(snapshot(dir)).toEqual(before);
      const gone = paths.filter((_, i) => expired(ages[i]!));
      expect(dry.removed.map((item) => item.path)).toEqual([...gone].reverse());
      expect(dry.settingsProblems).toEqual(problems.map((p) => `${join(root, 'config.json')} ${p}`));
      const run = collectGarbage(board);
      expect(run).toEqual({ ...dry, dryRun: false });
      expect(filesUnder(dir)).toEqual(
        Object.keys(before).filter((f) => !rel(dir, gone).includes(f) && !f.endsWith('/')),
      );
    });
  }

  it('reasons name the valve and its value', () => {
    const { root, board } = plant('{"gc":{"ttl":"30d","maxPerProject":2}}');
    const old = note(root, 'shop', 45);
    const capped = note(root, 'shop', 3);
    note(root, 'shop', 2);
    note(root, 'shop', 1);
    expect(collectGarbage(board, { dryRun: true }).removed).toEqual([
      { path: old, reason: 'older than gc.ttl (30d): created 2026-10-16' },
      { path: capped, reason: 'over gc.maxPerProject (2): older than the newest 2 of project shop' },
    ]);
  });

  it('gc.maxPerProject 0 is no cap; absent is 500; 3 keeps three', () => {
    const counts: [string | undefined, number][] = [
      ['{"gc":{"maxPerProject":0}}', 0],
      [undefined, 1],
      ['{"gc":{"maxPerProject":3}}', 498],
    ];
    for (const [config, removed] of counts) {
      const { dir, root, board } = plant(config);
      const paths = Array.from({ length: 501 }, (_, i) => note(root, 'p', 1 + i / 1000));
      const report = collectGarbage(board);
      // paths[0] is the newest: the oldest go first.
      const gone = paths.slice(501 - removed).reverse();
      expect(report.removed.map((item) => item.path)).toEqual(gone);
      expect(filesUnder(join(root, 'notes', 'p'))).toEqual(
        rel(join(root, 'notes', 'p'), paths.slice(0, 501 - removed)).sort(),
      );
      expect(filesUnder(dir)).toHaveLength(501 - removed + 1 + (config ? 1 : 0));
    }
  });

  it('never touches a project folder with nothing expired, and leaves an emptied folder in place', () => {
    const { dir, root, board } = plant();
    const quiet = [note(root, 'quiet', 1), note(root, 'quiet', 2)];
    const old = note(root, 'busy', 90);
    const past = new Date(NOW - 5 * DAY);
    const quietDir = join(root, 'notes', 'quiet');
    utimesSync(quietDir, past, past);
    const stamp = () => {
      const { mtimeMs, ctimeMs } = lstatSync(quietDir);
      return { mtimeMs, ctimeMs, entries: snapshot(quietDir) };
    };
    const before = stamp();
    expect(collectGarbage(board).removed).toEqual([{ path: old, reason: ttl(30, '2026-09-01') }]);
    expect(stamp()).toEqual(before);
    expect(lstatSync(join(root, 'notes', 'busy')).isDirectory()).toBe(true);
    expect(filesUnder(dir)).toEqual(['.baton/board.json', ...rel(dir, quiet).sort()]);
  });
});

describe('note gc never follows or removes anything but a note file', () => {
  it('a symlink named like an expired note, to a file or a folder outside the board: reported, both survive', () => {
    const { dir, root, board } = plant();
    const outside = join(dir, 'outside.md');
    writeFileSync(outside, 'not the board’s');
    mkdirSync(join(dir, 'outside-dir'));
    writeFileSync(join(dir, 'outside-dir', 'keep'), 'x');
    const real = note(root, 'p', 60);
    const link = join(root, 'notes', 'p', `${newId('n', NOW - 90 * DAY)}.md`);
    const dirLink = join(root, 'notes', 'p', `${newId('n', NOW - 91 * DAY)}.md`);
    symlinkSync(outside, link);
    symlinkSync(join(dir, 'outside-dir'), dirLink);
    const before = snapshot(dir);
    const report = collectGarbage(board);
    expect(report.removed).toEqual([{ path: real, reason: ttl(30, '2026-10-01') }]);
    expect(report.skipped.sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [
        { path: link, reason: SYMLINK_REASON },
        { path: dirLink, reason: SYMLINK_REASON },
      ].sort((a, b) => a.path.localeCompare(b.path)),
    );
    const expected = { ...before };
    delete expected[real.slice(dir.length + 1)];
    expect(snapshot(dir)).toEqual(expected);
    expect(readFileSync(outside, 'utf8')).toBe('not the board’s');
  });

  it('a project folder that is a symlink is never entered', () => {
    const { dir, root, board } = plant();
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const bait = join(elsewhere, `${newId('n', NOW - 400 * DAY)}.md`);
    writeFileSync(bait, 'old, but not on this board');
    mkdirSync(join(root, 'notes'));
    symlinkSync(elsewhere, join(root, 'notes', 'linked'));
    const before = snapshot(dir);
    const report = collectGarbage(board);
    expect(report.removed).toEqual([]);
    expect(report.skipped).toEqual([{ path: join(root, 'notes', 'linked'), reason: SYMLINK_REASON }]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('`notes` itself a symlink: never entered', () => {
    const { dir, root, board } = plant();
    mkdirSync(join(dir, 'elsewhere', 'p'), { recursive: true });
    writeFileSync(join(dir, 'elsewhere', 'p', `${newId('n', NOW - 400 * DAY)}.md`), 'x');
    symlinkSync(join(dir, 'elsewhere'), join(root, 'notes'));
    const before = snapshot(dir);
    const report = collectGarbage(board);
    expect(report.removed).toEqual([]);
    expect(report.skipped).toEqual([{ path: join(root, 'notes'), reason: SYMLINK_REASON }]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a FIFO named like an expired note is not opened and not removed', () => {
    const { dir, root, board } = plant();
    mkdirSync(join(root, 'notes', 'p'), { recursive: true });
    const fifo = join(root, 'notes', 'p', `${newId('n', NOW - 400 * DAY)}.md`);
    expect(spawnSync('mkfifo', [fifo], { encoding: 'utf8' }).stderr).toBe('');
    const before = snapshot(dir);
    const report = collectGarbage(board);
    expect(report.removed).toEqual([]);
    expect(report.skipped).toEqual([{ path: fifo, reason: 'not a regular file (a FIFO, socket or device)' }]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('foreign names and folders in a project, invalid project folders, temp files: left alone', () => {
    const { dir, root, board } = plant();
    const old = newId('n', NOW - 400 * DAY);
    const planted = [
      join(root, 'notes', 'p', `${old}.md.bak`),
      join(root, 'notes', 'p', `${old.toLowerCase()}.md`),
      join(root, 'notes', 'p', `${old}.md`, 'inside.md'),
      join(root, 'notes', 'Bad_Key', `${newId('n', NOW - 400 * DAY)}.md`),
      join(root, 'notes', 'p', 'deeper', `${newId('n', NOW - 400 * DAY)}.md`),
    ];
    for (const path of planted) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'x');
    }
    const before = snapshot(dir);
    const report = collectGarbage(board);
    expect(report.removed).toEqual([]);
    expect(report.skipped.map((p) => p.path.slice(root.length + 1)).sort()).toEqual(
      [
        'notes/Bad_Key',
        `notes/p/${old}.md.bak`,
        `notes/p/${old.toLowerCase()}.md`,
        `notes/p/${old}.md`,
        'notes/p/deeper',
      ].sort(),
    );
    expect(snapshot(dir)).toEqual(before);
  });
});
